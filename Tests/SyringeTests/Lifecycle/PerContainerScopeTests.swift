import Syringe
import Testing

@Suite("Per-container scope: feature containers own their singletons")
struct PerContainerScopeTests {
    @Test("sibling feature containers each get their own instance; within one container it is shared")
    func siblings() {
        let log = DisposalLog()
        let app = Container()
        app.register(Resource.self) { _ in Resource("cart", log: log) }.inObjectScope(.perContainer)
        let shop = Container(parent: app)
        let checkout = Container(parent: app)

        let shopCart = shop.resolve(Resource.self)
        #expect(shopCart != nil)
        #expect(shop.resolve(Resource.self) === shopCart)
        #expect(checkout.resolve(Resource.self) !== shopCart)
        #expect(app.resolve(Resource.self) !== shopCart)
    }

    @Test("a container-scoped singleton, unlike it, is shared by the parent and all children")
    func containerScopeIsShared() {
        let app = Container()
        app.register(Resource.self) { _ in Resource("shared", log: DisposalLog()) }.inObjectScope(.container)
        let shop = Container(parent: app)
        let checkout = Container(parent: app)

        #expect(shop.resolve(Resource.self) === checkout.resolve(Resource.self))
        #expect(app.resolve(Resource.self) === shop.resolve(Resource.self))
    }

    @Test("shutting a feature container down disposes only its own instance")
    func shutdownOwnOnly() {
        let log = DisposalLog()
        let counter = CallCounter()
        let app = Container()
        app.register(Resource.self) { _ in
            counter.increment()
            return Resource("cart \(counter.value)", log: log)
        }.inObjectScope(.perContainer)
        let shop = Container(parent: app)
        let checkout = Container(parent: app)

        let shopCart = shop.resolve(Resource.self)
        let checkoutCart = checkout.resolve(Resource.self)
        shop.shutdown()

        #expect(log.entries == [shopCart?.name])
        #expect(checkout.resolve(Resource.self) === checkoutCart)
        checkout.shutdown()
        #expect(log.entries == [shopCart?.name, checkoutCart?.name])
        app.shutdown()
        #expect(log.entries.count == 2)
    }

    @Test("dependencies resolved by a per-container factory come from the resolving container first")
    func dependenciesFromChild() {
        let app = Container()
        app.register(String.self) { _ in "app" }
        app.register(Resource.self) { r in Resource(r.resolve(String.self)!, log: DisposalLog()) }
            .inObjectScope(.perContainer)
        let feature = Container(parent: app)
        feature.register(String.self) { _ in "feature" }

        #expect(feature.resolve(Resource.self)?.name == "feature")
        #expect(app.resolve(Resource.self)?.name == "app")
    }

    @Test("resetting the scope in a child disposes the child's instance and makes a new one")
    func reset() {
        let log = DisposalLog()
        let app = Container()
        app.register(Resource.self) { _ in Resource("cart", log: log) }.inObjectScope(.perContainer)
        let shop = Container(parent: app)

        let first = shop.resolve(Resource.self)
        shop.resetObjectScope(.perContainer)
        #expect(log.entries == ["cart"])
        #expect(shop.resolve(Resource.self) !== first)
    }

    @Test("unregistering in the parent disposes the instances every child made of it")
    func unregisterReachesChildren() {
        let log = DisposalLog()
        let app = Container()
        app.register(Resource.self) { _ in Resource("cart", log: log) }.inObjectScope(.perContainer)
        let shop = Container(parent: app)
        let checkout = Container(parent: app)
        _ = shop.resolve(Resource.self)
        _ = checkout.resolve(Resource.self)

        app.unregister(Resource.self)

        #expect(log.entries == ["cart", "cart"])
        #expect(shop.resolve(Resource.self) == nil)
    }

    @Test("one instance per container, even when many threads ask at once")
    func concurrentCreation() async {
        let counter = CallCounter()
        let app = Container()
        app.register(Resource.self) { _ in
            counter.increment()
            return Resource("cart", log: DisposalLog())
        }.inObjectScope(.perContainer)
        let features = (0..<4).map { _ in Container(parent: app) }

        let identities = await withTaskGroup(of: (Int, ObjectIdentifier?).self) { group in
            for round in 0..<100 {
                let index = round % features.count
                let feature = features[index]
                group.addTask { (index, feature.resolve(Resource.self).map(ObjectIdentifier.init)) }
            }
            var result: [Int: Set<ObjectIdentifier?>] = [:]
            for await (index, identity) in group { result[index, default: []].insert(identity) }
            return result
        }

        #expect(counter.value == 4)
        #expect(identities.values.allSatisfy { $0.count == 1 })
    }
}
