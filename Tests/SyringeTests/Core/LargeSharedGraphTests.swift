import Syringe
import Testing

private final class Node: Sendable {}

/// What an `async` factory saw of a graph: each graph-scoped node resolved twice.
private final class Hub: Sendable {
    let pairs: [(Node, Node)]
    init(pairs: [(Node, Node)]) { self.pairs = pairs }
}

/// A shared object graph keeps its first instances in a short list and finds them through an index past that;
/// these graphs are larger than the list, so every lookup, store and weakening goes through both.
@Suite("A shared object graph of many instances")
struct LargeSharedGraphTests {
    private static let count = 40

    private func container() -> Container {
        let container = Container()
        for index in 0..<Self.count {
            container.register(Node.self, name: "node \(index)") { _ in Node() }  // graph scope, the default
        }
        return container
    }

    private func nodes(from resolver: any Resolver) -> [Node] {
        (0..<Self.count).map { resolver.resolve(Node.self, name: "node \($0)")! }
    }

    @Test("Resolves in one graph share every instance, and different services stay different")
    func sharedInOneGraph() {
        let container = container()
        let graph = GraphIdentifier()
        let first = container.withObjectGraph(graph) { nodes(from: $0) }
        let second = container.withObjectGraph(graph) { nodes(from: $0) }
        #expect(Set(first.map(ObjectIdentifier.init)).count == Self.count)
        #expect(zip(first, second).allSatisfy { $0 === $1 })
    }

    @Test("Once no resolve runs, the graph keeps its instances weakly: only those held elsewhere come back")
    func weakAfterwards() {
        let container = container()
        let graph = GraphIdentifier()
        var first = container.withObjectGraph(graph) { nodes(from: $0) }
        let held = first.enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
        weak let dropped = first[1]
        first = []
        #expect(dropped == nil)
        let second = container.withObjectGraph(graph) { nodes(from: $0) }
        for (index, node) in held.enumerated() { #expect(second[index * 2] === node) }
        for index in stride(from: 1, to: Self.count, by: 2) {
            #expect(!held.contains { $0 === second[index] })
        }
        let third = container.withObjectGraph(graph) { nodes(from: $0) }
        #expect(zip(second, third).allSatisfy { $0 === $1 })
    }

    @Test("An awaited resolution shares each graph-scoped instance with everything it makes")
    func awaited() async throws {
        let container = container()
        container.register(Hub.self) { (r: any AsyncResolver) async throws -> Hub in
            // Every node, then every node again: the second round finds the first's instances in the graph.
            var rounds: [[Node]] = [[], []]
            for round in rounds.indices {
                for index in 0..<Self.count {
                    rounds[round].append(try await r.require(Node.self, name: "node \(index)"))
                }
            }
            return Hub(pairs: Array(zip(rounds[0], rounds[1])))
        }
        let hub = try await container.async.require(Hub.self)
        #expect(hub.pairs.allSatisfy { $0 === $1 })
        #expect(Set(hub.pairs.map { ObjectIdentifier($0.0) }).count == Self.count)
        let next = try await container.async.require(Hub.self)
        #expect(!zip(hub.pairs, next.pairs).contains { $0.0 === $1.0 })
    }
}
