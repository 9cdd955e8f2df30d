import Foundation
import Syringe
import Testing

private final class NodeA: Sendable {
    init(b: NodeB) {}
}
private final class NodeB: Sendable {
    init(a: NodeA) {}
}
private protocol Mailer: Sendable {}
private final class Newsletter: Sendable {
    init(mailer: any Mailer) {}
}
private struct ConfigError: Error {}

private final class Parent: @unchecked Sendable {
    // @unchecked Sendable: test fixture, set once during its resolution.
    var child: Child?
}
private final class Child: Sendable {
    let parent: Parent
    init(parent: Parent) { self.parent = parent }
}

@Suite("verify() and the graph: one report per mistake, notes in path order, legal cycles not red")
struct FirstAppSmallThingsTests {
    @Test("An initializer cycle is one problem in verify(), not one per registration on it")
    func cycleReportedOnce() {
        let container = Container()
        container.autoregister(NodeA.self, initializer: NodeA.init)
        container.autoregister(NodeB.self, initializer: NodeB.init)
        container.autoregister(Newsletter.self, initializer: Newsletter.init)
        container.register(String.self) { _ in throw ConfigError() }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.failures.count == 3)
        #expect(error?.description.hasPrefix("Syringe: verification found 3 problems") == true)
    }

    @Test("A cycle's autoregistration notes follow the cycle's order")
    func cycleNotesInPathOrder() {
        let container = Container()
        container.autoregister(NodeA.self, initializer: NodeA.init)
        container.autoregister(NodeB.self, initializer: NodeB.init)
        let error = #expect(throws: ResolutionError.self) { try container.require(NodeA.self) }
        let description = error?.description ?? ""
        let first = description.range(of: "NodeA's initializer could not be given its parameter of type NodeB")
        let second = description.range(of: "NodeB's initializer could not be given its parameter of type NodeA")
        #expect(first != nil && second != nil)
        if let first, let second { #expect(first.lowerBound < second.lowerBound) }
    }

    @Test("A property-injection cycle that resolves is not drawn as a broken one")
    func resolvedCycleIsNotRed() throws {
        let container = Container()
        container.register(Parent.self) { _ in Parent() }
            .initCompleted { r, parent in parent.child = try r.require(Child.self) }
            .inObjectScope(.container)
        container.register(Child.self) { r in Child(parent: try r.require(Parent.self)) }
            .inObjectScope(.container)
        try container.verify()
        let graph = container.dependencyGraph()
        #expect(graph.edges.contains { $0.isCycle })
        #expect(graph.mermaid.contains("|resolved cycle|"))
        let linkStyles = graph.mermaid.split(separator: "\n").filter { $0.contains("linkStyle") }
        #expect(!linkStyles.isEmpty)
        #expect(!linkStyles.contains { $0.contains("#c62828") })
        #expect(!graph.dot.contains("#c62828"))
    }

    @Test("A broken cycle stays red")
    func brokenCycleIsRed() {
        let container = Container()
        container.autoregister(NodeA.self, initializer: NodeA.init)
        container.autoregister(NodeB.self, initializer: NodeB.init)
        let mermaid = container.dependencyGraph().mermaid
        #expect(mermaid.contains("|cycle|"))
        #expect(mermaid.split(separator: "\n").contains { $0.contains("linkStyle") && $0.contains("#c62828") })
    }
}
