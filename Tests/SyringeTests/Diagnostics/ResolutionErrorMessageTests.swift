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

/// Registrations made with an explicit place, so messages are exact.
private let setup = "App/Setup.swift"

@Suite("Every resolution error kind has a message that says what to fix")
struct ResolutionErrorMessageTests {
    @Test("an unregistered type says nothing is registered and how to register it")
    func notRegistered() throws {
        let container = Container()
        let error = try #require(resolutionError { _ = try container.require(Float.self) })
        guard case .notRegistered = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(error.path == [ServiceRequest(serviceType: Float.self)])
        #expect(
            error.description == """
                Syringe: cannot resolve Float: nothing is registered for Float.
                  Registered for Float: nothing
                  To fix: register it, e.g. container.register(Float.self) { r in … }.
                """
        )
    }

    @Test("a request with other argument types lists the registrations and their argument types")
    func argumentMismatch() throws {
        let container = Container()
        container.register((any Animal).self, name: "dog", fileID: setup, line: 7) { _, name in Dog(name: name) }
        let error = try #require(
            resolutionError { _ = try container.require((any Animal).self, name: "dog", argument: 3) })
        guard case .argumentMismatch = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(
            error.description == """
                Syringe: cannot resolve Animal(name: "dog", arguments: (Int)): Animal has no registration named "dog" taking arguments (Int).
                  Registered for Animal:
                    Animal(name: "dog", arguments: (String)) [graph] at App/Setup.swift:7
                  To fix: pass the arguments of a registration above, in order and with the same types, or register a factory taking (Int).
                """
        )
    }

    @Test("a request without the arguments a registration needs says so")
    func missingArguments() throws {
        let container = Container()
        container.register((any Animal).self, fileID: setup, line: 3) { (_, name: String, age: Int) in
            Dog(name: "\(name) \(age)")
        }
        let error = try #require(resolutionError { _ = try container.require((any Animal).self) })
        #expect(
            error.description == """
                Syringe: cannot resolve Animal: Animal has no registration taking no arguments.
                  Registered for Animal:
                    Animal(arguments: (String, Int)) [graph] at App/Setup.swift:3
                  To fix: pass the arguments of a registration above, in order and with the same types, or register a factory taking no arguments.
                """
        )
    }

    @Test("a misspelt name lists the registered names and suggests the closest one, with the path")
    func nameMismatchWithSuggestion() throws {
        let container = Container()
        container.register((any Animal).self, name: "cat", fileID: setup, line: 6) { _ in Cat() }
        container.register((any Animal).self, name: "dog", fileID: setup, line: 7) { _ in Dog() }
        container.register(PetOwner.self, fileID: setup, line: 8) { r in
            PetOwner(pet: try r.require((any Animal).self, name: "dgo"))
        }
        let error = try #require(resolutionError { _ = try container.require(PetOwner.self) })
        guard case .nameMismatch(let suggestion) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(suggestion == "dog")
        #expect(error.path.map(\.description) == ["PetOwner", "Animal(name: \"dgo\")"])
        #expect(
            error.description == """
                Syringe: cannot resolve PetOwner: Animal has no registration named "dgo".
                  Resolution path: PetOwner -> Animal(name: "dgo")
                  Registered for Animal:
                    Animal(name: "cat") [graph] at App/Setup.swift:6
                    Animal(name: "dog") [graph] at App/Setup.swift:7
                  Did you mean "dog"?
                """
        )
    }

    @Test("an unnamed request for a type registered only under names lists the names")
    func nameMismatchUnnamed() throws {
        let container = Container()
        container.register((any Animal).self, name: "cat", fileID: setup, line: 6) { _ in Cat() }
        let error = try #require(resolutionError { _ = try container.require((any Animal).self) })
        guard case .nameMismatch(nil) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(
            error.description == """
                Syringe: cannot resolve Animal: Animal has no unnamed registration.
                  Registered for Animal:
                    Animal(name: "cat") [graph] at App/Setup.swift:6
                  To fix: ask for one of the names above, or register this name.
                """
        )
    }

    @Test("asking for a type registered only as an optional reports the optionality mismatch")
    func optionalRegisteredPlainAsked() throws {
        let container = Container()
        container.register(Cat?.self, fileID: setup, line: 9) { _ in Cat() }
        let error = try #require(resolutionError { _ = try container.require(Cat.self) })
        guard case .optionalityMismatch(let registered) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(ObjectIdentifier(registered) == ObjectIdentifier(Cat?.self))
        #expect(
            error.description == """
                Syringe: cannot resolve Cat: Cat is not registered, only Optional<Cat> is.
                  Registered for Cat:
                    Optional<Cat> [graph] at App/Setup.swift:9
                  To fix: ask for Optional<Cat>, or register Cat.
                """
        )
    }

    @Test("asking for an optional registered only as a plain type reports the optionality mismatch")
    func plainRegisteredOptionalAsked() throws {
        let container = Container()
        container.register(Dog.self, fileID: setup, line: 10) { _ in Dog() }
        let error = try #require(resolutionError { _ = try container.require(Provider<Dog?>.self) })
        guard case .optionalityMismatch(let registered) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(ObjectIdentifier(registered) == ObjectIdentifier(Dog.self))
        #expect(
            error.description == """
                Syringe: cannot resolve Optional<Dog>: Optional<Dog> is not registered, only Dog is.
                  Registered for Optional<Dog>:
                    Dog [graph] at App/Setup.swift:10
                  To fix: ask for Dog, or register Optional<Dog>.
                """
        )
    }

    @Test(
        "a factory error deep in the graph is wrapped with the path from the top-level request to the failing registration"
    )
    func factoryFailedNested() throws {
        let container = Container()
        container.register(String.self, fileID: setup, line: 11) { _ in throw DatabaseError.connectionRefused }
        container.register(Int.self, fileID: setup, line: 12) { r in try r.require(String.self).count }
        container.register(Double.self, fileID: setup, line: 13) { r in Double(try r.require(Int.self)) }
        let error = try #require(resolutionError { _ = try container.require(Double.self) })
        guard case .factoryFailed(let underlying) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(underlying as? DatabaseError == .connectionRefused)
        #expect(error.request == ServiceRequest(serviceType: String.self))
        #expect(error.path.map(\.description) == ["Double", "Int", "String"])
        #expect(error.registration?.line == 11)
        #expect(
            error.description == """
                Syringe: cannot resolve Double: the factory of String threw DatabaseError.connectionRefused.
                  Resolution path: Double -> Int -> String
                  Failing registration: String [graph] at App/Setup.swift:11
                """
        )
    }

    @Test("an initCompleted closure that throws is named as the source of the failure")
    func initCompletedFailed() throws {
        struct MissingConfiguration: Error {
            let key: String
        }
        let container = Container()
        container.register(Cat.self, fileID: setup, line: 14) { _ in Cat() }
            .initCompleted { _, _ in throw MissingConfiguration(key: "name") }
        let error = try #require(resolutionError { _ = try container.require(Cat.self) })
        guard case .factoryFailed(let underlying) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect((underlying as? MissingConfiguration)?.key == "name")
        #expect(
            error.description == """
                Syringe: cannot resolve Cat: an initCompleted closure of Cat threw MissingConfiguration(key: "name").
                  Failing registration: Cat [graph] at App/Setup.swift:14
                """
        )
    }

    @Test("a factory error not from an enum or struct still names its type")
    func factoryFailedClassError() throws {
        final class Timeout: Error, CustomStringConvertible {
            var description: String { "timed out after 3 s" }
        }
        let container = Container()
        container.register(Cat.self, fileID: setup, line: 15) { _ in throw Timeout() }
        let error = try #require(resolutionError { _ = try container.require(Cat.self) })
        #expect(
            error.description == """
                Syringe: cannot resolve Cat: the factory of Cat threw Timeout: timed out after 3 s.
                  Failing registration: Cat [graph] at App/Setup.swift:15
                """
        )
    }

    @Test("forwarding to an unrelated type reports the instance's type and the forwarding registration")
    func wrongInstanceType() throws {
        let container = Container()
        container.register(Dog.self, fileID: setup, line: 16) { _ in Dog() }
            .implements((any Vehicle).self)
        let error = try #require(resolutionError { _ = try container.require((any Vehicle).self) })
        guard case .wrongInstanceType(let actual) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(ObjectIdentifier(actual) == ObjectIdentifier(Dog.self))
        #expect(
            error.description == """
                Syringe: cannot resolve Vehicle: Dog is forwarded to Vehicle, but the instance it made (Dog) cannot be cast to Vehicle.
                  Failing registration: Dog [graph] at App/Setup.swift:16
                  To fix: make the registered type conform to Vehicle, or remove the implements(Vehicle.self) forwarding.
                """
        )
    }

    @Test("a Provider used after its container was released says so")
    func containerReleased() throws {
        var container: Container? = Container()
        container?.register(Cat.self) { _ in Cat() }
        let provider = try #require(container?.resolve(Provider<Cat>.self))
        container = nil
        let error = try #require(resolutionError { _ = try provider.require() })
        guard case .containerReleased = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(
            error.description == """
                Syringe: cannot resolve Cat: the container that made this Lazy or Provider of Cat has been released.
                  To fix: keep the container alive as long as the services that hold its Lazy or Provider values.
                """
        )
    }

    @Test("a synchronous request for an async registration says how to resolve it")
    func asyncFactory() throws {
        let container = Container()
        container.register(Cat.self, fileID: setup, line: 17) { (_: any AsyncResolver) async in Cat() }
        let error = try #require(resolutionError { _ = try container.require(Cat.self) })
        guard case .asyncFactory = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(
            error.description == """
                Syringe: cannot resolve Cat: the factory of Cat is async or actor-isolated, and a synchronous call cannot run it.
                  Failing registration: Cat [graph] at App/Setup.swift:17
                  To fix: resolve it with `try await container.async.require(Cat.self)` (a factory: `try await r.require(…)`); for a @MainActor factory, from @MainActor code, `container.mainActor.require(…)` works too.
                """
        )
    }

    @Test("a stack-exhaustion error names the depth and the way out")
    func stackExhausted() {
        let request = ServiceRequest(serviceType: Cat.self)
        let error = ResolutionError(
            kind: .stackExhausted(depth: 5000), request: request,
            path: [ServiceRequest(serviceType: PetOwner.self), request]
        )
        #expect(
            error.description == """
                Syringe: cannot resolve PetOwner: the resolution of Cat reached depth 5000 and the thread's stack has no room for more.
                  Resolution path: PetOwner -> Cat
                  To fix: look for an unexpectedly deep chain of registrations, or resolve on a thread with a larger stack.
                """
        )
    }

    @Test("registrations record the file and line of the register call")
    func registrationPlace() throws {
        let container = Container()
        let line = UInt(#line + 1)
        container.register((any Animal).self, name: "cat") { _ in Cat() }
        let error = try #require(resolutionError { _ = try container.require((any Animal).self, name: "cta") })
        #expect(error.registrations.map(\.fileID) == [#fileID])
        #expect(error.registrations.map(\.line) == [line])
        #expect(error.description.contains("Animal(name: \"cat\") [graph] at \(#fileID):\(line)"))
    }
}
