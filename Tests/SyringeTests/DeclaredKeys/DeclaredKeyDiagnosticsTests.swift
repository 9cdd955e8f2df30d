import Syringe
import Testing

private final class KeyedConnection: Disposable, Sendable {
    let disposed = CallCounter()
    func dispose() { disposed.increment() }
}

private final class KeyedCache: Sendable {
    let session: KeyedSession
    init(session: KeyedSession) { self.session = session }
}

extension ServiceKeys {
    fileprivate static let keyedConnection = Key<KeyedConnection>(scope: .container) { _ in KeyedConnection() }
    fileprivate static let transientSession = Key<KeyedSession>(name: "transient", scope: .transient) { _ in
        KeyedSession()
    }
    fileprivate static let captiveCache = Key<KeyedCache>(scope: .container) { r in
        KeyedCache(session: try r[.transientSession])
    }
    fileprivate static let diagnosticsKeys: [ServiceKeys] = [keyedAPI, keyedSession, keyedDetail]
}

private struct KeyedBehavior: Behavior {
    let seen: Collected<String>

    func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        seen.append("\(type)")
    }
}

private struct KeyedAssembly: Assembly {
    func assemble(container: Container) {
        container.register(.keyedAPI) { _ in MockKeyedAPI("module") }
    }
}

@Suite("Declared keys and diagnostics: verify, the graph, captives, behaviors, modules, disposal, tracing")
struct DeclaredKeyDiagnosticsTests {
    @Test("verify() sees a used key's default as an ordinary registration")
    func verifySeesUsedKey() throws {
        let container = Container()
        _ = try container[.keyedAPI]
        let report = try container.verify()
        #expect(report.verified.map(\.request.description).sorted() == ["KeyedAPI", "KeyedSession"])
        #expect(report.unusedKeyDefaults.isEmpty)
    }

    @Test("verify(keys:) checks the defaults of keys not used yet, notes them, and registers nothing")
    func verifyListsUnusedKeys() throws {
        let container = Container()
        let report = try container.verify(keys: ServiceKeys.diagnosticsKeys) { samples in
            samples.provide(KeyedDetail.self, argument: 1)
        }
        #expect(
            report.unusedKeyDefaults.map(\.request.description).sorted() == [
                "KeyedAPI", "KeyedDetail(arguments: (Int))", "KeyedSession",
            ])
        #expect(report.verified.count == 3)
        #expect(report.unusedKeyDefaults.allSatisfy { $0.fileID.hasSuffix("DeclaredKeyFixtures.swift") })
        #expect(report.description.contains("Declared keys whose default was not used yet (3)"))
        #expect(!container.hasAnyRegistration(of: (any KeyedAPI).self))
        #expect(!container.hasAnyRegistration(of: KeyedSession.self))
    }

    @Test("verify(keys:) reports a key default that fails, as any registration")
    func verifyFailingKey() {
        let container = Container()
        do {
            try container.verify(keys: [ServiceKeys.needsUnregistered])
            Issue.record("expected a verification error")
        } catch {
            #expect(error.failures.count == 1)
            #expect(error.failures.first.map { ObjectIdentifier($0.request.serviceType) } == ObjectIdentifier(Int.self))
        }
    }

    @Test("verify(keys:) does not list keys already used or overridden")
    func verifyUsedAndOverridden() throws {
        let container = Container()
        container.register(.keyedAPI) { _ in MockKeyedAPI() }
        let report = try container.verify(keys: [ServiceKeys.keyedAPI, ServiceKeys.keyedSession])
        #expect(report.unusedKeyDefaults.map(\.request.description) == ["KeyedSession"])
    }

    @Test("the captive check sees a container-scoped key capturing a transient key")
    func captiveThroughKeys() {
        let container = Container()
        do {
            try container.verify(keys: [ServiceKeys.captiveCache, ServiceKeys.transientSession])
            Issue.record("expected a captive dependency")
        } catch {
            #expect(error.captiveDependencies.count == 1)
            #expect(error.captiveDependencies.first?.captured.request.name == "transient")
        }
    }

    @Test("the dependency graph draws used keys as registrations and unused keys' defaults in their own group")
    func dependencyGraph() throws {
        let container = Container()
        _ = try container[.keyedSession]
        let graph = container.dependencyGraph(keys: [ServiceKeys.keyedAPI, ServiceKeys.keyedSession])
        let api = graph.nodes.first { $0.request.description == "KeyedAPI" }
        let session = graph.nodes.first { $0.request.description == "KeyedSession" }
        #expect(api?.module == Container.unusedKeyGroup)
        #expect(session?.module == nil)
        #expect(session?.isInherited == false)
        #expect(graph.edges.contains { $0.from == api?.id && $0.to == session?.id })
        #expect(graph.mermaid.contains("KeyedAPI"))
    }

    @Test("behaviors hear of a key's default when it is registered")
    func behaviorsHearDefaults() throws {
        let seen = Collected<String>()
        let container = Container(behaviors: [KeyedBehavior(seen: seen)])
        _ = try container[.keyedSession]
        _ = try container[.keyedSession]
        #expect(seen.all == ["KeyedSession"])
    }

    @Test("a module overrides a key; unloading it brings the default back")
    func moduleOverride() throws {
        let container = Container()
        try container.load(KeyedAssembly())
        #expect(try container[.keyedAPI].label == "module")
        #expect(container.unload(KeyedAssembly.self))
        #expect(try container[.keyedAPI].label == "real")
    }

    @Test("a disposable singleton made by a key's default is disposed when its container shuts down")
    func disposal() throws {
        let container = Container()
        let connection = try container[.keyedConnection]
        container.shutdown()
        #expect(connection.disposed.value == 1)
    }

    @Test("a trace of the key's type shows the default registration, declared where the key is")
    func tracing() throws {
        let container = Container()
        _ = try container[.keyedAPI]
        let traced = container.trace((any KeyedAPI).self)
        #expect(try traced.get().label == "real")
        #expect(traced.trace.steps.first?.registration.fileID.hasSuffix("DeclaredKeyFixtures.swift") == true)
        #expect(traced.trace.steps.first?.children.first?.request.description == "KeyedSession")
    }
}
