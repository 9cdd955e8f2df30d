import Syringe
import Testing

// Lazy and Provider as Swinject 2.10 has them: read inside a factory they stay in the resolution's object graph,
// and they are bound to the registration they were made from. These classes are mutated only by factories and
// `initCompleted` closures, before the instances are shared.

private final class Engine: Sendable {}

private final class Car: Sendable {
    let engine: Engine
    let other: Engine
    init(_ engine: Engine, _ other: Engine) {
        self.engine = engine
        self.other = other
    }
}

private final class Parent: @unchecked Sendable {
    let child: Child
    init(child: Child) { self.child = child }
}

private final class Child: @unchecked Sendable {
    weak var parent: Parent?
}

private final class Printer: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

private final class SelfReferencing: @unchecked Sendable {
    var me: Lazy<SelfReferencing>?
}

private final class Ping: Sendable { init(_: Pong) {} }
private final class Pong: Sendable { init(_: Ping) {} }

@Suite("Lazy and Provider keep to the object graph and to their registration, as in Swinject")
struct LazyProviderParityTests {
    @Test("A Provider read inside a factory resolves in that factory's graph")
    func providerInGraph() throws {
        let container = Container()
        container.register(Engine.self) { _ in Engine() }
        container.register(Car.self) { r in Car(r.resolve(Engine.self)!, r.resolve(Provider<Engine>.self)!.instance) }
        let car = try container.require(Car.self)
        #expect(car.engine === car.other)
    }

    @Test("A Lazy read inside a factory joins the resolution, so a circular graph closes through it")
    func lazyInGraph() throws {
        let container = Container()
        container.register(Parent.self) { r in Parent(child: r.resolve(Lazy<Child>.self)!.instance) }
        container.register(Child.self) { _ in Child() }
            .initCompleted { r, child in child.parent = r.resolve(Parent.self) }
        let parent = try container.require(Parent.self)
        #expect(parent.child.parent === parent)
    }

    @Test("A cycle through a Lazy or Provider read is a circularDependency with its path", arguments: [true, false])
    func cycleThroughWrapper(lazy: Bool) throws {
        let container = Container()
        container.register(Ping.self) { r in
            Ping(lazy ? try r.require(Lazy<Pong>.self).require() : try r.require(Provider<Pong>.self).require())
        }
        container.register(Pong.self) { r in Pong(try r.require(Ping.self)) }
        let error = try #require(throws: ResolutionError.self) { try container.require(Ping.self) }
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("expected a cycle, got \(error.kind)")
            return
        }
        #expect(cycle.map(\.description) == ["Ping", "Pong", "Ping"])
    }

    @Test("A Provider read outside a resolution makes a new graph every time")
    func providerOutside() throws {
        let container = Container()
        container.register(Engine.self) { _ in Engine() }
        let provider = try container.require(Provider<Engine>.self)
        #expect(provider.instance !== provider.instance)
    }

    @Test("After removeAll, a Provider made earlier still resolves its registration")
    func providerAfterRemoveAll() throws {
        let container = Container()
        container.register(Printer.self) { _ in Printer("old") }
        let provider = try container.require(Provider<Printer>.self)
        let lazy = try container.require(Lazy<Printer>.self)
        container.removeAll()
        #expect(container.resolve(Printer.self) == nil)
        #expect(provider.instance.label == "old")
        #expect(lazy.instance.label == "old")
    }

    @Test("After the key is registered again, a Lazy or Provider made earlier gives the old registration's instance")
    func boundToRegistration() throws {
        let container = Container()
        container.register(Printer.self) { _ in Printer("old") }
        let provider = try container.require(Provider<Printer>.self)
        let lazy = try container.require(Lazy<Printer>.self)
        container.register(Printer.self) { _ in Printer("new") }
        #expect(try container.require(Printer.self).label == "new")
        #expect(provider.instance.label == "old")
        #expect(lazy.instance.label == "old")
        #expect(try container.require(Provider<Printer>.self).instance.label == "new")
    }

    @Test("A forwarded type's Lazy resolves through the registration it is forwarded to")
    func forwarded() throws {
        let container = Container()
        let entry = container.register(Engine.self) { _ in Engine() }.inObjectScope(.container)
        entry.implements((any AnyObject & Sendable).self)
        let lazy = try container.require(Lazy<any AnyObject & Sendable>.self)
        #expect(lazy.instance === (try container.require(Engine.self)))
    }

    @Test("A Lazy read later gives a weak service's current instance before the older one of its own graph")
    func weakScopeBeforeGraph() throws {
        final class Holder: Sendable {
            let engine: Engine
            let later: Lazy<Engine>
            init(engine: Engine, later: Lazy<Engine>) {
                self.engine = engine
                self.later = later
            }
        }
        let container = Container()
        container.register(Engine.self) { _ in Engine() }.inObjectScope(.weak)
        container.register(Holder.self) { r in
            Holder(engine: r.resolve(Engine.self)!, later: r.resolve(Lazy<Engine>.self)!)
        }
        let holder = try container.require(Holder.self)
        container.resetObjectScope(.weak)
        let current = try container.require(Engine.self)
        #expect(current !== holder.engine)
        // As Swinject's weak storage: the scope's live instance first, then the graph's.
        #expect(holder.later.instance === current)
    }

    @Test("A Lazy whose container is gone throws containerReleased and does not stop the program")
    func containerGone() throws {
        var container: Container? = Container()
        container?.register(Printer.self) { _ in Printer("x") }
        let lazy = try #require(container?.resolve(Lazy<Printer>.self))
        container = nil
        let error = try #require(throws: ResolutionError.self) { try lazy.require() }
        guard case .containerReleased = error.kind else {
            Issue.record("expected containerReleased, got \(error.kind)")
            return
        }
    }

    @Test("A .container singleton holding a Lazy of itself is released with its container")
    func selfReferencingSingletonIsReleased() throws {
        weak var released: SelfReferencing?
        do {
            let container = Container()
            container.register(SelfReferencing.self) { _ in SelfReferencing() }
                .inObjectScope(.container)
                .initCompleted { r, service in service.me = r.resolve(Lazy<SelfReferencing>.self) }
            let service = try container.require(SelfReferencing.self)
            // Not read: a read Lazy keeps its instance, and that cycle is the service's own.
            #expect(service.me != nil)
            released = service
        }
        // A resolve on this thread lets deferred releases run.
        _ = Container().resolve(Engine.self)
        #expect(released == nil)
    }
}

@Suite("GraphIdentifier as Swinject resolves it")
struct GraphIdentifierParityTests {
    @Test("GraphIdentifier is nil outside a resolution and the current graph inside one")
    func insideAndOutside() throws {
        let container = Container()
        #expect(container.resolve(GraphIdentifier.self) == nil)
        #expect(throws: ResolutionError.self) { try container.require(GraphIdentifier.self) }
        final class Screen: Sendable {
            let graph: GraphIdentifier
            let inner: GraphIdentifier
            init(graph: GraphIdentifier, inner: GraphIdentifier) {
                self.graph = graph
                self.inner = inner
            }
        }
        container.register(GraphIdentifier.self, name: "inner") { r in r.resolve(GraphIdentifier.self)! }
        container.register(Screen.self) { r in
            Screen(graph: r.resolve(GraphIdentifier.self)!, inner: r.resolve(GraphIdentifier.self, name: "inner")!)
        }
        let first = try container.require(Screen.self)
        let second = try container.require(Screen.self)
        #expect(first.graph == first.inner)
        #expect(first.graph != second.graph)
    }

    @Test("withObjectGraph with a stored identifier resolves graph-scoped instances of that graph")
    func storedGraph() throws {
        final class Dog: Sendable {}
        let container = Container()
        let graphs = GraphBox()
        container.register(Dog.self) { r in
            graphs.set(r.resolve(GraphIdentifier.self))
            return Dog()
        }.inObjectScope(.graph)
        let dog1 = try container.require(Dog.self)
        let graph = try #require(graphs.value)
        let (dog2, dog3, identifier) = container.withObjectGraph(graph) {
            ($0.resolve(Dog.self)!, $0.resolve(Dog.self)!, $0.resolve(GraphIdentifier.self))
        }
        #expect(dog1 === dog2)
        #expect(dog2 === dog3)
        #expect(identifier == graph)
    }
}

private final class GraphBox: @unchecked Sendable {
    // @unchecked Sendable: used from one thread in these tests.
    private(set) var value: GraphIdentifier?
    func set(_ value: GraphIdentifier?) { self.value = value }
}
