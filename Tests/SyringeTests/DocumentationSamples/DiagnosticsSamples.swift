import Syringe
import Testing

/// The messages Documentation/Diagnostics.md shows. The page's own blocks are compiled as written by
/// SyringeDocumentationTests (compile-only: each shows a failure); these check the messages. Registrations
/// pass `fileID:` and `line:` so the messages match the page exactly.
@Suite("Documentation: diagnostics")
struct DiagnosticsSamples {
    protocol Animal: AnyObject {}
    final class Dog: Animal {
        init(name: String) {}
    }
    final class PetOwner {
        init(pet: any Animal) {}
    }
    final class Order {
        init(id: Int, currency: String) {}
    }
    final class Clock {}
    final class Cache {
        init(clock: Clock) {}
    }
    final class Database {}
    final class Repository {
        init(db: Database, clock: Clock) {}
    }
    final class App {
        init(cache: Cache, repository: Repository) {}
    }

    /// The container of the page's verify() and trace examples.
    func appContainer() -> Container {
        let file = "MyApp/AppAssembly.swift"
        let container = Container()
        container.register(Clock.self, fileID: file, line: 10) { _ in Clock() }.inObjectScope(.transient)
        container.register(Cache.self, fileID: file, line: 11) { r in Cache(clock: try r.require(Clock.self)) }
            .inObjectScope(.container)
        container.register(Database.self, fileID: file, line: 12) { _ in Database() }.inObjectScope(.container)
        container.register(Repository.self, fileID: file, line: 13) { r in
            Repository(db: try r.require(Database.self), clock: try r.require(Clock.self))
        }
        container.register(App.self, fileID: file, line: 14) { r in
            App(cache: try r.require(Cache.self), repository: try r.require(Repository.self))
        }
        return container
    }

    @Test("require has every resolve spelling and returns the service itself")
    func requireSpellings() throws {
        let container = Container()
        container.register((any Animal).self, name: "dog") { (_, name: String) in Dog(name: name) }
        container.register(Order.self) { (_, id: Int, currency: String) in Order(id: id, currency: currency) }
        container.register(PetOwner.self) { r in
            PetOwner(pet: try r.require((any Animal).self, name: "dog", argument: "Hachi"))
        }
        _ = try container.require(PetOwner.self)
        _ = try container.require((any Animal).self, name: "dog", argument: "Hachi")
        _ = try container.require(Order.self, arguments: 42, "EUR")
    }

    @Test("verify() lists a broken dependency, a captive dependency and a registration it cannot verify")
    func verifyReport() throws {
        let container = appContainer()
        container.register((any Animal).self, name: "dog", fileID: "MyApp/AppAssembly.swift", line: 15) {
            (_, name: String) in Dog(name: name)
        }
        container.register(PetOwner.self, fileID: "MyApp/AppAssembly.swift", line: 16) { r in
            PetOwner(pet: try r.require((any Animal).self, name: "cat"))
        }
        #expect(throws: VerificationError.self) { try container.verify() }
        do {
            try container.verify()
        } catch {
            #expect(
                error.description == """
                    Syringe: verification found 2 problems in 6 registrations.

                    Failed resolutions (1):
                    1. Syringe: cannot resolve PetOwner: Animal has no registration named "cat".
                         Resolution path: PetOwner -> Animal(name: "cat")
                         Registered for Animal:
                           Animal(name: "dog", arguments: (String)) [graph] at MyApp/AppAssembly.swift:15
                         To fix: ask for one of the names above, or register this name.

                    Captive dependencies (1):
                    1. Cache [container] at MyApp/AppAssembly.swift:11 captures Clock [transient] at MyApp/AppAssembly.swift:10
                           Path: Cache -> Clock
                           The singleton Cache keeps one Clock for the container's lifetime, while other resolves get new ones.
                           To fix: give Clock the .container scope, inject a Provider<Clock> instead, or mark the Cache registration with .allowsCaptiveDependencies() if the capture is intended.

                    Not verified, they take runtime arguments (1); provide samples with container.verify { $0.provide(Type.self, arguments: …) }:
                      Animal(name: "dog", arguments: (String)) [graph] at MyApp/AppAssembly.swift:15
                    """
            )
        }
    }

    @Test("samples and an accepted capture make the same container verify cleanly")
    func verifyWithSamples() throws {
        let container = appContainer()
        container.register(Cache.self) { r in Cache(clock: try r.require(Clock.self)) }
            .inObjectScope(.container)
            .allowsCaptiveDependencies()
        container.register((any Animal).self, name: "dog") { (_, name: String) in Dog(name: name) }
        let report = try container.verify { samples in
            samples.provide((any Animal).self, name: "dog", arguments: "Hachi")
        }
        #expect(report.unverifiable.isEmpty)
        #expect(report.description == "Syringe: verified 6 registrations.")
    }

    @Test("a trace prints the tree of what one resolve did")
    func trace() throws {
        let container = appContainer()
        _ = try container.require(Database.self)
        let traced = container.trace(App.self)
        _ = try traced.get()
        #expect(
            traced.trace.description.replacing(/in [0-9]+\.[0-9] (µs|ms)/, with: "in <t>") == """
                App: created [graph] in <t>, registered at MyApp/AppAssembly.swift:14
                  Cache: created [container] in <t>, registered at MyApp/AppAssembly.swift:11
                    Clock: created [transient] in <t>, registered at MyApp/AppAssembly.swift:10
                  Repository: created [graph] in <t>, registered at MyApp/AppAssembly.swift:13
                    Database: reused [container], registered at MyApp/AppAssembly.swift:12
                    Clock: created [transient] in <t>, registered at MyApp/AppAssembly.swift:10
                """
        )
    }

    @Test("a test asserts a failure's kind in one line with ResolutionError.code")
    func assertingTheKind() throws {
        final class Cat {}
        final class Node {
            init(next: Node) {}
        }
        let container = Container()
        container.register((any Animal).self, name: "dog") { _ in Dog(name: "Hachi") }
        container.register(Node.self) { r in Node(next: try r.require(Node.self)) }

        #expect(try ResolutionError.code { try container.require(Cat.self) } == .notRegistered)
        #expect(try ResolutionError.code { try container.require((any Animal).self, name: "dgo") } == .nameMismatch)

        let error = #expect(throws: ResolutionError.self) { try container.require(Node.self) }
        #expect(error?.code == .circularDependency)
    }

    @Test("container.mainActor.verify() verifies @MainActor registrations, which verify() lists as not verified")
    @MainActor
    func mainActorVerify() throws {
        final class ViewModel {
            init(clock: Clock) {}
        }
        let container = appContainer()
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        container.register(ViewModel.self, isolatedTo: MainActor.self) { r in
            ViewModel(clock: try r.require(Clock.self))
        }
        #expect(try container.verify().asynchronous.map(\.request.description) == ["ViewModel"])
        let report = try container.mainActor.verify()
        #expect(report.asynchronous.isEmpty)
        #expect(report.verified.map(\.request.description).contains("ViewModel"))
    }

    final class Session: Sendable {}
    final class CheckoutScreen {
        @Injected var session: Session
    }
    final class AccountScreen {
        @Injected(reinjected: true) var session: Session
    }

    @Test("an @Injected property that cannot be filled, or cannot be re-injected: the messages of the page")
    func injectedPropertyMessages() {
        let container = Container()
        let missing = #expect(throws: ResolutionError.self) { try container.inject(into: CheckoutScreen()) }
        #expect(missing?.injectedProperty != nil)
        #expect(
            missing?.description == """
                Syringe: cannot inject the property 'session' of CheckoutScreen (Session): nothing is registered for Session.
                  Injected property: CheckoutScreen.session
                  Registered for Session: nothing
                  To fix: register it, e.g. container.register(Session.self) { r in … }.
                """
        )

        container.register(Session.self) { _ in Session() }
        let notReinjectable = #expect(throws: ResolutionError.self) { try container.inject(into: AccountScreen()) }
        #expect(notReinjectable?.code == .notReinjectable)
        #expect(
            notReinjectable?.description == """
                Syringe: cannot inject the property 'session' of AccountScreen (Session): it is marked reinjected, but the registration of Session is in the graph scope; only .container, .perContainer and .weak registrations keep one instance to re-inject.
                  Injected property: AccountScreen.session
                  To fix: register it in the .container, .perContainer or .weak scope (or as a value or instance), or drop `reinjected: true`.
                """
        )
    }
}
