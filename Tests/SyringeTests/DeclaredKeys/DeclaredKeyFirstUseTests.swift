import Syringe
import Testing

// A key's first use inside a factory registers its default and resolves it as a nested resolve of the resolution
// that asked: one object graph, one path for cycle checks and messages.

private final class GraphShared: Sendable {}

private final class KeyedChild: Sendable {
    let shared: GraphShared
    init(shared: GraphShared) { self.shared = shared }
}

private final class KeyedParent: Sendable {
    let shared: GraphShared
    let child: KeyedChild
    init(shared: GraphShared, child: KeyedChild) {
        self.shared = shared
        self.child = child
    }
}

private final class KeyedHolder: Sendable {
    let value: any Sendable
    init(_ value: any Sendable) { self.value = value }
}

extension ServiceKeys {
    fileprivate static let graphChild = Key<KeyedChild> { r in KeyedChild(shared: try r.require(GraphShared.self)) }
    fileprivate static let asyncGraphChild = AsyncKey<KeyedChild>(name: "async") { r in
        KeyedChild(shared: try await r.require(GraphShared.self))
    }
    fileprivate static let graphChildWithID = Key<KeyedChild>.WithArguments<Int>(name: "with id") { r, _ in
        KeyedChild(shared: try r.require(GraphShared.self))
    }
}

@Suite("Declared keys: a key first used inside a factory joins that factory's resolution")
struct DeclaredKeyFirstUseTests {
    /// A container whose `KeyedParent` resolves a graph-scoped `GraphShared` and, through `child`, the key.
    private func container(child: @escaping @Sendable (any Resolver) throws -> KeyedChild) -> Container {
        let container = Container()
        container.register(GraphShared.self) { _ in GraphShared() }
        container.register(KeyedParent.self) { r in
            KeyedParent(shared: try r.require(GraphShared.self), child: try child(r))
        }
        return container
    }

    @Test("the key's default shares a graph-scoped dependency with the factory that first used it")
    func graphSharedOnFirstUse() throws {
        let container = container { r in try r[.graphChild] }
        let first = try container.require(KeyedParent.self)
        #expect(first.child.shared === first.shared)
        // Later resolutions find the default with one lookup, and still share; each has its own graph.
        let second = try container.require(KeyedParent.self)
        #expect(second.child.shared === second.shared)
        #expect(second.shared !== first.shared)
    }

    @Test("a key with runtime arguments first used inside a factory shares that resolution's graph too")
    func graphSharedWithArguments() throws {
        let container = container { r in try r[.graphChildWithID, 7] }
        let parent = try container.require(KeyedParent.self)
        #expect(parent.child.shared === parent.shared)
    }

    @Test("a key first used inside a child container's factory joins it; the default goes to the root")
    func childContainerFirstUse() throws {
        let app = Container()
        app.register(GraphShared.self) { _ in GraphShared() }
        let feature = Container(parent: app) { c in
            c.register(KeyedParent.self) { r in
                KeyedParent(shared: try r.require(GraphShared.self), child: try r[.graphChild])
            }
        }
        let parent = try feature.require(KeyedParent.self)
        #expect(parent.child.shared === parent.shared)
        #expect(app.hasAnyRegistration(of: KeyedChild.self))
    }

    @Test("a cycle through keys first used inside each other's defaults is reported with the whole path")
    func cycleWithWholePath() throws {
        let container = Container()
        container.register(KeyedHolder.self) { r in KeyedHolder(try r[.cycleA]) }
        let error = try #require(throws: ResolutionError.self) { try container.require(KeyedHolder.self) }
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("kind is \(error.kind)")
            return
        }
        #expect(cycle.map(\.description) == ["KeyedCycleA", "KeyedCycleB", "KeyedCycleA"])
        #expect(error.path.map(\.description) == ["KeyedHolder", "KeyedCycleA", "KeyedCycleB", "KeyedCycleA"])
        #expect(error.description.contains("KeyedCycleA -> KeyedCycleB -> KeyedCycleA"))
    }

    @Test("a cycle through keys resolved at the top level is reported as the cycle, both ways round")
    func cycleFromTopLevel() throws {
        let container = Container()
        let error = try #require(throws: ResolutionError.self) { try container[.cycleB] }
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("kind is \(error.kind)")
            return
        }
        #expect(cycle.map(\.description) == ["KeyedCycleB", "KeyedCycleA", "KeyedCycleB"])
    }

    @Test("a failure in a key's default first used inside a factory has a path that names that factory's service")
    func errorPathNamesParent() throws {
        let container = Container()
        container.register(KeyedHolder.self) { r in KeyedHolder(try r[.needsUnregistered]) }
        let error = try #require(throws: ResolutionError.self) { try container.require(KeyedHolder.self) }
        if case .notRegistered = error.kind {} else { Issue.record("unexpected kind \(error.kind)") }
        #expect(ObjectIdentifier(error.request.serviceType) == ObjectIdentifier(Int.self))
        #expect(error.path.map(\.description) == ["KeyedHolder", "KeyedDetail", "Int"])
    }

    @Test("a trace of a factory that first uses a key shows the key's default as its child")
    func traceShowsJoinedDefault() throws {
        let container = Container()
        container.register(KeyedHolder.self) { r in KeyedHolder(try r[.keyedSession]) }
        let traced = container.trace(KeyedHolder.self)
        _ = try traced.get()
        #expect(traced.trace.steps.first?.children.first?.request.description == "KeyedSession")
    }

    @Test("verify() and the dependency graph see a key first used during their walk as the factory's dependency")
    func verificationSeesJoinedDefault() throws {
        let container = Container()
        container.register(KeyedHolder.self) { r in KeyedHolder(try r[.keyedSession]) }
        let graph = container.dependencyGraph()
        let holder = graph.nodes.first { $0.request.description == "KeyedHolder" }
        let session = graph.nodes.first { $0.request.description == "KeyedSession" }
        #expect(holder != nil && session != nil)
        #expect(graph.edges.contains { $0.from == holder?.id && $0.to == session?.id })
        let report = try container.verify()
        #expect(report.verified.map(\.request.description).sorted() == ["KeyedHolder", "KeyedSession"])
    }

    @Test("a plain key first used inside an async factory shares that awaited resolution's graph")
    func asyncFactoryFirstUse() async throws {
        let container = Container()
        container.register(GraphShared.self) { _ in GraphShared() }
        container.register(KeyedParent.self) { r in
            await Task.yield()  // an `async` factory: `r` is the awaited resolution
            return KeyedParent(shared: try await r.require(GraphShared.self), child: try r[.graphChild])
        }
        let parent: KeyedParent = try await container.async.require(KeyedParent.self)
        #expect(parent.child.shared === parent.shared)
    }

    @Test("an async key first used inside an async factory shares that awaited resolution's graph")
    func asyncKeyFirstUse() async throws {
        let container = Container()
        container.register(GraphShared.self) { _ in GraphShared() }
        container.register(KeyedParent.self) { r in
            KeyedParent(shared: try await r.require(GraphShared.self), child: try await r[.asyncGraphChild])
        }
        let parent: KeyedParent = try await container.async.require(KeyedParent.self)
        #expect(parent.child.shared === parent.shared)
    }
}
