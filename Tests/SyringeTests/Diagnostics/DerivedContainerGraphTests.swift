import Syringe
import Testing

private final class Logger: Sendable {}
private final class Clock: Sendable {}
private final class Cache: Sendable {
    init(clock: Clock, logger: Logger) {}
}
private final class API: Sendable {
    init(logger: Logger) {}
}
private final class Repository: Sendable {
    init(api: API, cache: Cache) {}
}
private final class Cart: Sendable {
    init(repository: Repository) {}
}
private final class Till: Sendable {
    init(cart: Cart, api: API) {}
}
private final class Mock: Sendable {}

@Suite("The dependency graph of a derived container: one node per registration")
struct DerivedContainerGraphTests {
    private func app() -> Container {
        let app = Container()
        app.register(Logger.self) { _ in Logger() }.inObjectScope(.container)
        app.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        app.register(Cache.self) { r in Cache(clock: try r.require(Clock.self), logger: try r.require(Logger.self)) }
            .inObjectScope(.container)
        app.register(API.self) { r in API(logger: try r.require(Logger.self)) }.inObjectScope(.container)
        app.register(Repository.self) { r in Repository(api: try r.require(API.self), cache: try r.require(Cache.self))
        }
        .inObjectScope(.weak)
        app.register(Cart.self) { r in Cart(repository: try r.require(Repository.self)) }.inObjectScope(.perContainer)
        app.register(Till.self) { r in Till(cart: try r.require(Cart.self), api: try r.require(API.self)) }
        return app
    }

    private func edges(_ graph: DependencyGraph) -> [String] {
        graph.edges.map { "\(graph.nodes[$0.from].title) -> \(graph.nodes[$0.to].title)" }.sorted()
    }

    @Test("A derived container draws the app's registrations once each, with the app's edges")
    func derivedGraph() throws {
        let app = app()
        let appGraph = app.dependencyGraph()
        let derived = app.derived { c in c.register(Mock.self) { _ in Mock() } }
        let graph = derived.dependencyGraph()
        #expect(graph.nodes.count == appGraph.nodes.count + 1)
        #expect(Set(graph.nodes.map(\.title)).count == graph.nodes.count)
        #expect(graph.nodes.filter(\.isInherited).map(\.title) == appGraph.nodes.map(\.title))
        #expect(edges(graph) == edges(appGraph))
        #expect(graph.mermaid.split(separator: "\n").filter { $0.contains("[\"Logger<br/>") }.count == 1)
    }

    @Test("Still one node per registration once the derived container made its own singletons")
    func afterResolving() throws {
        let app = app()
        let derived = app.derived()
        _ = try derived.require(Till.self)
        let graph = derived.dependencyGraph()
        #expect(graph.nodes.map(\.title) == app.dependencyGraph().nodes.map(\.title))
        #expect(edges(graph) == edges(app.dependencyGraph()))
    }
}
