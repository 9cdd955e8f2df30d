import Syringe
import Testing

@Suite("Derived containers: a test's own container that never changes the app's")
struct DerivedContainerTests {
    @Test("the issue's example: a mock in a derived container reaches neither the app nor another derived container")
    func issueExample() throws {
        let app = makeCheckoutApp()
        let test1 = app.derived { c in c.register((any Gateway).self) { _ in MockGateway("test1") } }
        #expect(try test1.require(Checkout.self).gateway.label == "test1")
        #expect(try app.derived().require(Checkout.self).gateway.label == "real")
        #expect(try app.require(Checkout.self).gateway.label == "real")
        // The plain child container of today still shares the parent's singleton (Swinject's behaviour).
        let child = Container(parent: app)
        #expect(try child.require(Checkout.self) === app.require(Checkout.self))
    }

    @Test("singletons the app made before deriving are not shared: the derived container makes its own, once")
    func singletonsMadeBefore() throws {
        let app = makeCheckoutApp()
        let appCheckout = try app.require(Checkout.self)
        let test = app.derived()
        let testCheckout = try test.require(Checkout.self)
        #expect(testCheckout !== appCheckout)
        #expect(try test.require(Checkout.self) === testCheckout)
        #expect(try app.require(Checkout.self) === appCheckout)
    }

    @Test("a singleton the derived container made is not seen by the app resolving afterwards")
    func appResolvesAfterDerived() throws {
        let app = makeCheckoutApp()
        let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway() } }
        let testCheckout = try test.require(Checkout.self)
        let appCheckout = try app.require(Checkout.self)
        #expect(appCheckout !== testCheckout)
        #expect(appCheckout.gateway.label == "real")
    }

    @Test("weak and custom-scoped instances of the app are the derived container's own too")
    func weakAndCustomScopes() throws {
        let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
        let app = Container()
        app.register(IsolationMarker.self, name: "weak") { _ in IsolationMarker() }.inObjectScope(.weak)
        app.register(IsolationMarker.self, name: "session") { _ in IsolationMarker() }.inObjectScope(session)
        let appWeak = try app.require(IsolationMarker.self, name: "weak")
        let appSession = try app.require(IsolationMarker.self, name: "session")
        let test = app.derived()
        let testWeak = try test.require(IsolationMarker.self, name: "weak")
        let testSession = try test.require(IsolationMarker.self, name: "session")
        #expect(testWeak !== appWeak)
        #expect(testSession !== appSession)
        #expect(try test.require(IsolationMarker.self, name: "session") === testSession)
        #expect(try app.require(IsolationMarker.self, name: "session") === appSession)
        withExtendedLifetime((appWeak, testWeak)) {}
    }

    @Test("initCompleted closures of the app's singletons run for the derived container's instance")
    func completionsRun() throws {
        let app = Container()
        app.register((any Gateway).self) { _ in RealGateway() }
        app.register(IsolationHolder.self) { _ in IsolationHolder() }
            .inObjectScope(.container)
            .initCompleted { r, holder in holder.label = r.resolve((any Gateway).self)!.label }
        let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway() } }
        #expect(try test.require(IsolationHolder.self).label == "mock")
        #expect(try app.require(IsolationHolder.self).label == "real")
    }

    @Test("a child of a derived container keeps the app's singletons in the derived container, not the app")
    func childOfDerived() throws {
        let app = makeCheckoutApp()
        let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway() } }
        let child = Container(parent: test)
        let checkout = try child.require(Checkout.self)
        #expect(checkout.gateway.label == "mock")
        #expect(try test.require(Checkout.self) === checkout)
        #expect(try app.require(Checkout.self).gateway.label == "real")
    }

    @Test("resetObjectScope, unregister, removeAll and shutdown on a derived container leave the app alone")
    func lifecycleStaysLocal() throws {
        let log = DisposalLog()
        let app = Container()
        app.register(Resource.self) { _ in Resource("app", log: log) }.inObjectScope(.container)
        let appResource = try app.require(Resource.self)
        let test = app.derived()
        let first = try test.require(Resource.self)
        test.resetObjectScope(.container)
        #expect(log.entries == ["app"])  // the derived container's instance, disposed; the app's kept
        #expect(try app.require(Resource.self) === appResource)
        let second = try test.require(Resource.self)
        #expect(second !== first)
        test.resetObjectScope(.container, serviceType: Resource.self)
        test.register(Resource.self) { _ in Resource("test", log: log) }
        test.unregister(Resource.self)
        test.removeAll()
        test.shutdown()
        #expect(try app.require(Resource.self) === appResource)
        #expect(app.hasAnyRegistration(of: Resource.self))
    }

    @Test("an app registration replaced after deriving is seen, with a fresh instance")
    func appReplacedLater() throws {
        let app = Container()
        app.register(IsolationMarker.self) { _ in IsolationMarker(tag: 1) }.inObjectScope(.container)
        let test = app.derived()
        #expect(try test.require(IsolationMarker.self).tag == 1)
        app.register(IsolationMarker.self) { _ in IsolationMarker(tag: 2) }.inObjectScope(.container)
        #expect(try test.require(IsolationMarker.self).tag == 2)
    }

    @Test("transient, graph and perContainer registrations of the app resolve as through a child")
    func otherScopes() throws {
        let app = Container()
        app.register(IsolationMarker.self, name: "transient") { _ in IsolationMarker() }.inObjectScope(.transient)
        app.register(IsolationMarker.self, name: "per") { _ in IsolationMarker() }.inObjectScope(.perContainer)
        let test = app.derived()
        #expect(
            try test.require(IsolationMarker.self, name: "transient")
                !== test.require(IsolationMarker.self, name: "transient"))
        let per = try test.require(IsolationMarker.self, name: "per")
        #expect(try test.require(IsolationMarker.self, name: "per") === per)
        #expect(try app.require(IsolationMarker.self, name: "per") !== per)
        #expect(test.isDerived)
        #expect(!app.isDerived)
    }

    @Test("an await-ed resolve through a derived container keeps the app's async singleton in the derived one")
    func asyncResolution() async throws {
        let app = Container()
        app.register((any Gateway).self) { _ in RealGateway() }
        app.register(Checkout.self) { (r: any AsyncResolver) async in
            Checkout(gateway: await r.resolve((any Gateway).self)!)
        }.inObjectScope(.container)
        let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway() } }
        #expect(try await test.async.require(Checkout.self).gateway.label == "mock")
        #expect(try await app.async.require(Checkout.self).gateway.label == "real")
    }

    @Test("many threads deriving and resolving at once each get their own singleton built with their own mock")
    func concurrentDerivations() async {
        let app = makeCheckoutApp()
        let appCheckout = app.resolve(Checkout.self)
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let label = "mock-\(index)"
                    let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway(label) } }
                    let first = test.resolve(Checkout.self)
                    return first?.gateway.label == label && test.resolve(Checkout.self) === first
                }
            }
            for await isolated in group { #expect(isolated) }
        }
        #expect(app.resolve(Checkout.self) === appCheckout)
        #expect(appCheckout?.gateway.label == "real")
    }
}

/// A reference type whose identity tells instances apart.
final class IsolationMarker: Sendable {
    let tag: Int
    init(tag: Int = 0) { self.tag = tag }
}

/// A class whose label an `initCompleted` closure sets.
final class IsolationHolder: @unchecked Sendable {
    // @unchecked Sendable: `label` is set once, by `initCompleted`, before the instance is shared.
    var label = ""
}

@Suite("Derived containers: lifetime")
struct DerivedContainerLifetimeTests {
    @Test("a derived container's singletons and the mocks they captured are released with the container")
    func releasedWithTheContainer() throws {
        let app = Container()
        app.register(Wrapper.self) { r in Wrapper(try r.require(IsolationMarker.self)) }.inObjectScope(.container)
        app.register(IsolationMarker.self) { _ in IsolationMarker() }
        weak var singleton: Wrapper?
        weak var mock: IsolationMarker?
        do {
            let test = app.derived { c in c.register(IsolationMarker.self) { _ in IsolationMarker(tag: 7) } }
            let made = try test.require(Wrapper.self)
            #expect(made.marker.tag == 7)
            singleton = made
            mock = made.marker
        }
        #expect(singleton == nil)
        #expect(mock == nil)
        #expect(try app.require(Wrapper.self).marker.tag == 0)
    }
}

private final class Wrapper: Sendable {
    let marker: IsolationMarker
    init(_ marker: IsolationMarker) { self.marker = marker }
}

@Suite("Derived containers: delayed injection, verification and tasks")
struct DerivedContainerIntegrationTests {
    @Test("a Provider and a Lazy made through a derived container resolve its own singleton, with its mock")
    func delayedInjection() throws {
        let app = makeCheckoutApp()
        let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway() } }
        let provider = try test.require(Provider<Checkout>.self)
        let lazy = try test.require(Lazy<Checkout>.self)
        #expect(provider.instance.gateway.label == "mock")
        #expect(lazy.instance === provider.instance)
        #expect(try test.require(Checkout.self) === provider.instance)
        #expect(try app.require(Checkout.self).gateway.label == "real")
    }

    @Test("verifying a derived container checks the app's registrations with the test's, and changes nothing")
    func verification() throws {
        let app = makeCheckoutApp()
        let test = app.derived { c in
            c.register((any Gateway).self) { _ in MockGateway() }.inObjectScope(.container)
        }
        try test.verify()
        #expect(try test.require(Checkout.self).gateway.label == "mock")
        #expect(try app.require(Checkout.self).gateway.label == "real")
    }

    @Test("a detached task does not see the override's container; the operation's child tasks do")
    func detachedTask() async {
        let app = makeCheckoutApp()
        await app.withOverrides { c in
            c.register((any Gateway).self) { _ in MockGateway() }
        } operation: { c in
            let detached = await Task.detached { Container.current }.value
            #expect(detached == nil)
            let child = await Task { Container.current }.value
            #expect(child === c)
        }
    }

    @Test("the async override shuts its container down, disposing what was made in it, when the operation ends")
    func asyncOverrideDisposes() async throws {
        let log = DisposalLog()
        let app = Container()
        app.register(Resource.self) { _ in Resource("made", log: log) }.inObjectScope(.container)
        let inside = try await app.withOverrides { _ in
        } operation: { c in
            await Task.yield()
            return try c.require(Resource.self).name
        }
        #expect(inside == "made")
        #expect(log.entries == ["made"])
    }
}

@Suite("Derived containers: forwarded types and replaced app registrations")
struct DerivedContainerForwardingTests {
    @Test("a singleton reached through a forwarded type is the same instance of the derived container")
    func forwardedTypesShareTheInstance() throws {
        let app = Container()
        app.register(ForwardedService.self) { _ in ForwardedService() }
            .implements((any Forwarded).self)
            .inObjectScope(.container)
        let test = app.derived()
        let direct = try test.require(ForwardedService.self)
        let forwarded = try test.require((any Forwarded).self)
        #expect(forwarded.identity == ObjectIdentifier(direct))
        #expect(try app.require(ForwardedService.self) !== direct)
    }

    @Test("an instance of an app registration replaced during the test is still disposed by the test's shutdown")
    func replacedRegistrationIsDisposed() throws {
        let log = DisposalLog()
        let app = Container()
        app.register(Resource.self) { _ in Resource("first", log: log) }.inObjectScope(.container)
        let test = app.derived()
        #expect(try test.require(Resource.self).name == "first")
        app.register(Resource.self) { _ in Resource("second", log: log) }.inObjectScope(.container)
        #expect(try test.require(Resource.self).name == "second")
        test.shutdown()
        #expect(log.entries.sorted() == ["first", "second"])
    }
}

private protocol Forwarded: AnyObject, Sendable {}

extension Forwarded {
    var identity: ObjectIdentifier { ObjectIdentifier(self) }
}

private final class ForwardedService: Forwarded {}

@Suite("Derived containers: modules")
struct DerivedContainerModuleTests {
    struct MockGatewayModule: Assembly {
        func assemble(container: Container) {
            container.register((any Gateway).self) { _ in MockGateway("module") }
        }
    }

    @Test("loading and unloading a module in a derived container changes only the derived container")
    func modulesStayLocal() throws {
        let app = makeCheckoutApp()
        let test = app.derived()
        try test.load(MockGatewayModule())
        #expect(try test.require(Checkout.self).gateway.label == "module")
        #expect(try app.require((any Gateway).self).label == "real")
        #expect(test.unload(MockGatewayModule.self))
        #expect(try test.require((any Gateway).self).label == "real")
        #expect(try app.require(Checkout.self).gateway.label == "real")
        // The app can load the same module type afterwards: the derived container's load was its own.
        try app.load(MockGatewayModule())
        #expect(try app.require((any Gateway).self).label == "module")
    }
}
