import Syringe
import Testing

private final class Service {
    let id: Int
    init(id: Int = 0) { self.id = id }
}

private final class Pair {
    let first: Service
    let second: Service
    init(first: Service, second: Service) {
        self.first = first
        self.second = second
    }
}

private final class CountingStorage: InstanceStorage {
    var instance: Any?
}

@Suite("Object scopes")
struct ObjectScopeTests {
    private func pairContainer(_ scope: ObjectScope) -> Container {
        let container = Container()
        container.register(Service.self) { _ in Service() }.inObjectScope(scope)
        container.register(Pair.self) { r in Pair(first: r.resolve(Service.self)!, second: r.resolve(Service.self)!) }
            .inObjectScope(.transient)
        return container
    }

    @Test("Transient makes a new instance every time, even inside one graph")
    func transient() {
        let container = pairContainer(.transient)
        let pair = container.resolve(Pair.self)
        #expect(pair?.first !== pair?.second)
        #expect(container.resolve(Service.self) !== container.resolve(Service.self))
    }

    @Test("Graph shares one instance within a resolve, and makes a new one for the next")
    func graph() {
        let container = pairContainer(.graph)
        let first = container.resolve(Pair.self)
        let second = container.resolve(Pair.self)
        #expect(first?.first === first?.second)
        #expect(first?.first !== second?.first)
    }

    @Test("Graph is the default scope")
    func graphIsDefault() {
        let container = Container()
        container.register(Service.self) { _ in Service() }
        container.register(Pair.self) { r in Pair(first: r.resolve(Service.self)!, second: r.resolve(Service.self)!) }
        let pair = container.resolve(Pair.self)
        #expect(pair?.first === pair?.second)
    }

    @Test("Container keeps one instance until reset, and the factory runs once")
    func container() {
        let calls = CallCounter()
        let container = Container()
        container.register(Service.self) { _ in
            calls.increment()
            return Service()
        }
        .inObjectScope(.container)
        let first = container.resolve(Service.self)
        #expect(first === container.resolve(Service.self))
        #expect(calls.value == 1)
        container.resetObjectScope(.container)
        let third = container.resolve(Service.self)
        #expect(third !== first)
        #expect(calls.value == 2)
    }

    @Test("Weak keeps an instance while something holds it")
    func weak() {
        let container = pairContainer(.weak)
        var held = container.resolve(Service.self)
        #expect(held != nil)
        #expect(container.resolve(Service.self) === held)
        #expect(container.resolve(Pair.self)?.first === held)
        weak let released = held
        held = nil
        #expect(released == nil)
        #expect(container.resolve(Service.self) != nil)
    }

    @Test("Weak does not keep an instance nobody holds")
    func weakReleases() {
        let container = Container()
        container.register(Service.self) { _ in Service() }.inObjectScope(.weak)
        weak let first = container.resolve(Service.self)
        #expect(first == nil)
    }

    @Test("resetObjectScope with a service type resets only that type")
    func resetByType() {
        let container = Container()
        container.register(Service.self) { _ in Service() }.inObjectScope(.container)
        container.register(Pair.self) { r in Pair(first: Service(), second: Service()) }.inObjectScope(.container)
        let service = container.resolve(Service.self)
        let pair = container.resolve(Pair.self)
        container.resetObjectScope(.container, serviceType: Service.self)
        #expect(container.resolve(Service.self) !== service)
        #expect(container.resolve(Pair.self) === pair)
    }

    @Test("resetObjectScope resets the parent's registrations too")
    func resetReachesParent() {
        let parent = Container()
        parent.register(Service.self) { _ in Service() }.inObjectScope(.container)
        let child = Container(parent: parent)
        let first = child.resolve(Service.self)
        child.resetObjectScope(.container)
        #expect(parent.resolve(Service.self) !== first)
    }

    @Test("A custom scope keeps instances in its storage and resets on request")
    func customScope() {
        let session = ObjectScope(storageFactory: CountingStorage.init, description: "session")
        #expect(session.description == "session")
        let container = Container()
        container.register(Service.self) { _ in Service() }.inObjectScope(session)
        let first = container.resolve(Service.self)
        #expect(first === container.resolve(Service.self))
        container.resetObjectScope(session)
        #expect(container.resolve(Service.self) !== first)
        #expect(container.description.contains("ObjectScope: session"))
    }

    @Test("A custom scope with a graph parent shares within a graph")
    func customScopeWithParent() {
        let perGraph = ObjectScope(
            storageFactory: TransientStorage.init, description: "per graph", parent: ObjectScope.graph)
        let container = Container()
        container.register(Service.self) { _ in Service() }.inObjectScope(perGraph)
        container.register(Pair.self) { r in Pair(first: r.resolve(Service.self)!, second: r.resolve(Service.self)!) }
        let pair = container.resolve(Pair.self)
        #expect(pair?.first === pair?.second)
        #expect(container.resolve(Pair.self)?.first !== pair?.first)
    }

    @Test("Changing the scope forgets the instance kept so far")
    func changingScopeForgets() {
        let container = Container()
        let entry = container.register(Service.self) { _ in Service() }.inObjectScope(.container)
        let first = container.resolve(Service.self)
        entry.inObjectScope(.container)
        #expect(container.resolve(Service.self) !== first)
    }

    @Test("Value types are kept by the container scope")
    func valueTypeSingleton() {
        let calls = CallCounter()
        let container = Container()
        container.register(Int.self) { _ in
            calls.increment()
            return 7
        }
        .inObjectScope(.container)
        #expect(container.resolve(Int.self) == 7)
        #expect(container.resolve(Int.self) == 7)
        #expect(calls.value == 1)
    }

    @Test("Built-in storages behave as documented")
    func storages() {
        let object = Service()
        let permanent = PermanentStorage()
        permanent.instance = object
        #expect(permanent.instance as AnyObject? === object)
        let transient = TransientStorage()
        transient.instance = object
        #expect(transient.instance == nil)
        let weak = WeakStorage()
        weak.instance = object
        #expect(weak.instance as AnyObject? === object)
        let graph = GraphStorage()
        let id = GraphIdentifier()
        graph.setInstance(object, inGraph: id)
        #expect(graph.instance(inGraph: id) as AnyObject? === object)
        #expect(graph.instance(inGraph: GraphIdentifier()) == nil)
        graph.graphResolutionCompleted()
        #expect(graph.instance == nil)
        let composite = CompositeStorage([TransientStorage(), PermanentStorage()])
        composite.instance = object
        #expect(composite.instance as AnyObject? === object)
    }

    @Test("A value-type singleton and graph instance keep their objects alive exactly as long as the scope does")
    func valueTypeInstancesAreNeitherLeakedNorOverReleased() {
        struct Holder {
            let object: Service
            let label: String
        }
        weak var kept: Service?
        do {
            let container = Container()
            container.register(Holder.self) { _ in
                Holder(object: Service(id: 7), label: String(repeating: "x", count: 40))
            }
            .inObjectScope(.container)
            for _ in 0..<100 {
                let holder = container.resolve(Holder.self)
                #expect(holder?.object.id == 7)
                #expect(holder?.label.count == 40)
                kept = holder?.object
            }
            #expect(kept != nil)
            container.resetObjectScope(.container)
            #expect(kept == nil)
        }
        do {
            let container = Container()
            container.register(Holder.self) { _ in Holder(object: Service(id: 8), label: "graph") }
            for _ in 0..<100 {
                kept = container.resolve(Holder.self)?.object
            }
            #expect(kept == nil)
        }
    }
}
