import Syringe
import Testing

@Suite("Declared keys: resolving by key gives the registration of the key's type and name, else its default")
struct DeclaredKeyResolutionTests {
    @Test("a key never registered resolves through its default factory, by subscript, require and resolve")
    func defaultFactory() throws {
        let container = Container()
        #expect(try container[.keyedAPI].label == "real")
        #expect(try container[.keyedAPI].label == "real")
        #expect((try? container[.keyedAPI])?.label == "real")
    }

    @Test("the default is an ordinary registration: type-and-name lookups find it once the key was used")
    func typeLookupFindsDefault() throws {
        let container = Container()
        #expect(!container.hasAnyRegistration(of: (any KeyedAPI).self))
        _ = try container[.keyedAPI]
        #expect(container.hasAnyRegistration(of: (any KeyedAPI).self))
        #expect(container.resolve((any KeyedAPI).self)?.label == "real")
        // The key's dependency, first used inside the default factory, was registered too.
        #expect(container.hasAnyRegistration(of: KeyedSession.self))
    }

    @Test("a key used nowhere registers nothing")
    func unusedKeyCostsNothing() {
        let container = Container()
        _ = ServiceKeys.keyedAPI
        _ = ServiceKeys.keyedSession
        #expect(!container.hasAnyRegistration(of: (any KeyedAPI).self))
        #expect(!container.hasAnyRegistration(of: KeyedSession.self))
        #expect(container.resolve((any KeyedAPI).self) == nil)
    }

    @Test("a Swinject-style registration of the key's type and name is the key: it wins over the default")
    func swinjectRegistrationIsTheKey() throws {
        let container = Container()
        container.register((any KeyedAPI).self) { _ in MockKeyedAPI("by type") }
        #expect(try container[.keyedAPI].label == "by type")
        // The named key is another registration: its default applies.
        #expect(try container[.namedAPI].label == "named default")
        #expect(container.resolve((any KeyedAPI).self, name: "named")?.label == "named default")
    }

    @Test("the key's scope applies to its default: a container-scoped key is one instance per container tree")
    func scopeOfDefault() throws {
        let container = Container()
        let child = Container(parent: container)
        let first = try child[.keyedSession]
        #expect(try container[.keyedSession] === first)
        #expect(try child[.keyedSession] === first)
    }

    @Test("the default is kept by the root of the tree where the key is first resolved")
    func defaultLivesInRoot() throws {
        let app = Container()
        let feature = Container(parent: app)
        _ = try feature[.keyedAPI]
        #expect(app.resolve((any KeyedAPI).self)?.label == "real")
        let unrelated = Container()
        #expect(!unrelated.hasAnyRegistration(of: (any KeyedAPI).self))
    }

    @Test("a key without scope takes the default scope of the container that keeps it")
    func defaultScopeOfRoot() throws {
        let made = CallCounter()
        let key = ServiceKeys.Key<KeyedSession>(name: "unscoped") { _ in
            made.increment()
            return KeyedSession()
        }
        let container = Container(defaultObjectScope: .container)
        let first = try container[key]
        #expect(try container[key] === first)
        #expect(made.value == 1)
        let transient = Container(defaultObjectScope: .transient)
        #expect(try transient[key] !== transient[key])
    }

    @Test("a failing default factory throws a typed error naming the key's service, not 'not registered'")
    func failingDefault() {
        let container = Container()
        #expect((try? container[.failingKey]) == nil)
        do {
            _ = try container[.failingKey]
            Issue.record("expected an error")
        } catch {
            guard case .factoryFailed(let underlying) = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(underlying is KeyedFailure)
            #expect(ObjectIdentifier(error.request.serviceType) == ObjectIdentifier(KeyedCounter.self))
        }
    }

    @Test("a default factory's missing dependency is reported as that dependency's miss, with the path")
    func missingDependencyOfDefault() {
        let container = Container()
        do {
            _ = try container[.needsUnregistered]
            Issue.record("expected an error")
        } catch {
            #expect(ObjectIdentifier(error.request.serviceType) == ObjectIdentifier(Int.self))
            if case .notRegistered = error.kind {} else { Issue.record("unexpected kind \(error.kind)") }
            #expect(error.path.contains { ObjectIdentifier($0.serviceType) == ObjectIdentifier(KeyedDetail.self) })
        }
        // The key's own default was registered; only its dependency is missing.
        #expect(container.hasAnyRegistration(of: KeyedDetail.self))
    }

    @Test("keys whose defaults depend on each other report the cycle")
    func cycleThroughKeys() {
        let container = Container()
        do {
            _ = try container[.cycleA]
            Issue.record("expected an error")
        } catch {
            if case .circularDependency = error.kind {} else { Issue.record("unexpected kind \(error.kind)") }
        }
    }

    @Test("a key first used inside another factory shares that resolution's container")
    func nestedFirstUse() throws {
        let container = Container()
        container.register(KeyedDetail.self) { r in KeyedDetail(id: 1, api: try r[.keyedAPI]) }
        #expect(try container.require(KeyedDetail.self).api.label == "real")
        // Registered in the root by that nested first use: later resolves are ordinary lookups.
        #expect(container.resolve((any KeyedAPI).self)?.label == "real")
        #expect(try container[.keyedSession] === container[.keyedSession])
    }

    @Test("removing every registration removes the default; the next use registers it again")
    func removeAllThenReuse() throws {
        let container = Container()
        let first = try container[.keyedSession]
        container.removeAll()
        #expect(!container.hasAnyRegistration(of: KeyedSession.self))
        let second = try container[.keyedSession]
        #expect(second !== first)
        #expect(container.hasAnyRegistration(of: KeyedSession.self))
    }

    @Test("a resolver of your own, not a container, gets the default factory's instance")
    func customResolver() throws {
        let resolver = EmptyResolver()
        #expect(try resolver[.keyedAPI].label == "real")
        #expect((try? resolver[.namedAPI])?.label == "named default")
    }
}

/// A resolver with no registrations at all.
private struct EmptyResolver: Resolver {
    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? { nil }
    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service? { nil }
    func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service {
        try Container().require(serviceType, name: name)
    }
    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try Container().require(serviceType, name: name, arguments: repeat each arguments)
    }
}
