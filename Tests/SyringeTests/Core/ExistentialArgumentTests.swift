import Syringe
import Testing

private protocol Animal: Sendable {
    var name: String { get }
}
private protocol Pet: Sendable {}
private struct Dog: Animal, Pet {
    var name = "Rex"
}
private final class Cat: Animal {
    let name = "Mimi"
}
private struct Rock: Sendable {}

private final class Owner: Sendable {
    let animal: any Animal
    let count: Int
    let source: String
    init(_ animal: any Animal, count: Int = 1, source: String = "animal") {
        self.animal = animal
        self.count = count
        self.source = source
    }
}

private protocol Keeper: AnyObject, Sendable {}
extension Owner: Keeper {}

/// Runtime arguments of a protocol type: a factory registered as `{ (_, animal: any Animal) in … }` is found for
/// `resolve(Owner.self, argument: Dog())`, although the registry keys it by `any Animal` and the request by `Dog`
/// (Swinject's open issue #571). The conversion is tried only after a miss.
@Suite("Runtime arguments that convert to a registration's argument types")
struct ExistentialArgumentTests {
    private func ownerContainer() -> Container {
        let container = Container()
        container.register(Owner.self) { (_, animal: any Animal) in Owner(animal) }
        return container
    }

    @Test("A concrete argument finds a factory taking its protocol")
    func concreteArgument() throws {
        let container = ownerContainer()
        #expect(container.resolve(Owner.self, argument: Dog())?.animal is Dog)
        #expect(try container.require(Owner.self, argument: Cat()).animal is Cat)
        #expect(container.resolve(Owner.self, arguments: Dog())?.animal is Dog)
    }

    @Test("An argument held in an existential finds it too (in Swift 6, argument: opens the existential)")
    func existentialArgument() {
        let container = ownerContainer()
        let animal: any Animal = Cat()
        #expect(container.resolve(Owner.self, argument: animal)?.animal.name == "Mimi")
    }

    @Test("Several arguments convert one by one")
    func severalArguments() throws {
        let container = Container()
        container.register(Owner.self) { (_, animal: any Animal, count: Int) in Owner(animal, count: count) }
        let owner = try container.require(Owner.self, arguments: Dog(name: "Fido"), 3)
        #expect(owner.animal.name == "Fido")
        #expect(owner.count == 3)
        #expect(container.resolve(Owner.self, arguments: Dog(), "three") == nil)
    }

    @Test("A registration taking exactly the arguments' types wins over one they convert to")
    func exactMatchWins() {
        let container = ownerContainer()
        container.register(Owner.self) { (_, dog: Dog) in Owner(dog, source: "dog") }
        #expect(container.resolve(Owner.self, argument: Dog())?.source == "dog")
        #expect(container.resolve(Owner.self, argument: Cat())?.source == "animal")
    }

    @Test("A value converts to an optional argument type")
    func optionalParameter() {
        let container = Container()
        container.register(String.self) { (_, name: String?) in "Hi \(name ?? "there")" }
        #expect(container.resolve(String.self, argument: "Ann") == "Hi Ann")
        #expect(container.resolve(String.self, argument: nil as String?) == "Hi there")
    }

    @Test("A registration of an optional service type takes converted arguments too")
    func optionalServiceType() throws {
        let container = Container()
        container.register(Dog?.self) { (_, value: Any) in (value as? String).map { Dog(name: $0) } }
        #expect(try container.require(Dog?.self, argument: "Fido")?.name == "Fido")
        #expect(try container.require(Dog?.self, argument: 3) == nil)
    }

    @Test("Names must match: the conversion looks only at the asked name")
    func names() {
        let container = Container()
        container.register(Owner.self, name: "farm") { (_, animal: any Animal) in Owner(animal, source: "farm") }
        container.register(Owner.self) { (_, pet: any Pet) in Owner(Dog(), source: "pet") }
        #expect(container.resolve(Owner.self, name: "farm", argument: Dog())?.source == "farm")
        #expect(container.resolve(Owner.self, argument: Dog())?.source == "pet")
        #expect(container.resolve(Owner.self, name: "farm", argument: Cat())?.source == "farm")
        #expect(container.resolve(Owner.self, argument: Cat()) == nil)
        #expect(container.resolve(Owner.self, name: "zoo", argument: Dog()) == nil)
    }

    @Test("Arguments that fit several registrations are an ambiguity error listing them")
    func ambiguity() throws {
        let container = Container()
        container.register(Owner.self) { (_, animal: any Animal) in Owner(animal) }
        container.register(Owner.self) { (_, pet: any Pet) in Owner(Dog()) }
        container.register(Owner.self) { (_, count: Int) in Owner(Dog(), count: count) }
        #expect(container.resolve(Owner.self, argument: Dog()) == nil)
        let error = try #require(throws: ResolutionError.self) {
            try container.require(Owner.self, argument: Dog())
        }
        guard case .ambiguousArguments = error.kind else {
            Issue.record("expected ambiguousArguments, got \(error.kind)")
            return
        }
        #expect(error.request == ServiceRequest(serviceType: Owner.self, argumentTypes: [Dog.self]))
        #expect(error.registrations.map(\.request.argumentTypes.count) == [1, 1])
        let message = error.description
        #expect(message.contains("cannot resolve Owner(arguments: (Dog))"))
        #expect(message.contains("the arguments (Dog) convert to the argument types of 2 registrations of Owner."))
        #expect(message.contains("Registrations the arguments convert to:"))
        #expect(message.contains("Owner(arguments: (Animal)) [graph] at SyringeTests/ExistentialArgumentTests.swift:"))
        #expect(message.contains("Owner(arguments: (Pet)) [graph] at SyringeTests/ExistentialArgumentTests.swift:"))
        #expect(!message.contains("(Int)"))
        #expect(message.contains("To fix:"))
        // Passed as one of the types, the argument is found exactly.
        #expect(container.resolve(Owner.self, argument: Dog() as any Pet) != nil)
    }

    @Test("Arguments that convert to nothing are the usual argument mismatch")
    func noConversion() throws {
        let container = ownerContainer()
        let error = try #require(throws: ResolutionError.self) {
            try container.require(Owner.self, argument: Rock())
        }
        guard case .argumentMismatch = error.kind else {
            Issue.record("expected argumentMismatch, got \(error.kind)")
            return
        }
        #expect(error.registrations.count == 1)
    }

    @Test("The number of arguments must match")
    func arity() {
        let container = ownerContainer()
        #expect(container.resolve(Owner.self, arguments: Dog(), 1) == nil)
        container.register(Owner.self) { (_, pair: (any Animal, Int)) in Owner(pair.0, count: pair.1) }
        // Two arguments never match one tuple argument.
        #expect(container.resolve(Owner.self, arguments: Dog(), 2) == nil)
        #expect(container.resolve(Owner.self, argument: (Dog(), 2))?.count == 2)
    }

    @Test("Inside a factory, a nested resolve converts its arguments too")
    func nested() {
        final class Farm: Sendable {
            let owner: Owner
            init(owner: Owner) { self.owner = owner }
        }
        let container = ownerContainer()
        container.register(Farm.self) { r in Farm(owner: r.resolve(Owner.self, argument: Cat())!) }
        #expect(container.resolve(Farm.self)?.owner.animal is Cat)
    }

    @Test("A child container finds its parent's registration, and its own wins over the parent's")
    func childContainers() {
        let parent = ownerContainer()
        let child = Container(parent: parent)
        #expect(child.resolve(Owner.self, argument: Dog())?.source == "animal")
        // The child's registration of another argument type is found first: the nearest container decides.
        child.register(Owner.self) { (_, pet: any Pet) in Owner(Dog(), source: "child") }
        #expect(child.resolve(Owner.self, argument: Dog())?.source == "child")
        // A Cat is no Pet: the parent's registration takes it.
        #expect(child.resolve(Owner.self, argument: Cat())?.source == "animal")
        #expect(parent.resolve(Owner.self, argument: Dog())?.source == "animal")
        // The child's registration of the same key shadows the parent's.
        let shadowing = Container(parent: parent)
        shadowing.register(Owner.self) { (_, animal: any Animal) in Owner(animal, source: "shadow") }
        #expect(shadowing.resolve(Owner.self, argument: Dog())?.source == "shadow")
    }

    @Test("Optional, Lazy and Provider of the service convert the arguments too")
    func wrappers() throws {
        let container = ownerContainer()
        let optional = container.resolve(Owner?.self, argument: Dog())
        #expect((optional ?? nil)?.animal is Dog)
        let lazy = try container.require(Lazy<Owner>.self, argument: Cat())
        #expect(try lazy.require().animal is Cat)
        let provider = try container.require(Provider<Owner>.self, argument: Dog(name: "Fido"))
        #expect(try provider.require().animal.name == "Fido")
        #expect(provider.instance !== provider.instance)
        // Nothing converts: Optional gives nil, Lazy and Provider a miss.
        #expect(try container.require(Owner?.self, argument: Rock()) == nil)
        #expect(throws: ResolutionError.self) { try container.require(Lazy<Owner>.self, argument: Rock()) }
    }

    @Test("A wrapper of an ambiguous request reports the ambiguity")
    func wrapperAmbiguity() throws {
        let container = ownerContainer()
        container.register(Owner.self) { (_, pet: any Pet) in Owner(Dog()) }
        let error = try #require(throws: ResolutionError.self) {
            try container.require(Owner?.self, argument: Dog())
        }
        guard case .ambiguousArguments = error.kind else {
            Issue.record("expected ambiguousArguments, got \(error.kind)")
            return
        }
        #expect(throws: ResolutionError.self) { try container.require(Provider<Owner>.self, argument: Dog()) }
    }

    @Test("The registration's scope applies: a container-scoped service is made once")
    func scopes() {
        let made = CallCounter()
        let container = Container()
        container.register(Owner.self) { (_, animal: any Animal) in
            made.increment()
            return Owner(animal)
        }
        .inObjectScope(.container)
        let first = container.resolve(Owner.self, argument: Dog())
        #expect(container.resolve(Owner.self, argument: Cat()) === first)
        #expect(container.resolve(Owner.self, argument: Dog() as any Animal) === first)
        #expect(made.value == 1)
    }

    @Test("A type added with implements converts arguments too")
    func forwardedType() {
        let container = Container()
        container.register(Owner.self) { (_, animal: any Animal) in Owner(animal) }
            .implements((any Keeper).self)
        #expect(container.resolve((any Keeper).self, argument: Dog()) is Owner)
    }

    @Test("One argument of a tuple type converts element by element, and never matches a registration of several")
    func tupleArgument() throws {
        let container = Container()
        container.register(Owner.self) { (_, pair: (any Animal, Int)) in Owner(pair.0, count: pair.1, source: "pair") }
        container.register(Owner.self) { (_, animal: any Animal, count: Int) in
            Owner(animal, count: count, source: "two")
        }
        let fromPair = try container.require(Owner.self, argument: (Dog(name: "Fido"), 2))
        #expect((fromPair.source, fromPair.animal.name, fromPair.count) == ("pair", "Fido", 2))
        let fromTwo = try container.require(Owner.self, arguments: Dog(name: "Fido"), 2)
        #expect((fromTwo.source, fromTwo.count) == ("two", 2))
    }

    @Test("An autoregistration's arguments convert as a factory's do")
    func autoregistration() throws {
        let container = Container()
        container.autoregister(Owner.self, arguments: (any Animal).self, Int.self) { (animal: any Animal, count: Int) in
            Owner(animal, count: count)
        }
        let owner = try container.require(Owner.self, arguments: Cat(), 5)
        #expect((owner.animal.name, owner.count) == ("Mimi", 5))
        #expect(container.resolve(Owner.self, arguments: Rock(), 5) == nil)
    }

    @Test("Threads resolving with converted arguments while others register all get their service")
    func concurrent() {
        let container = ownerContainer()
        let failures = CallCounter()
        let finished = ThreadRunner.run(threads: 4) { index in
            for round in 0..<200 {
                if index == 0 {
                    container.register(Owner.self, name: "n\(round)") { (_, pet: any Pet) in Owner(Dog()) }
                } else {
                    let owner =
                        round % 2 == 0
                        ? container.resolve(Owner.self, argument: Dog())
                        : container.resolve(Owner.self, argument: Cat())
                    if owner == nil { failures.increment() }
                }
            }
        }
        #expect(finished)
        #expect(failures.value == 0)
    }
}
