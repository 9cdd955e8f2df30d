import Syringe
import Testing

private final class LabelClock: Sendable {}
private final class LabelFeed: Sendable {
    init(clock: LabelClock) {}
}
private final class LabelReport: Sendable {}
private final class UnlabelledThing: Sendable {}

extension ServiceKeys {
    fileprivate static let labelClock = Key<LabelClock>(label: "clock", scope: .container) { _ in LabelClock() }
    fileprivate static let labelFeed = Key<LabelFeed>(label: "feed") { r in LabelFeed(clock: try r[.labelClock]) }
    fileprivate static let labelReport = AsyncKey<LabelReport>(label: "report") { _ in LabelReport() }
    fileprivate static let unlabelledThing = Key<UnlabelledThing> { _ in UnlabelledThing() }
}

@Suite("The dependency graph names a registration made from a labelled declared key by the key")
struct KeyLabelGraphTests {
    private func node(_ graph: DependencyGraph, _ title: String) throws -> DependencyGraph.Node {
        try #require(graph.nodes.first { $0.title == title }, "no node \(title) in \(graph.nodes.map(\.title))")
    }

    @Test("A key's default carries the key's label, drawn as ServiceKeys.<label> above the request")
    func defaults() throws {
        let container = Container()
        _ = try container[.labelFeed]
        _ = try container[.unlabelledThing]
        #expect(ServiceKeys.labelFeed.label == "feed")
        #expect(ServiceKeys.unlabelledThing.label == nil)
        let graph = container.dependencyGraph()
        #expect(try node(graph, "LabelFeed").key == "feed")
        #expect(try node(graph, "LabelClock").key == "clock")
        #expect(try node(graph, "UnlabelledThing").key == nil)
        let lines = graph.mermaid.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("[\"ServiceKeys.clock<br/>LabelClock · container\"]") })
        #expect(lines.contains { $0.hasSuffix("[\"ServiceKeys.feed<br/>LabelFeed · graph\"]") })
        #expect(lines.contains { $0.hasSuffix("[\"UnlabelledThing<br/>graph\"]") })
        #expect(graph.dot.contains("label=\"ServiceKeys.clock\\nLabelClock · container\""))
    }

    @Test("An override made with register(.key) is named by the key too; a registration by type is not")
    func overrides() throws {
        let app = Container()
        let test = app.derived { c in
            c.register(.labelClock) { _ in LabelClock() }
            c.register(UnlabelledThing.self) { _ in UnlabelledThing() }
        }
        let graph = test.dependencyGraph()
        let clock = try node(graph, "LabelClock")
        #expect(clock.key == "clock")
        #expect(!clock.isInherited)
        #expect(try node(graph, "UnlabelledThing").key == nil)
    }

    @Test("Keys not used yet are named by their labels in the graph of dependencyGraph(keys:), awaited keys too")
    func unusedKeys() throws {
        let container = Container()
        let graph = container.dependencyGraph(keys: [ServiceKeys.labelFeed, ServiceKeys.labelReport])
        let feed = try node(graph, "LabelFeed")
        #expect(feed.key == "feed")
        #expect(feed.module == Container.unusedKeyGroup)
        #expect(try node(graph, "LabelReport").key == "report")
        #expect(graph.mermaid.contains("ServiceKeys.report<br/>LabelReport"))
    }
}
