import Syringe
import Testing

@globalActor
private actor LedgerActor {
    static let shared = LedgerActor()
}

private final class Clock: Sendable {}
private final class Cache: Sendable {
    init(clock: Clock) {}
}

/// Made only on `LedgerActor`.
private final class Ledger: Sendable {
    @LedgerActor init(cache: Cache) {}
}

/// Stands in for a SwiftData `@ModelActor`.
private actor Archive {
    var titles = ["Dune"]
}

private final class Catalog: Sendable {
    init(titles: [String], cache: Cache) {}
}

private final class Shelf: Sendable {
    init(title: String) {}
}

private final class Reader: Sendable {
    init(catalog: Catalog, ledger: Ledger) {}
}

private protocol Missing: Sendable {}

@Suite("The awaited dependency graph walks factories isolated to a global actor or an actor instance")
struct ActorIsolatedDependencyGraphTests {
    private func node(_ graph: DependencyGraph, _ title: String) throws -> DependencyGraph.Node {
        try #require(graph.nodes.first { $0.title == title }, "no node \(title) in \(graph.nodes.map(\.title))")
    }

    /// The node of the registration of `type` (whatever runtime arguments its title names).
    private func node(_ graph: DependencyGraph, of type: Any.Type) throws -> DependencyGraph.Node {
        try #require(graph.nodes.first { $0.request.serviceType == type }, "no node of \(type)")
    }

    private func edges(_ graph: DependencyGraph) -> [String] {
        graph.edges.map { "\(graph.nodes[$0.from].title) -> \(graph.nodes[$0.to].title)" }.sorted()
    }

    private func isResolved(_ node: DependencyGraph.Node) -> Bool {
        if case .resolved = node.status { true } else { false }
    }

    /// A container whose global-actor and actor-instance registrations depend on synchronous ones and on each other.
    private func makeContainer(archive: Archive) -> Container {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }
        container.register(Cache.self) { r in Cache(clock: try r.require(Clock.self)) }
        container.register(Ledger.self, isolatedTo: LedgerActor.self) { @LedgerActor r in
            Ledger(cache: try r.require(Cache.self))
        }
        .inObjectScope(.container)
        container.register(Catalog.self, on: archive) { archive, r in
            Catalog(titles: archive.titles, cache: try r.require(Cache.self))
        }
        container.register(Reader.self) { r async throws in
            Reader(catalog: try await r.require(Catalog.self), ledger: try await r.require(Ledger.self))
        }
        return container
    }

    @Test("the synchronous graph shows them as not walked; the awaited one resolves them and draws their edges")
    func walked() async throws {
        let container = makeContainer(archive: Archive())
        let synchronous = container.dependencyGraph()
        for title in ["Ledger", "Catalog", "Reader"] {
            guard case .notWalked(.async) = try node(synchronous, title).status else {
                Issue.record("\(title) is \(try node(synchronous, title).status.label) in the synchronous graph")
                continue
            }
        }
        #expect(!edges(synchronous).contains("Ledger -> Cache"))

        let graph = await container.async.dependencyGraph()
        #expect(graph.nodes.allSatisfy(isResolved), "\(graph.nodes.map { ($0.title, $0.status.label) })")
        #expect(
            edges(graph) == [
                "Cache -> Clock", "Catalog -> Cache", "Ledger -> Cache", "Reader -> Catalog", "Reader -> Ledger",
            ])
        #expect(graph.mermaid.contains("Ledger"))
    }

    @Test("the awaited walk creates no singleton: the global actor's .container instance is made on first real use")
    func throwaway() async throws {
        let container = makeContainer(archive: Archive())
        _ = await container.async.dependencyGraph()
        let first = try await container.async.require(Ledger.self)
        let second = try await container.async.require(Ledger.self)
        #expect(first === second)
    }

    @Test("a missing dependency of an actor-instance factory is a failed node with an edge to the missing request")
    func missingDependency() async throws {
        let container = Container()
        container.register(Shelf.self, on: Archive()) { archive, r in
            _ = try r.require((any Missing).self)
            return Shelf(title: archive.titles[0])
        }
        let graph = await container.async.dependencyGraph()
        guard case .failed(let error) = try node(graph, "Shelf").status else {
            Issue.record("Shelf is \(try node(graph, "Shelf").status.label)")
            return
        }
        #expect(error.code == .notRegistered)
        #expect(edges(graph) == ["Shelf -> Missing"])
        #expect(graph.nodes.contains { if case .missing = $0.status { $0.title == "Missing" } else { false } })
    }

    @Test("a .container registration on a global actor that captures a transient one draws the edge as captive")
    func captive() async throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.transient)
        container.register(Cache.self) { r in Cache(clock: try r.require(Clock.self)) }.inObjectScope(.transient)
        container.register(Ledger.self, isolatedTo: LedgerActor.self) { @LedgerActor r in
            Ledger(cache: try r.require(Cache.self))
        }
        .inObjectScope(.container)
        let graph = await container.async.dependencyGraph()
        let captive = graph.edges.filter(\.isCaptive).map { "\(graph.nodes[$0.from].title) -> \(graph.nodes[$0.to].title)" }
        #expect(captive.sorted() == ["Cache -> Clock", "Ledger -> Cache"])
    }

    @Test("an actor-isolated registration with runtime arguments is walked with a sample, not walked without one")
    func samples() async throws {
        let container = Container()
        container.register(Shelf.self, on: Archive()) { archive, _, index in Shelf(title: archive.titles[index]) }
        let without = await container.async.dependencyGraph()
        guard case .notWalked(.needsArguments) = try node(without, of: Shelf.self).status else {
            Issue.record("Shelf is \(try node(without, of: Shelf.self).status.label) without a sample")
            return
        }
        let with = await container.async.dependencyGraph { $0.provide(Shelf.self, argument: 0) }
        #expect(isResolved(try node(with, of: Shelf.self)))
    }
}
