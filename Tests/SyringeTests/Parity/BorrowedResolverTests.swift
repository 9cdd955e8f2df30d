import Syringe
import Testing

// The resolver factories receive is the container, held by the resolution without a reference of its own
// (Runtime/BorrowedResolver.swift). These tests vary what flows through it: many containers one after another (so
// addresses are reused), children, parents and object-graph views, resolvers kept past their resolution, and
// threads.

private final class Service: @unchecked Sendable {
    // @unchecked Sendable: `resolver` is what a factory receives, a `Container` (Sendable); the `Resolver` protocol
    // is not `Sendable`, so that a user's resolver may be a class with mutable state.
    let resolver: any Resolver
    init(resolver: any Resolver) { self.resolver = resolver }
}

private func identity(_ resolver: any Resolver) -> ObjectIdentifier { ObjectIdentifier(resolver as AnyObject) }

@Suite("The borrowed resolver factories receive")
struct BorrowedResolverTests {
    @Test("Each of many short-lived containers, resolved one after another, is the resolver its factories get")
    func manyContainers() throws {
        for index in 0..<2_000 {
            let container = Container()
            container.register(Service.self) { r in Service(resolver: r) }
            container.register(Int.self) { _ in index }
            let service = try container.require(Service.self)
            #expect(identity(service.resolver) == ObjectIdentifier(container))
            #expect(try service.resolver.require(Int.self) == index)
        }
    }

    @Test("A resolver kept by a service keeps its container alive, as any reference does")
    func keptResolverOwnsItsReference() throws {
        weak var weakContainer: Container?
        let service: Service
        do {
            let container = Container()
            container.register(Service.self) { r in Service(resolver: r) }
            container.register(String.self) { _ in "alive" }
            service = try container.require(Service.self)
            weakContainer = container
        }
        #expect(weakContainer != nil)
        #expect(try service.resolver.require(String.self) == "alive")
        #expect((service.resolver as? Container) === weakContainer)
    }

    @Test("A released container is not kept by the resolutions that used it")
    func releasedContainer() throws {
        weak var weakContainer: Container?
        do {
            let container = Container()
            container.register(String.self) { r in "\(r is Container)" }
            #expect(try container.require(String.self) == "true")
            weakContainer = container
        }
        #expect(weakContainer == nil)
        // The thread's next resolution, from another container, works as usual.
        let other = Container()
        other.register(Service.self) { r in Service(resolver: r) }
        #expect(identity(try other.require(Service.self).resolver) == ObjectIdentifier(other))
    }

    @Test("Parent, child and object-graph view alternate on one thread, each the resolver of its own resolves")
    func alternatingContainers() throws {
        let parent = Container()
        let child = Container(parent: parent)
        parent.register(Service.self) { r in Service(resolver: r) }
        for _ in 0..<100 {
            #expect(identity(try parent.require(Service.self).resolver) == ObjectIdentifier(parent))
            #expect(identity(try child.require(Service.self).resolver) == ObjectIdentifier(child))
            let viewed = parent.withObjectGraph(GraphIdentifier()) { view in
                (view.resolve(Service.self).map { identity($0.resolver) }, ObjectIdentifier(view))
            }
            #expect(viewed.0 == viewed.1)
        }
    }

    @Test("A factory resolving from another container nests two resolutions, each with its own resolver")
    func nestedContainers() throws {
        let outer = Container()
        let inner = Container()
        inner.register(Service.self) { r in Service(resolver: r) }
        outer.register(Service.self) { r in
            let innerService = inner.resolve(Service.self)!
            #expect(identity(innerService.resolver) == ObjectIdentifier(inner))
            return Service(resolver: r)
        }
        #expect(identity(try outer.require(Service.self).resolver) == ObjectIdentifier(outer))
    }

    @Test("Threads resolving from their own and a shared container each see the right resolver")
    func threads() throws {
        let shared = Container()
        shared.register(Service.self) { r in Service(resolver: r) }
        let mismatches = CallCounter()
        let finished = ThreadRunner.run(threads: 4) { _ in
            for _ in 0..<500 {
                let own = Container()
                own.register(Service.self) { r in Service(resolver: r) }
                let fromOwn = own.resolve(Service.self).map { identity($0.resolver) }
                let fromShared = shared.resolve(Service.self).map { identity($0.resolver) }
                if fromOwn != ObjectIdentifier(own) || fromShared != ObjectIdentifier(shared) {
                    mismatches.increment()
                }
            }
        }
        #expect(finished)
        #expect(mismatches.value == 0)
    }
}
