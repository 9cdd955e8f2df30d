import Syringe
import Testing

private typealias Animal = AutoregistrationFixtures.Animal
private typealias Cat = AutoregistrationFixtures.Cat
private typealias Leash = AutoregistrationFixtures.Leash
private typealias Person = AutoregistrationFixtures.Person
private typealias NamedOwner = AutoregistrationFixtures.NamedOwner
private typealias Pair = AutoregistrationFixtures.Pair

@Suite("autoregister with runtime arguments")
struct AutoregistrationArgumentTests {
    @Test("one argument goes to the parameter of its type; the others are resolved")
    func oneArgument() throws {
        final class Greeter: Sendable {
            let name: String
            let pet: any Animal
            init(name: String, pet: any Animal) {
                self.name = name
                self.pet = pet
            }
        }
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register(String.self) { _ in "resolved, not the argument" }
        container.autoregister(Greeter.self, argument: String.self, initializer: Greeter.init)
        let greeter = try container.require(Greeter.self, argument: "Michael")
        #expect(greeter.name == "Michael")
        #expect(greeter.pet.name == "Mimi")
        // The registration takes an argument: a resolve without one is an argument mismatch.
        let error = #expect(throws: ResolutionError.self) { try container.require(Greeter.self) }
        guard case .argumentMismatch? = error?.kind else {
            Issue.record("expected an argument mismatch, got \(String(describing: error?.kind))")
            return
        }
    }

    @Test("several arguments, listed in any order, go to the parameters of their types")
    func argumentsInAnyOrder() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.autoregister(
            (any Person).self, name: "ordered", arguments: String.self, Int.self, initializer: NamedOwner.init)
        container.autoregister(
            (any Person).self, name: "reversed", arguments: Int.self, String.self, initializer: NamedOwner.init)
        let ordered = try #require(
            try container.require((any Person).self, name: "ordered", arguments: "Ann", 30) as? NamedOwner)
        let reversed = try #require(
            try container.require((any Person).self, name: "reversed", arguments: 40, "Bob") as? NamedOwner)
        #expect((ordered.name, ordered.age) == ("Ann", 30))
        #expect((reversed.name, reversed.age) == ("Bob", 40))
        #expect(reversed.pet.name == "Mimi")
    }

    @Test("an argument can stand for a registered dependency")
    func argumentOverridesDependency() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.autoregister(
            (any Person).self, arguments: String.self, (any Animal).self, Int.self, initializer: NamedOwner.init)
        let owner = try #require(
            try container.require((any Person).self, arguments: "Ann", Cat(name: "Given") as any Animal, 3)
                as? NamedOwner)
        #expect(owner.pet.name == "Given")
    }

    @Test("two arguments of one type fill that type's parameters in order")
    func sameTypeArguments() throws {
        let container = Container()
        container.register(Leash.self) { _ in Leash() }
        container.autoregister(Pair.self, arguments: String.self, String.self, initializer: Pair.init)
        let pair = try container.require(Pair.self, arguments: "first", "second")
        #expect((pair.first, pair.second) == ("first", "second"))
    }

    @Test("an argument type that matches no parameter fails every resolve with a message that says so")
    func unmatchedArgument() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register(Int.self) { _ in 1 }
        container.autoregister((any Person).self, arguments: String.self, Double.self, initializer: NamedOwner.init)
        let error = #expect(throws: ResolutionError.self) {
            try container.require((any Person).self, arguments: "Ann", 2.5)
        }
        guard case .factoryFailed(let underlying)? = error?.kind, let unmatched = underlying as? AutoregistrationError
        else {
            Issue.record("expected an AutoregistrationError, got \(String(describing: error?.kind))")
            return
        }
        #expect(unmatched.unmatched.map { "\($0)" } == ["Double"])
        #expect(
            unmatched.description.contains(
                "the runtime argument types (Double) match no parameter of Person's initializer (String, Animal, Int)"))
    }

    @Test("a missing dependency next to arguments names the parameter and the service")
    func missingDependencyWithArguments() {
        let container = Container()
        container.autoregister((any Person).self, arguments: String.self, Int.self, initializer: NamedOwner.init)
        let error = #expect(throws: ResolutionError.self) {
            try container.require((any Person).self, arguments: "Ann", 1)
        }
        #expect(error?.path.map(\.description) == ["Person(arguments: (String, Int))", "Animal"])
        #expect(
            error?.description.contains("Person's initializer could not be given its parameter of type Animal") == true)
    }

    @Test("scopes apply to argument autoregistrations as to any argument registration")
    func scopeWithArguments() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.autoregister((any Person).self, arguments: String.self, Int.self, initializer: NamedOwner.init)
            .inObjectScope(.container)
        let first = try container.require((any Person).self, arguments: "Ann", 1)
        let second = try container.require((any Person).self, arguments: "Bob", 2)
        #expect(first === second)
    }

    @Test("verify() checks an argument autoregistration with sample arguments, and reports it without")
    func verification() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.autoregister((any Person).self, arguments: String.self, Int.self, initializer: NamedOwner.init)
        let report = try container.verify()
        #expect(report.unverifiable.map(\.request.description) == ["Person(arguments: (String, Int))"])
        let sampled = try container.verify { samples in
            samples.provide((any Person).self, arguments: "Ann", 1)
        }
        #expect(sampled.unverifiable.isEmpty)
    }
}
