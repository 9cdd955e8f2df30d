import Synchronization
import Syringe
import Testing

private typealias Animal = DiagnosticsFixtures.Animal
private typealias Cat = DiagnosticsFixtures.Cat
private typealias Dog = DiagnosticsFixtures.Dog
private typealias PetOwner = DiagnosticsFixtures.PetOwner
private typealias Vehicle = DiagnosticsFixtures.Vehicle
private typealias DatabaseError = DiagnosticsFixtures.DatabaseError
private typealias Counter = DiagnosticsFixtures.Counter

private func resolutionError(_ body: () throws -> Void) -> ResolutionError? {
    DiagnosticsFixtures.resolutionError(body)
}

private final class Clock: Sendable {}
private final class Cache: Sendable {
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
}
private final class Session: Sendable {}
private final class Store: Sendable {
    init(_: Session) {}
}
private final class Singleton: Sendable {}

/// A custom scope that keeps one instance per registration.
private let sessionScope = ObjectScope(storageFactory: PermanentStorage.init, description: "session")

@Suite("verify() resolves every registration once and reports every problem")
struct VerificationTests {
    @Test("a sound container verifies every registration, named and forwarded ones included")
    func soundContainer() throws {
        let container = Container()
        container.register(Cat.self) { _ in Cat() }.implements((any Animal).self)
        container.register((any Animal).self, name: "dog") { _ in Dog() }
        container.register(PetOwner.self) { r in PetOwner(pet: try r.require((any Animal).self, name: "dog")) }
        let report = try container.verify()
        #expect(
            report.verified.map(\.request.description).sorted() == [
                "Animal", "Animal(name: \"dog\")", "Cat", "PetOwner",
            ])
        #expect(report.unverifiable.isEmpty)
        #expect(report.description == "Syringe: verified 4 registrations.")
    }

    @Test("every failure is listed in one error, not only the first")
    func aggregatesFailures() throws {
        let container = Container()
        container.register(PetOwner.self, fileID: "App/Setup.swift", line: 3) { r in
            PetOwner(pet: try r.require((any Animal).self))
        }
        container.register(String.self, fileID: "App/Setup.swift", line: 4) { _ in throw DatabaseError.connectionRefused
        }
        container.register(Cat.self, fileID: "App/Setup.swift", line: 5) { _ in Cat() }
        do {
            try container.verify()
            Issue.record("verify() did not throw")
        } catch {
            #expect(error.failures.count == 2)
            #expect(error.captiveDependencies.isEmpty)
            #expect(error.report.verified.map(\.request.description) == ["Cat"])
            #expect(
                error.description == """
                    Syringe: verification found 2 problems in 3 registrations.

                    Failed resolutions (2):
                    1. Syringe: cannot resolve PetOwner: nothing is registered for Animal.
                         Resolution path: PetOwner -> Animal
                         Registered for Animal: nothing
                         Animal is a protocol: only a registration made as (any Animal).self, or one that adds .implements((any Animal).self), answers it (registering a conforming type does not).
                         Did you mean Cat? It is registered (Cat [graph] at App/Setup.swift:5) and its instance conforms to Animal. To fix: add .implements((any Animal).self) to that registration, or register it as (any Animal).self.
                         To fix: register it, e.g. container.register((any Animal).self) { r in … }.
                    2. Syringe: cannot resolve String: the factory of String threw DatabaseError.connectionRefused.
                         Failing registration: String [graph] at App/Setup.swift:4
                    """
            )
        }
    }

    @Test("cycles and forwarding to an unrelated type are found")
    func cyclesAndForwarding() throws {
        let container = Container()
        container.register(Cat.self, name: "loop") { r in try r.require(Cat.self, name: "loop") }
        container.register(Dog.self) { _ in Dog() }.implements((any Vehicle).self)
        let error = try #require(verificationError { try container.verify() })
        let kinds = error.failures.map { failure -> String in
            switch failure.kind {
            case .circularDependency: return "cycle \(failure.request)"
            case .wrongInstanceType: return "wrong type \(failure.request)"
            default: return "other"
            }
        }
        #expect(kinds.sorted() == ["cycle Cat(name: \"loop\")", "wrong type Vehicle"])
        #expect(error.report.verified.map(\.request.description) == ["Dog"])
    }

    @Test(
        "no singleton is created or stored: the first resolve after verify runs the factory",
        arguments: [
            ObjectScope.container, .weak, .perContainer, sessionScope,
        ])
    func noSingletonLeaks(scope: ObjectScope) throws {
        let container = Container()
        let calls = Counter()
        container.register(Singleton.self) { _ in
            calls.increment()
            return Singleton()
        }.inObjectScope(scope)
        try container.verify()
        #expect(calls.value == 1)
        let first = try container.require(Singleton.self)
        #expect(calls.value == 2)
        let second = try container.require(Singleton.self)
        #expect(first === second)
        #expect(calls.value == 2)
    }

    @Test("an existing singleton is neither reused nor replaced by verify")
    func existingSingletonUntouched() throws {
        let container = Container()
        let calls = Counter()
        container.register(Singleton.self) { _ in
            calls.increment()
            return Singleton()
        }.inObjectScope(.container)
        let before = try container.require(Singleton.self)
        try container.verify()
        #expect(calls.value == 2)
        #expect(try container.require(Singleton.self) === before)
        #expect(calls.value == 2)
    }

    @Test("a singleton shared by two services is made once per verification of each")
    func sharedWithinOneVerification() throws {
        let container = Container()
        let calls = Counter()
        container.register(Session.self) { _ in
            calls.increment()
            return Session()
        }.inObjectScope(.container)
        container.register(PetOwner.self) { r in
            let first = try r.require(Session.self)
            let second = try r.require(Session.self)
            return PetOwner(pet: first === second ? Cat() : Dog())
        }
        try container.verify()
        // Once for Session itself, once inside PetOwner's verification (reused for its second request).
        #expect(calls.value == 2)
    }

    @Test("registrations that take runtime arguments are listed as not verifiable without samples")
    func argumentsWithoutSamples() throws {
        let container = Container()
        container.register((any Animal).self, name: "dog", fileID: "App/Setup.swift", line: 8) { _, name in
            Dog(name: name)
        }
        container.register(Cat.self) { _ in Cat() }
        let report = try container.verify()
        #expect(report.verified.map(\.request.description) == ["Cat"])
        #expect(
            report.description == """
                Syringe: verified 1 registration.
                Not verified, they take runtime arguments (1); provide samples with container.verify { $0.provide(Type.self, arguments: …) }:
                  Animal(name: "dog", arguments: (String)) [graph] at App/Setup.swift:8
                """
        )
    }

    @Test("sample arguments let registrations that take arguments be verified, forwarded types included")
    func argumentsWithSamples() throws {
        let container = Container()
        let names = Mutex<[String]>([])
        container.register(Dog.self, name: "dog") { (_, name: String, age: Int) in
            names.withLock { $0.append("\(name) \(age)") }
            return Dog(name: name)
        }.implements((any Animal).self, name: "pet")
        let report = try container.verify { samples in
            samples.provide(Dog.self, name: "dog", arguments: "Hachi", 3)
        }
        #expect(report.unverifiable.isEmpty)
        #expect(
            report.verified.map(\.request.description).sorted() == [
                "Animal(name: \"pet\", arguments: (String, Int))", "Dog(name: \"dog\", arguments: (String, Int))",
            ])
        #expect(names.withLock { $0 } == ["Hachi 3", "Hachi 3"])
    }

    @Test("async registrations are listed as not verifiable; a synchronous factory needing one fails")
    func asyncRegistrations() throws {
        let container = Container()
        container.register(Session.self, fileID: "App/Setup.swift", line: 3) { (_: any AsyncResolver) async in
            Session()
        }
        container.register(Cat.self) { _ in Cat() }
        let report = try container.verify()
        #expect(report.verified.map(\.request.description) == ["Cat"])
        #expect(
            report.description == """
                Syringe: verified 1 registration.
                Not verified, their factories are async or actor-isolated (1); verify them with try await container.async.verify() (or @MainActor ones with container.mainActor.verify() from main-actor code):
                  Session [graph] at App/Setup.swift:3
                """
        )
        container.register(Store.self) { r in Store(try r.require(Session.self)) }
        let error = try #require(verificationError { try container.verify() })
        guard case .asyncFactory = error.failures.first?.kind else {
            Issue.record("unexpected failures \(error.failures)")
            return
        }
        #expect(error.failures.count == 1)
    }

    @Test("a one-argument sample can be given with argument:")
    func oneArgumentSample() throws {
        let container = Container()
        container.register(Dog.self) { (_, name: String) in Dog(name: name) }
        let report = try container.verify { samples in samples.provide(Dog.self, argument: "Hachi") }
        #expect(report.verified.map(\.request.description) == ["Dog(arguments: (String))"])
    }

    @Test(
        "property-injection cycles verify cleanly and leave no singleton behind",
        arguments: [
            ObjectScope.graph, .container,
        ])
    func propertyInjectionCycle(scope: ObjectScope) throws {
        final class Parent: @unchecked Sendable {
            // @unchecked Sendable: `child` is set once by initCompleted, before the instance is shared.
            var child: Child?
        }
        final class Child: @unchecked Sendable {
            // @unchecked Sendable: `parent` is set once by initCompleted, before the instance is shared.
            weak var parent: Parent?
        }
        let container = Container()
        let parents = Counter()
        container.register(Parent.self) { _ in
            parents.increment()
            return Parent()
        }
        .inObjectScope(scope)
        .initCompleted { r, parent in parent.child = try r.require(Child.self) }
        container.register(Child.self) { _ in Child() }
            .inObjectScope(scope)
            .initCompleted { r, child in child.parent = try r.require(Parent.self) }
        let report = try container.verify()
        #expect(report.verified.count == 2)
        #expect(parents.value == 2)
        let parent = try container.require(Parent.self)
        #expect(parent.child?.parent === parent)
        #expect(parents.value == 3)
    }

    @Test(
        "a one-sided property cycle verifies in every scope that keeps instances, as resolve resolves it",
        arguments: [ObjectScope.graph, .container, .weak]
    )
    func oneSidedCycle(scope: ObjectScope) throws {
        final class Owner: Sendable {
            let pet: Pet
            init(pet: Pet) { self.pet = pet }
        }
        final class Pet: @unchecked Sendable {
            // @unchecked Sendable: `owner` is set once by initCompleted, before the instance is shared.
            weak var owner: Owner?
        }
        let container = Container()
        container.register(Owner.self) { r in Owner(pet: try r.require(Pet.self)) }.inObjectScope(scope)
        container.register(Pet.self) { _ in Pet() }
            .inObjectScope(scope)
            .initCompleted { r, pet in pet.owner = try r.require(Owner.self) }
        let owner = try Container(parent: container).require(Owner.self)
        #expect(owner.pet.owner === owner)
        #expect(verificationError { try container.verify() } == nil)
    }

    @Test("a loop through a transient service's initCompleted is reported by verify, as resolve reports it")
    func transientCompletionLoop() throws {
        final class Owner: Sendable {
            let pet: Pet
            init(pet: Pet) { self.pet = pet }
        }
        final class Pet: @unchecked Sendable {
            // @unchecked Sendable: `owner` is set once by initCompleted, before the instance is shared.
            var owner: Owner?
        }
        let container = Container()
        container.register(Owner.self) { r in Owner(pet: try r.require(Pet.self)) }
        container.register(Pet.self) { _ in Pet() }
            .inObjectScope(.transient)
            .initCompleted { r, pet in pet.owner = try r.require(Owner.self) }
        #expect(resolutionError { _ = try container.require(Owner.self) } != nil)
        let error = verificationError { try container.verify() }
        #expect(error?.failures.first?.path.map(\.description) == ["Owner", "Pet", "Owner"])
    }

    @Test("a sample that matches no registration is a failure")
    func unmatchedSample() throws {
        let container = Container()
        container.register(Dog.self) { (_, name: String) in Dog(name: name) }
        let error = try #require(
            verificationError {
                try container.verify { samples in samples.provide(Dog.self, arguments: 3) }
            })
        #expect(error.failures.count == 1)
        guard case .argumentMismatch = error.failures.first?.kind else {
            Issue.record("unexpected failures \(error.failures)")
            return
        }
        #expect(error.report.unverifiable.map(\.request.description) == ["Dog(arguments: (String))"])
    }

    @Test(
        "a singleton that captures a transient, graph or weak service is a captive dependency",
        arguments: [
            ObjectScope.transient, .graph, .weak,
        ])
    func captiveDependency(scope: ObjectScope) throws {
        let container = Container()
        container.register(Clock.self, fileID: "App/Setup.swift", line: 2) { _ in Clock() }.inObjectScope(scope)
        container.register(Cache.self, fileID: "App/Setup.swift", line: 3) { r in
            Cache(clock: try r.require(Clock.self))
        }
        .inObjectScope(.container)
        let error = try #require(verificationError { try container.verify() })
        #expect(error.failures.isEmpty)
        #expect(error.captiveDependencies.map(\.path.description) == ["[Cache, Clock]"])
        #expect(
            error.description == """
                Syringe: verification found 1 problem in 2 registrations.

                Captive dependencies (1):
                1. Cache [container] at App/Setup.swift:3 captures Clock [\(scope)] at App/Setup.swift:2
                       Path: Cache -> Clock
                       The singleton Cache keeps one Clock for the container's lifetime, while other resolves get new ones.
                       To fix: give Clock the .container scope, inject a Provider<Clock> instead, or mark the Cache registration with .allowsCaptiveDependencies() if the capture is intended.
                """
        )
    }

    @Test("a capture through another service and through initCompleted is found, with the path")
    func transitiveCaptive() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.transient)
        container.register(Session.self) { _ in Session() }.inObjectScope(.graph)
        container.register(Store.self) { r in Store(try r.require(Session.self)) }.inObjectScope(.container)
        container.register(Singleton.self) { _ in Singleton() }
            .inObjectScope(.container)
            .initCompleted { r, _ in _ = try r.require(Store.self) }
        container.register(Cache.self) { r in
            _ = try r.require(Singleton.self)
            return Cache(clock: try r.require(Clock.self))
        }.inObjectScope(.container)
        let error = try #require(verificationError { try container.verify() })
        let found = Set(error.captiveDependencies.map { $0.path.map(\.description).joined(separator: " -> ") })
        #expect(found == ["Store -> Session", "Cache -> Clock"])
    }

    @Test("an accepted capture and a singleton depending on a singleton are not reported")
    func acceptedCaptive() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.transient)
        container.register(Cache.self) { r in Cache(clock: try r.require(Clock.self)) }
            .inObjectScope(.container)
            .allowsCaptiveDependencies()
        container.register(Session.self) { _ in Session() }.inObjectScope(.container)
        container.register(Store.self) { r in Store(try r.require(Session.self)) }.inObjectScope(.container)
        container.register(PetOwner.self) { r in
            _ = try r.require(Clock.self)
            return PetOwner(pet: Cat())
        }
        let report = try container.verify()
        #expect(report.verified.count == 5)
    }

    @Test("verify() running while other threads resolve never publishes its instances")
    func concurrentVerify() async throws {
        let container = Container()
        let calls = Counter()
        container.register(Singleton.self) { _ in
            calls.increment()
            return Singleton()
        }.inObjectScope(.container)
        let verifications = 20
        let resolved = try await withThrowingTaskGroup(of: [ObjectIdentifier].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var seen: [ObjectIdentifier] = []
                    for _ in 0..<200 { seen.append(ObjectIdentifier(try container.require(Singleton.self))) }
                    return seen
                }
            }
            group.addTask {
                for _ in 0..<verifications { try container.verify() }
                return []
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.formUnion($1) }
        }
        #expect(resolved.count == 1)
        #expect(calls.value == verifications + 1)
    }

    @Test("a child container verifies its own and its parent's registrations, its own first")
    func childContainer() throws {
        let parent = Container()
        parent.register((any Animal).self) { _ in Cat() }
        parent.register(PetOwner.self) { r in PetOwner(pet: try r.require((any Animal).self)) }
        let child = Container(parent: parent)
        child.register((any Animal).self) { _ in throw DatabaseError.connectionRefused }
        let error = try #require(verificationError { try child.verify() })
        #expect(
            error.failures.map { $0.path.map(\.description) }.sorted { $0.count < $1.count } == [
                ["Animal"], ["PetOwner", "Animal"],
            ])
        try parent.verify()
    }
}

/// The verification error a call threw, or nil when it threw none.
private func verificationError(_ body: () throws -> Void) -> VerificationError? {
    do {
        try body()
        return nil
    } catch {
        return error as? VerificationError
    }
}
