import Syringe
import Testing

/// The samples of Documentation/Autoregistration.md.
@Suite("Documentation: autoregistration")
struct AutoregistrationSamples {
    protocol Animal: Sendable {}
    final class Cat: Animal {}
    struct Food: Sendable {}
    protocol Person: Sendable {}

    final class PetOwner: Person {
        let pet: any Animal
        let food: Food
        init(pet: any Animal, food: Food) {
            self.pet = pet
            self.food = food
        }
    }

    final class Greeter: Sendable {
        let name: String
        init(name: String, pet: any Animal) { self.name = name }
    }

    final class NamedOwner: Person {
        let name: String
        let age: Int
        init(name: String, pet: any Animal, age: Int) {
            self.name = name
            self.age = age
        }
    }

    @Test("autoregister resolves each parameter, as the hand-written factory does")
    func basics() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register(Food.self) { _ in Food() }
        container.autoregister((any Person).self, initializer: PetOwner.init)
        #expect((container.resolve((any Person).self) as? PetOwner)?.pet is Cat)

        container.autoregister((any Person).self, name: "owner", initializer: PetOwner.init)
            .inObjectScope(.container)
            .initCompleted { _, person in _ = person }
            .implements(AnyObject.self, name: "owner")
        let owner = container.resolve((any Person).self, name: "owner") as? PetOwner
        #expect(owner != nil)
        #expect(container.resolve(AnyObject.self, name: "owner") === owner)
    }

    @Test("runtime arguments go to the parameters of their types")
    func arguments() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.autoregister(Greeter.self, argument: String.self, initializer: Greeter.init)
        container.autoregister((any Person).self, arguments: String.self, Int.self, initializer: NamedOwner.init)
        #expect(container.resolve(Greeter.self, argument: "Michael")?.name == "Michael")
        let owner = container.resolve((any Person).self, arguments: "Michael", 42) as? NamedOwner
        #expect(owner?.name == "Michael" && owner?.age == 42)
    }

    @Test("a parameter that cannot be resolved: the message of the page")
    func missingParameter() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.autoregister((any Person).self, initializer: PetOwner.init)
        let error = #expect(throws: ResolutionError.self) { try container.require((any Person).self) }
        #expect(
            error?.description == """
                Syringe: cannot resolve Person: nothing is registered for Food.
                  Resolution path: Person -> Food
                  Registered for Food: nothing
                  Autoregistration: Person's initializer could not be given its parameter of type Food.
                  To fix: register it, e.g. container.register(Food.self) { r in … }.
                """)
    }

    @Test("an ambiguous initializer is named, or given its function type")
    func ambiguous() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register(Food.self) { _ in Food() }
        container.autoregister((any Person).self, initializer: PetOwner.init(pet:food:))
        container.autoregister((any Animal).self, name: "cat", initializer: Cat.init as @Sendable () -> Cat)
        #expect(container.resolve((any Person).self) != nil)
        #expect(container.resolve((any Animal).self, name: "cat") is Cat)
    }
}
