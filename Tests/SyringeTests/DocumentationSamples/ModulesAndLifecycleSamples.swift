import Syringe
import Testing

/// The samples of Documentation/ModulesAndLifecycle.md.
@Suite("Documentation: modules and lifecycle")
struct ModulesAndLifecycleSamples {
    protocol Animal {}
    struct Cat: Animal {
        var name = "Mimi"
        var age = 1
    }

    protocol Database: AnyObject {
        func flush()
    }

    final class SQLiteDatabase: Database, Disposable {
        let recorder: SampleRecorder
        init(recorder: SampleRecorder) { self.recorder = recorder }
        func flush() { recorder.record("flush") }
        func dispose() { recorder.record("close database") }
    }

    final class HTTPClient {}
    final class CrashReporter {
        init(counter: SampleCounter) { counter.increment() }
    }
    final class API {}
    final class Cart: Disposable {
        let recorder: SampleRecorder
        init(api: API, recorder: SampleRecorder) { self.recorder = recorder }
        func dispose() { recorder.record("cart disposed") }
    }

    struct StorageModule: Assembly {
        let recorder: SampleRecorder

        func assemble(container: Container) {
            let recorder = recorder
            container.register((any Database).self) { _ in SQLiteDatabase(recorder: recorder) }
                .inObjectScope(.container)
        }
        func loaded(resolver: any Resolver) { recorder.record("storage loaded") }
        func unload(resolver: any Resolver) { resolver.resolve((any Database).self)?.flush() }
    }

    struct NetworkModule: Assembly {
        func assemble(container: Container) {
            container.register(HTTPClient.self) { _ in HTTPClient() }
        }
    }

    struct RegistryLog: Behavior {
        let recorder = SampleRecorder()

        func container<Type, Service>(
            _ container: Container, didRegisterType type: Type.Type,
            toService entry: ServiceEntry<Service>, withName name: String?
        ) {
            recorder.record("+ \(type)")
        }

        func container(_ container: Container, didUnregister registration: RegistrationDescription) {
            recorder.record("- \(registration.request)")
        }
    }

    @Test("unregister picks a registration by type, name and argument types; unregisterAll takes every one")
    func unregistering() {
        let container = Container()
        container.register((any Animal).self, name: "cat") { _ in Cat() }
        container.register((any Animal).self) { (_, name: String, age: Int) in Cat(name: name, age: age) }
        container.register((any Animal).self, name: "other") { _ in Cat() }

        #expect(container.unregister((any Animal).self, name: "cat"))
        #expect(container.unregister((any Animal).self, arguments: String.self, Int.self))
        #expect(container.unregisterAll((any Animal).self))
        #expect(!container.hasAnyRegistration(of: (any Animal).self, name: "other"))
    }

    @Test("modules load, unload through their hook, and refuse to load twice")
    func modules() throws {
        let recorder = SampleRecorder()
        let container = Container()

        try container.load(StorageModule(recorder: recorder), NetworkModule())
        #expect(container.isLoaded(StorageModule.self))
        _ = container.resolve((any Database).self)
        #expect(throws: ModuleError.self) { try container.load(NetworkModule()) }

        container.unload(StorageModule.self)
        #expect(recorder.all == ["storage loaded", "flush", "close database"])
        #expect(container.resolve((any Database).self) == nil)
        #expect(container.resolve(HTTPClient.self) != nil)
    }

    @Test("an eager singleton is made by startEagerSingletons")
    func eager() throws {
        let counter = SampleCounter()
        let container = Container()
        container.register(CrashReporter.self) { _ in CrashReporter(counter: counter) }
            .inObjectScope(.container)
            .eager()

        try container.startEagerSingletons()
        #expect(counter.value == 1)
    }

    @Test("a feature container's shutdown disposes its singletons and leaves the app's alone")
    func shutdown() {
        let recorder = SampleRecorder()
        let app = Container()
        app.register((any Database).self) { _ in SQLiteDatabase(recorder: recorder) }.inObjectScope(.container)
        let feature = Container(parent: app)
        feature.register((any Database).self, name: "feature") { _ in SQLiteDatabase(recorder: recorder) }
            .inObjectScope(.container)

        _ = feature.resolve((any Database).self)
        _ = feature.resolve((any Database).self, name: "feature")
        feature.shutdown()

        #expect(recorder.all == ["close database"])
    }

    @Test("perContainer gives each feature container its own instance")
    func perContainer() {
        let recorder = SampleRecorder()
        let app = Container()
        app.register(API.self) { _ in API() }.inObjectScope(.container)
        app.register(Cart.self) { r in Cart(api: r.resolve(API.self)!, recorder: recorder) }
            .inObjectScope(.perContainer)

        let shop = Container(parent: app)
        let checkout = Container(parent: app)
        #expect(shop.resolve(Cart.self) === shop.resolve(Cart.self))
        #expect(shop.resolve(Cart.self) !== checkout.resolve(Cart.self))
        shop.shutdown()
        #expect(recorder.all == ["cart disposed"])
    }

    @Test("behaviors hear of removals")
    func behaviors() {
        let log = RegistryLog()
        let container = Container(behaviors: [log])
        container.register(HTTPClient.self) { _ in HTTPClient() }
        container.unregister(HTTPClient.self)

        #expect(log.recorder.all == ["+ HTTPClient", "- HTTPClient"])
    }
}
