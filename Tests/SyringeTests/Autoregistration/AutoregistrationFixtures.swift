import Syringe

/// Types the autoregistration tests register.
enum AutoregistrationFixtures {
    protocol Animal: AnyObject, Sendable {
        var name: String { get }
    }

    final class Cat: Animal {
        let name: String
        init(name: String) { self.name = name }
        convenience init() { self.init(name: "Mimi") }
    }

    protocol Food: Sendable {}
    struct Fish: Food {}

    final class Leash: Sendable {}

    protocol Person: AnyObject, Sendable {}

    final class PetOwner: Person {
        let pet: any Animal
        let food: any Food
        let leash: Leash
        init(pet: any Animal, food: any Food, leash: Leash) {
            self.pet = pet
            self.food = food
            self.leash = leash
        }
    }

    /// An owner whose name and age are runtime arguments.
    final class NamedOwner: Person {
        let name: String
        let pet: any Animal
        let age: Int
        init(name: String, pet: any Animal, age: Int) {
            self.name = name
            self.pet = pet
            self.age = age
        }
    }

    /// Two parameters of one type, both runtime arguments.
    final class Pair: Sendable {
        let first: String
        let leash: Leash
        let second: String
        init(first: String, leash: Leash, second: String) {
            self.first = first
            self.leash = leash
            self.second = second
        }
    }

    /// An optional dependency and an array of every animal.
    final class Shelter: Sendable {
        let leash: Leash?
        let animals: [any Animal]
        init(leash: Leash?, animals: [any Animal]) {
            self.leash = leash
            self.animals = animals
        }
    }

    struct InitializerFailure: Error, Equatable {}

    /// A type whose initializer throws when told to.
    final class Fragile: Sendable {
        init(leash: Leash, fails: Bool) throws {
            if fails { throw InitializerFailure() }
        }
    }

    final class Twelve: Sendable {
        let parts: [Int]
        // swift-format-ignore: AlwaysUseLowerCamelCase
        init(
            _ a: Int8, _ b: Int16, _ c: Int32, _ d: Int64, _ e: UInt8, _ f: UInt16, _ g: UInt32, _ h: UInt64,
            _ i: Float, _ j: Double, _ k: String, _ l: Bool
        ) {
            parts = [
                Int(a), Int(b), Int(c), Int(d), Int(e), Int(f), Int(g), Int(h), Int(i), Int(j), Int(k) ?? -1,
                l ? 12 : 0,
            ]
        }
    }

    /// A cycle through initializers: `Egg` needs a `Chicken`, which needs an `Egg`.
    final class Egg: Sendable {
        init(chicken: Chicken) {}
    }

    final class Chicken: Sendable {
        init(egg: Egg) {}
    }

    /// Registers Animal (a Cat), Food (a Fish) and Leash.
    static func registerDependencies(in container: Container) {
        container.register((any Animal).self) { _ in Cat() }
        container.register((any Food).self) { _ in Fish() }
        container.register(Leash.self) { _ in Leash() }
    }
}
