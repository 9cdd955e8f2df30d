import Foundation
import Synchronization
import Syringe
import Testing

private final class Logger: Sendable {}
private final class Clock: Sendable {}
private final class Cache: Sendable {
    init(clock: Clock) {}
}
private final class Repository: Sendable {
    init(cache: Cache, logger: Logger) {}
}
private protocol Loading: Sendable {}
private final class Service: Loading {
    init(repository: Repository) {}
}
private final class Parent {
    var child: Child?
}
private final class Child {
    let parent: Parent
    init(parent: Parent) { self.parent = parent }
}
private final class Broken: Sendable {}
private enum BrokenError: Error { case failed }
private final class NeedsBroken: Sendable {
    init(broken: Broken) {}
}
private protocol Missing: Sendable {}
private final class Greeting: Sendable {
    init(text: String) {}
}
private final class Session: Sendable {}
@MainActor private final class Screen {
    init(service: any Loading) {}
}
private struct FeatureAssembly: Assembly {
    func assemble(container: Container) {
        container.register(Service.self) { r in Service(repository: try r.require(Repository.self)) }
            .implements((any Loading).self)
    }
}

private let madeCaches = Mutex(0)

@Suite("The dependency graph of a container")
struct DependencyGraphTests {
    private func node(_ graph: DependencyGraph, _ title: String) throws -> DependencyGraph.Node {
        try #require(graph.nodes.first { $0.title == title }, "no node \(title) in \(graph.nodes.map(\.title))")
    }

    private func edges(_ graph: DependencyGraph) -> [String] {
        graph.edges.map { "\(graph.nodes[$0.from].title) -> \(graph.nodes[$0.to].title)" }.sorted()
    }

    @Test("One node per registration and one edge per dependency the factories resolved, parents' included")
    func nodesAndEdges() throws {
        let parent = Container()
        parent.register(Logger.self) { _ in Logger() }.inObjectScope(.container)
        let container = Container(parent: parent)
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        container.register(Cache.self) { r in
            madeCaches.withLock { $0 += 1 }
            return Cache(clock: try r.require(Clock.self))
        }.inObjectScope(.container)
        container.register(Repository.self) { r in
            Repository(cache: try r.require(Cache.self), logger: try r.require(Logger.self))
        }
        try container.load(FeatureAssembly())

        let before = madeCaches.withLock { $0 }
        let graph = container.dependencyGraph()
        #expect(graph.nodes.map(\.title) == ["Cache", "Clock", "Repository", "Service", "Logger"])
        #expect(graph.nodes.map(\.id) == Array(0..<5))
        #expect(graph.nodes.map(\.isInherited) == [false, false, false, false, true])
        #expect(
            edges(graph) == ["Cache -> Clock", "Repository -> Cache", "Repository -> Logger", "Service -> Repository"])
        #expect(graph.edges.allSatisfy { !$0.isCycle && !$0.isCaptive })
        let service = try node(graph, "Service")
        #expect(service.forwardedAs.map(\.description) == ["Loading"])
        #expect(service.module == "FeatureAssembly")
        #expect(try node(graph, "Cache").module == nil)
        #expect(try node(graph, "Cache").registration?.scope == "container")
        #expect(graph.nodes.allSatisfy { if case .resolved = $0.status { true } else { false } })
        // The walk is verify()'s: throwaway, so the singleton is made again by the first real resolve.
        #expect(madeCaches.withLock { $0 } > before)
        let walked = madeCaches.withLock { $0 }
        _ = try container.require(Cache.self)
        #expect(madeCaches.withLock { $0 } == walked + 1)
    }

    @Test("Cycles, captive dependencies, failures and missing registrations are marked")
    func findingsAreMarked() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.transient)
        container.register(Cache.self) { r in Cache(clock: try r.require(Clock.self)) }.inObjectScope(.container)
        // A cycle broken by property injection: it resolves, and is still a cycle.
        container.register(Parent.self) { _ in Parent() }
            .initCompleted { r, parent in parent.child = try r.require(Child.self) }
        container.register(Child.self) { r in Child(parent: try r.require(Parent.self)) }
        container.register(Broken.self) { _ in throw BrokenError.failed }
        container.register(NeedsBroken.self) { r in NeedsBroken(broken: try r.require(Broken.self)) }
        container.register(Greeting.self) { r in
            _ = try r.require((any Missing).self)
            return Greeting(text: "hi")
        }

        let graph = container.dependencyGraph()
        let cycle = graph.edges.filter(\.isCycle).map { "\(graph.nodes[$0.from].title) -> \(graph.nodes[$0.to].title)" }
        #expect(cycle.sorted() == ["Child -> Parent", "Parent -> Child"])
        let captive = graph.edges.filter(\.isCaptive).map {
            "\(graph.nodes[$0.from].title) -> \(graph.nodes[$0.to].title)"
        }
        #expect(captive == ["Cache -> Clock"])
        guard case .resolved = try node(graph, "Parent").status else {
            Issue.record("a cycle through initCompleted resolves")
            return
        }
        for title in ["Broken", "NeedsBroken"] {
            guard case .failed(let error) = try node(graph, title).status else {
                Issue.record("\(title) should be failed")
                continue
            }
            #expect(error.code == .factoryFailed)
        }
        guard case .failed(let error) = try node(graph, "Greeting").status else {
            Issue.record("Greeting should be failed")
            return
        }
        #expect(error.code == .notRegistered)
        let missing = try node(graph, "Missing")
        guard case .missing = missing.status else {
            Issue.record("Missing should be a missing node")
            return
        }
        #expect(missing.registration == nil)
        #expect(edges(graph).contains("Greeting -> Missing"))
        #expect(missing.id == graph.nodes.count - 1)
    }

    @Test("A failing cycle marks its registrations failed and its edges as a cycle")
    func failingCycle() throws {
        final class A: Sendable { init(b: B) {} }
        final class B: Sendable { init(a: A) {} }
        let container = Container()
        container.register(A.self) { r in A(b: try r.require(B.self)) }
        container.register(B.self) { r in B(a: try r.require(A.self)) }
        let graph = container.dependencyGraph()
        #expect(graph.edges.count == 2 && graph.edges.allSatisfy(\.isCycle))
        for node in graph.nodes {
            guard case .failed(let error) = node.status else {
                Issue.record("\(node.title) should be failed")
                continue
            }
            #expect(error.code == .circularDependency)
        }
    }

    @Test("Async, main-actor and argument-taking registrations are shown as not walked, unless samples are given")
    func notWalked() throws {
        let container = Container()
        container.register(Session.self) { _ in
            await Task.yield()
            return Session()
        }
        container.register(Screen.self, isolatedTo: MainActor.self) { r in
            Screen(service: try r.require((any Loading).self))
        }
        container.register(Greeting.self) { (_, text: String) in Greeting(text: text) }
        let graph = container.dependencyGraph()
        var reasons: [String: DependencyGraph.NotWalkedReason] = [:]
        for node in graph.nodes {
            if case .notWalked(let reason) = node.status { reasons[node.title] = reason }
        }
        #expect(reasons == ["Session": .async, "Screen": .mainActor, "Greeting(arguments: (String))": .needsArguments])
        let sampled = container.dependencyGraph { $0.provide(Greeting.self, argument: "hi") }
        guard case .resolved = try node(sampled, "Greeting(arguments: (String))").status else {
            Issue.record("a sample lets the walk resolve it")
            return
        }
    }

    @Test("From main-actor code, @MainActor registrations are walked and their dependencies drawn")
    @MainActor
    func mainActorWalk() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }
        container.register(Cache.self) { r in Cache(clock: try r.require(Clock.self)) }
        container.register(Repository.self) { r in Repository(cache: try r.require(Cache.self), logger: Logger()) }
        container.register(Service.self) { r in Service(repository: try r.require(Repository.self)) }
            .implements((any Loading).self)
        container.register(Screen.self, isolatedTo: MainActor.self) { r in
            Screen(service: try r.require((any Loading).self))
        }
        let graph = container.mainActor.dependencyGraph()
        guard case .resolved = try node(graph, "Screen").status else {
            Issue.record("Screen should be walked on the main actor")
            return
        }
        #expect(edges(graph).contains("Screen -> Service"))
    }

    @Test("Graphs exported on several threads while another registers are each consistent")
    func concurrentExportAndRegistration() {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        container.register(Cache.self, name: "base") { r in Cache(clock: try r.require(Clock.self)) }
            .inObjectScope(.container)
        let graphs = Collected<DependencyGraph>()
        let gate = StartGate(parties: 4)
        let finished = ThreadRunner.run(threads: 4) { index in
            gate.arriveAndWait()
            if index == 0 {
                for name in 0..<200 {
                    container.register(Cache.self, name: "cache-\(name)") { r in Cache(clock: try r.require(Clock.self))
                    }
                    .inObjectScope(.container)
                }
            } else {
                for _ in 0..<10 { graphs.append(container.dependencyGraph()) }
            }
        }
        #expect(finished)
        #expect(graphs.all.count == 30)
        for graph in graphs.all {
            #expect((2...202).contains(graph.nodes.count))
            // Every Cache depends on the one Clock, and nothing failed.
            #expect(graph.edges.count == graph.nodes.count - 1)
            #expect(graph.edges.allSatisfy { graph.nodes[$0.to].title == "Clock" && !$0.isCaptive && !$0.isCycle })
            #expect(graph.nodes.allSatisfy { if case .resolved = $0.status { true } else { false } })
        }
        #expect(container.dependencyGraph().nodes.count == 202)
    }

    @Test("Mermaid and DOT render the nodes, edges and highlights, with labels escaped")
    func renderings() throws {
        let container = Container()
        container.register(Clock.self, name: "utc \"zone\"") { _ in Clock() }.inObjectScope(.transient)
        container.register(Cache.self) { r in Cache(clock: try r.require(Clock.self, name: "utc \"zone\"")) }
            .inObjectScope(.container)
        container.register(Optional<Logger>.self) { _ in Logger() }
        let graph = container.dependencyGraph()
        #expect(
            graph.mermaid == """
                flowchart LR
                    n0["Cache<br/>container"]
                    n1["Clock(name: #quot;utc #quot;zone#quot;#quot;)<br/>transient"]
                    n2["Optional#lt;Logger#gt;<br/>graph"]
                    n0 -->|captive| n1
                    classDef failed fill:#fde2e2,stroke:#c62828,color:#000
                    classDef missing fill:#fff,stroke:#c62828,stroke-dasharray:4 3,color:#c62828
                    classDef notWalked fill:#f5f5f5,stroke:#757575,stroke-dasharray:4 3,color:#000
                    classDef inherited fill:#e8eaf6,stroke:#3949ab,color:#000
                    linkStyle 0 stroke:#ef6c00,stroke-width:2px

                """
        )
        #expect(
            graph.dot == """
                digraph Dependencies {
                    rankdir=LR;
                    node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica"];
                    n0 [label="Cache\\ncontainer"];
                    n1 [label="Clock(name: \\"utc \\"zone\\"\\")\\ntransient"];
                    n2 [label="Optional<Logger>\\ngraph"];
                    n0 -> n1 [label="captive", color="#ef6c00", penwidth=2];
                }

                """
        )
    }
}
