import Synchronization
import Syringe
import Testing

private final class Engine: Sendable {}

private final class Car: Sendable {
    let engine: Engine
    let spare: Engine
    init(engine: Engine, spare: Engine) {
        self.engine = engine
        self.spare = spare
    }
}

/// What a factory saw of its resolver.
private final class Seen: Sendable {
    let resolvers = Mutex<[ObjectIdentifier]>([])
    let wereContainers = Mutex<[Bool]>([])

    func record(_ resolver: any Resolver) {
        resolvers.withLock { $0.append(ObjectIdentifier(resolver as AnyObject)) }
        wereContainers.withLock { $0.append(resolver is Container) }
    }
}

/// State a library keeps on the resolver object, as SwinjectPropertyLoader does on Swinject's container.
private let properties = Mutex<[ObjectIdentifier: String]>([:])

extension Container {
    fileprivate var endpoint: String? { properties.withLock { $0[ObjectIdentifier(self)] } }
    fileprivate func setEndpoint(_ value: String) { properties.withLock { $0[ObjectIdentifier(self)] = value } }
}

@Suite("Factories and initCompleted receive the container, as in Swinject")
struct ResolverIsContainerTests {
    @Test("A factory's and initCompleted's resolver is the container resolved from")
    func resolverIsTheContainer() throws {
        let container = Container()
        let seen = Seen()
        container.register(Engine.self) { r in
            seen.record(r)
            return Engine()
        }.initCompleted { r, _ in seen.record(r) }
        _ = try container.require(Engine.self)
        #expect(seen.resolvers.withLock { $0 } == [ObjectIdentifier(container), ObjectIdentifier(container)])
        #expect(seen.wereContainers.withLock { $0 } == [true, true])
    }

    @Test("A parent's registration resolved through a child receives the child, so the child's services win")
    func childIsTheResolver() throws {
        let parent = Container()
        let child = Container(parent: parent)
        let seen = Seen()
        parent.register(Engine.self) { _ in Engine() }
        let childEngine = Engine()
        child.register(Engine.self) { _ in childEngine }
        parent.register(Car.self) { r in
            seen.record(r)
            return Car(engine: r.resolve(Engine.self)!, spare: r.resolve(Engine.self)!)
        }
        let car = try child.require(Car.self)
        #expect(seen.resolvers.withLock { $0 } == [ObjectIdentifier(child)])
        #expect(car.engine === childEngine)
        let fromParent = try parent.require(Car.self)
        #expect(fromParent.engine !== childEngine)
        #expect(seen.resolvers.withLock { $0 }.last == ObjectIdentifier(parent))
    }

    @Test("Resolving through the resolver cast to Container stays in the same object graph")
    func castResolverSharesTheGraph() throws {
        let container = Container()
        container.register(Engine.self) { _ in Engine() }
        container.register(Car.self) { r in
            let asContainer = r as! Container  // what Swinject code does; `r` is a Container here
            return Car(engine: r.resolve(Engine.self)!, spare: asContainer.resolve(Engine.self)!)
        }
        let car = try container.require(Car.self)
        #expect(car.engine === car.spare)
        #expect(try container.require(Car.self).engine !== car.engine)
    }

    @Test("State kept on the resolver object is the container's, as libraries built for Swinject expect")
    func stateOnTheResolver() throws {
        let container = Container()
        container.setEndpoint("https://example.com")
        container.register(String.self, name: "endpoint") { r in (r as? Container)?.endpoint ?? "none" }
        #expect(try container.require(String.self, name: "endpoint") == "https://example.com")
    }

    @Test("A resolver kept by a service and used later starts a new resolution with a new graph")
    func keptResolver() throws {
        final class Holder: @unchecked Sendable {
            // @unchecked Sendable: `resolver` is the container a factory receives, which is `Sendable`.
            let resolver: any Resolver
            let engine: Engine
            init(resolver: any Resolver, engine: Engine) {
                self.resolver = resolver
                self.engine = engine
            }
        }
        let container = Container()
        container.register(Engine.self) { _ in Engine() }
        container.register(Holder.self) { r in Holder(resolver: r, engine: r.resolve(Engine.self)!) }
        let holder = try container.require(Holder.self)
        // Compared outside `#expect`: the macro's expansion of `===` on `AnyObject` crashes the 6.3 compiler.
        let keptIsContainer = ObjectIdentifier(holder.resolver as AnyObject) == ObjectIdentifier(container)
        #expect(keptIsContainer)
        let later = try #require(holder.resolver.resolve(Engine.self))
        #expect(later !== holder.engine)
    }

    @Test("A factory resolving from another container starts that container's own resolution")
    func otherContainer() throws {
        let other = Container()
        let shared = Engine()
        other.register(Engine.self) { _ in shared }
        let container = Container()
        let seen = Seen()
        container.register(Engine.self) { _ in Engine() }
        container.register(Car.self) { r in
            seen.record(r)
            return Car(engine: r.resolve(Engine.self)!, spare: other.resolve(Engine.self)!)
        }
        let car = try container.require(Car.self)
        #expect(car.spare === shared)
        #expect(car.engine !== shared)
        #expect(seen.resolvers.withLock { $0 } == [ObjectIdentifier(container)])
    }

    @Test("A cycle through the container resolver is still reported with its path")
    func cycleThroughContainer() throws {
        final class Ping: Sendable { init(_: Pong) {} }
        final class Pong: Sendable { init(_: Ping) {} }
        let container = Container()
        container.register(Ping.self) { r in Ping(try (r as! Container).require(Pong.self)) }
        container.register(Pong.self) { r in Pong(try r.require(Ping.self)) }
        let error = try #require(throws: ResolutionError.self) { try container.require(Ping.self) }
        #expect(error.path.map(\.description) == ["Ping", "Pong", "Ping"])
    }

    @Test("withObjectGraph's container is a resolver whose factories share the graph")
    func objectGraphView() throws {
        let container = Container()
        container.register(Engine.self) { _ in Engine() }
        container.register(Car.self) { r in Car(engine: r.resolve(Engine.self)!, spare: r.resolve(Engine.self)!) }
        let graph = GraphIdentifier()
        let (first, second) = container.withObjectGraph(graph) { view in
            (view.resolve(Car.self)!, view.resolve(Car.self)!)
        }
        #expect(first.engine === second.engine)
        #expect(first.engine === first.spare)
    }
}
