import Syringe
import SyringeTesting
import Testing

/// The app container the trait suite derives from: it declares nothing by hand; its keys' defaults are registered
/// by their first use.
private let keyedApp = Container()

@Suite("Declared keys: overrides by key in a container, a derived test container, withOverrides, a feature child")
struct DeclaredKeyOverrideTests {
    @Test("register(.key) replaces the default in that container, in the key's scope")
    func overrideInContainer() throws {
        let container = Container()
        #expect(try container[.keyedAPI].label == "real")
        container.register(.keyedAPI) { _ in MockKeyedAPI() }
        #expect(try container[.keyedAPI].label == "mock")
        #expect(container.resolve((any KeyedAPI).self)?.label == "mock")
        let entry = container.register(.keyedSession) { _ in KeyedSession(id: 7) }
        #expect(try container[.keyedSession] === container[.keyedSession])
        #expect(try container[.keyedSession].id == 7)
        #expect(ObjectIdentifier(entry.serviceType) == ObjectIdentifier(KeyedSession.self))
    }

    @Test("an override registered before the key's first use means its default is never registered")
    func overrideBeforeFirstUse() throws {
        let container = Container()
        container.register(.keyedAPI) { _ in MockKeyedAPI("early") }
        #expect(try container[.keyedAPI].label == "early")
        #expect(!container.hasAnyRegistration(of: KeyedSession.self))
    }

    @Test("a feature container overrides a key its parent declared and uses; the parent keeps the default")
    func featureOverridesParentKey() throws {
        let app = Container()
        app.register(KeyedDetail.self) { r in KeyedDetail(id: 0, api: try r[.keyedAPI]) }
        #expect(try app[.keyedAPI].label == "real")
        let feature = Container(parent: app) { c in
            c.register(.keyedAPI) { _ in MockKeyedAPI("feature") }
        }
        #expect(try feature[.keyedAPI].label == "feature")
        // The parent's factory resolves its dependencies in the child first, as for any registration.
        #expect(try feature.require(KeyedDetail.self).api.label == "feature")
        #expect(try app[.keyedAPI].label == "real")
        #expect(try app.require(KeyedDetail.self).api.label == "real")
    }

    @Test("a derived test container overrides a key; the app and its singletons are unchanged")
    func derivedContainerOverride() throws {
        let app = Container()
        let appSession = try app[.keyedSession]
        let test = app.derived { c in
            c.register(.keyedAPI) { _ in MockKeyedAPI("test") }
        }
        #expect(try test[.keyedAPI].label == "test")
        #expect(try app[.keyedAPI].label == "real")
        // The derived container keeps its own instance of the app's container-scoped default.
        #expect(try test[.keyedSession] !== appSession)
        #expect(try app[.keyedSession] === appSession)
    }

    @Test("a derived container used first registers the default in the app, but keeps its own singleton")
    func derivedFirstUse() throws {
        let app = Container()
        let test = app.derived()
        let testSession = try test[.keyedSession]
        #expect(app.hasAnyRegistration(of: KeyedSession.self))
        #expect(try app[.keyedSession] !== testSession)
    }

    @Test("withOverrides replaces a key for the operation only")
    func withOverrides() throws {
        let app = Container()
        let label = try app.withOverrides { c in
            c.register(.keyedAPI) { _ in MockKeyedAPI("scoped") }
        } operation: { c in
            try c[.keyedAPI].label
        }
        #expect(label == "scoped")
        #expect(try app[.keyedAPI].label == "real")
    }

    @Test(
        "parallel tests each override the key in their own derived container and see only their own", arguments: 0..<32)
    func parallelOverrides(index: Int) async throws {
        let test = keyedApp.derived { c in
            c.register(.keyedAPI) { _ in MockKeyedAPI("case-\(index)") }
        }
        await Task.yield()
        #expect(try test[.keyedAPI].label == "case-\(index)")
        await Task.yield()
        #expect(try test[.keyedDetail, index].api.label == "case-\(index)")
        #expect(try keyedApp[.keyedAPI].label == "real")
    }

    @Test("a key overridden with arguments takes the same argument types")
    func overrideWithArguments() throws {
        let container = Container()
        #expect(try container[.keyedDetail, 3].api.label == "real")
        container.register(.keyedDetail) { _, id in KeyedDetail(id: id * 10, api: MockKeyedAPI()) }
        let detail = try container[.keyedDetail, 3]
        #expect(detail.id == 30)
        #expect(detail.api.label == "mock")
    }
}

@Suite("Declared keys: the SyringeTesting trait's .overriding replaces a key", .testContainer(from: keyedApp))
struct DeclaredKeyTraitTests {
    @Test(
        "an overriding trait registers a key's replacement in the test's container",
        .overriding { c in
            c.register(.keyedAPI) { _ in MockKeyedAPI("trait") }
        })
    func traitOverride() throws {
        #expect(try Container.test[.keyedAPI].label == "trait")
        #expect(try Container.current?[.keyedAPI].label == "trait")
        #expect(try keyedApp[.keyedAPI].label == "real")
    }
}
