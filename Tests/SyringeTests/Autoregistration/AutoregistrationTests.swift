import Foundation
import Syringe
import Testing

private typealias Animal = AutoregistrationFixtures.Animal
private typealias Cat = AutoregistrationFixtures.Cat
private typealias Food = AutoregistrationFixtures.Food
private typealias Fish = AutoregistrationFixtures.Fish
private typealias Leash = AutoregistrationFixtures.Leash
private typealias Person = AutoregistrationFixtures.Person
private typealias PetOwner = AutoregistrationFixtures.PetOwner
private typealias Shelter = AutoregistrationFixtures.Shelter
private typealias Fragile = AutoregistrationFixtures.Fragile
private typealias InitializerFailure = AutoregistrationFixtures.InitializerFailure
private typealias Twelve = AutoregistrationFixtures.Twelve
private typealias Egg = AutoregistrationFixtures.Egg
private typealias Chicken = AutoregistrationFixtures.Chicken

@Suite("autoregister: an initializer's parameters resolved by type")
struct AutoregistrationTests {
    @Test("each parameter is resolved by its type")
    func resolvesEachParameter() throws {
        let container = Container()
        AutoregistrationFixtures.registerDependencies(in: container)
        container.autoregister((any Person).self, initializer: PetOwner.init)
        let owner = try #require(container.resolve((any Person).self) as? PetOwner)
        #expect(owner.pet.name == "Mimi")
        #expect(owner.food is Fish)
    }

    @Test("no parameters, one parameter and twelve parameters, with one implementation")
    func anyArity() throws {
        let container = Container()
        container.autoregister((any Animal).self, initializer: Cat.init as @Sendable () -> Cat)
        container.autoregister(Leash.self, initializer: Leash.init)
        container.register(Int8.self) { _ in 1 }
        container.register(Int16.self) { _ in 2 }
        container.register(Int32.self) { _ in 3 }
        container.register(Int64.self) { _ in 4 }
        container.register(UInt8.self) { _ in 5 }
        container.register(UInt16.self) { _ in 6 }
        container.register(UInt32.self) { _ in 7 }
        container.register(UInt64.self) { _ in 8 }
        container.register(Float.self) { _ in 9 }
        container.register(Double.self) { _ in 10 }
        container.register(String.self) { _ in "11" }
        container.register(Bool.self) { _ in true }
        container.autoregister(Twelve.self, initializer: Twelve.init)
        #expect(container.resolve((any Animal).self)?.name == "Mimi")
        #expect(container.resolve(Leash.self) != nil)
        #expect(try container.require(Twelve.self).parts == Array(1...12))
    }

    @Test("a name, a scope, initCompleted and implements work on the entry")
    func entryConfiguration() throws {
        let container = Container()
        AutoregistrationFixtures.registerDependencies(in: container)
        let completed = CallCounter()
        container.autoregister((any Person).self, name: "owner", initializer: PetOwner.init)
            .inObjectScope(.container)
            .initCompleted { _, _ in completed.increment() }
            .implements(AnyObject.self, name: "object")
        #expect(container.resolve((any Person).self) == nil)
        let first = try container.require((any Person).self, name: "owner")
        let second = try container.require((any Person).self, name: "owner")
        #expect(first === second)
        #expect(completed.value == 1)
        #expect(container.resolve(AnyObject.self, name: "object") === first)
    }

    @Test("an optional parameter is nil when its type is not registered, and resolved when it is")
    func optionalParameter() throws {
        let container = Container()
        container.autoregister(Shelter.self, initializer: Shelter.init)
        let empty = try container.require(Shelter.self)
        #expect(empty.leash == nil)
        #expect(empty.animals.isEmpty)
        container.register(Leash.self) { _ in Leash() }
        #expect(try container.require(Shelter.self).leash != nil)
    }

    @Test("an optional parameter whose registration fails fails the resolution (nil only when unregistered)")
    func optionalParameterFailureIsAnError() {
        let container = Container()
        container.register(Leash.self) { _ in throw InitializerFailure() }
        container.autoregister(Shelter.self, initializer: Shelter.init)
        let error = #expect(throws: ResolutionError.self) { try container.require(Shelter.self) }
        guard case .factoryFailed(let underlying)? = error?.kind else {
            Issue.record("expected the factory's failure, got \(String(describing: error?.kind))")
            return
        }
        #expect(underlying as? InitializerFailure == InitializerFailure())
    }

    @Test("an array parameter gets every registration of its element, in registration order")
    func arrayParameterIsMultiInjected() throws {
        let container = Container()
        container.register((any Animal).self, name: "b") { _ in Cat(name: "B") }
        container.register((any Animal).self) { _ in Cat(name: "unnamed") }
        container.register((any Animal).self, name: "a") { _ in Cat(name: "A") }
        container.autoregister(Shelter.self, initializer: Shelter.init)
        #expect(try container.require(Shelter.self).animals.map(\.name) == ["B", "unnamed", "A"])
        // A registration of the array itself wins.
        container.register([any Animal].self) { _ in [Cat(name: "listed")] }
        #expect(try container.require(Shelter.self).animals.map(\.name) == ["listed"])
    }

    @Test("an array parameter whose element fails fails the resolution")
    func arrayParameterFailure() {
        let container = Container()
        container.register((any Animal).self, name: "broken") { _ in throw InitializerFailure() }
        container.autoregister(Shelter.self, initializer: Shelter.init)
        let error = #expect(throws: ResolutionError.self) { try container.require(Shelter.self) }
        #expect(error?.path.map(\.description) == ["Shelter", "Animal(name: \"broken\")"])
    }

    @Test("a parameter that cannot be resolved is a ResolutionError naming the parameter and the service")
    func missingParameter() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register(Leash.self) { _ in Leash() }
        container.autoregister((any Person).self, initializer: PetOwner.init)
        let error = #expect(throws: ResolutionError.self) { try container.require((any Person).self) }
        guard let error else { return }
        guard case .notRegistered = error.kind else {
            Issue.record("expected a miss, got \(error.kind)")
            return
        }
        #expect(error.path.map(\.description) == ["Person", "Food"])
        #expect(
            error.description.contains(
                "Autoregistration: Person's initializer could not be given its parameter of type Food."))
        #expect(error.description.hasPrefix("Syringe: cannot resolve Person: nothing is registered for Food."))
        // The optional form returns nil.
        #expect(container.resolve((any Person).self) == nil)
    }

    @Test("nested autoregistrations each name their parameter, outermost first, as the resolution path reads")
    func nestedMissingParameter() {
        final class Walk: Sendable {
            init(owner: any Person) {}
        }
        let container = Container()
        container.autoregister((any Person).self, initializer: PetOwner.init)
        container.autoregister(Walk.self, initializer: Walk.init)
        let error = #expect(throws: ResolutionError.self) { try container.require(Walk.self) }
        let description = error?.description ?? ""
        let inner = description.range(of: "Person's initializer could not be given its parameter of type Animal")
        let outer = description.range(of: "Walk's initializer could not be given its parameter of type Person")
        #expect(inner != nil && outer != nil)
        if let inner, let outer { #expect(outer.lowerBound < inner.lowerBound) }
    }

    @Test("a throwing initializer's error is the factory's failure")
    func throwingInitializer() throws {
        let container = Container()
        container.register(Leash.self) { _ in Leash() }
        container.register(Bool.self) { _ in true }
        container.autoregister(Fragile.self, initializer: Fragile.init)
        let error = #expect(throws: ResolutionError.self) { try container.require(Fragile.self) }
        guard case .factoryFailed(let underlying)? = error?.kind else {
            Issue.record("expected the initializer's failure, got \(String(describing: error?.kind))")
            return
        }
        #expect(underlying as? InitializerFailure == InitializerFailure())
        container.register(Bool.self) { _ in false }
        #expect(throws: Never.self) { try container.require(Fragile.self) }
    }

    @Test("a cycle through autoregistered initializers is a circular dependency")
    func cycle() {
        let container = Container()
        container.autoregister(Egg.self, initializer: Egg.init)
        container.autoregister(Chicken.self, initializer: Chicken.init)
        let error = #expect(throws: ResolutionError.self) { try container.require(Egg.self) }
        guard case .circularDependency(let cycle)? = error?.kind else {
            Issue.record("expected a cycle, got \(String(describing: error?.kind))")
            return
        }
        #expect(cycle.map(\.description) == ["Egg", "Chicken", "Egg"])
    }

    @Test("parameters share the resolution's object graph")
    func sharedGraph() throws {
        final class Harness: Sendable {
            let leash: Leash
            init(leash: Leash) { self.leash = leash }
        }
        final class Walker: Sendable {
            let leash: Leash
            let harness: Harness
            init(leash: Leash, harness: Harness) {
                self.leash = leash
                self.harness = harness
            }
        }
        let container = Container()
        container.register(Leash.self) { _ in Leash() }  // .graph
        container.autoregister(Harness.self, initializer: Harness.init)
        container.autoregister(Walker.self, initializer: Walker.init)
        let walker = try container.require(Walker.self)
        #expect(walker.leash === walker.harness.leash)
        #expect(try container.require(Walker.self).leash !== walker.leash)
    }

    @Test("Lazy and Provider parameters are built as usual")
    func lazyAndProvider() throws {
        final class Kennel: Sendable {
            let lazy: Lazy<Leash>
            let provider: Provider<Leash>
            init(lazy: Lazy<Leash>, provider: Provider<Leash>) {
                self.lazy = lazy
                self.provider = provider
            }
        }
        let made = CallCounter()
        let container = Container()
        container.register(Leash.self) { _ in
            made.increment()
            return Leash()
        }.inObjectScope(.transient)
        container.autoregister(Kennel.self, initializer: Kennel.init)
        let kennel = try container.require(Kennel.self)
        #expect(made.value == 0)
        #expect(kennel.lazy.instance === kennel.lazy.instance)
        #expect(kennel.provider.instance !== kennel.provider.instance)
        #expect(made.value == 3)
    }
}
