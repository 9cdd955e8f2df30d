import Syringe
import Testing

/// A per-container service whose release is observed.
private final class Cart: Sendable {}

@Suite("Per-container scope: a feature container's instances go with it")
struct PerContainerReleaseTests {
    @Test("a child's per-container instance is released with the child, its parent still alive")
    func releasedWithTheChild() {
        let app = Container()
        app.register(Cart.self) { _ in Cart() }.inObjectScope(.perContainer)
        weak var released: Cart?
        weak var releasedChild: Container?
        do {
            let feature = Container(parent: app)
            let cart = feature.resolve(Cart.self)
            #expect(cart != nil)
            released = cart
            releasedChild = feature
            // A view of the child (withObjectGraph) shares its stores: the instance stays while the view lives.
            feature.withObjectGraph(GraphIdentifier()) { view in
                #expect(view.resolve(Cart.self) === cart)
            }
        }
        #expect(releasedChild == nil)
        #expect(released == nil)
        // The parent's own instance, and later children, are unaffected.
        let appCart = app.resolve(Cart.self)
        #expect(appCart != nil)
        #expect(Container(parent: app).resolve(Cart.self) !== appCart)
    }

    @Test("many short-lived feature containers keep nothing once gone")
    func manyChildren() {
        let app = Container()
        app.register(Cart.self) { _ in Cart() }.inObjectScope(.perContainer)
        var weakCarts: [() -> Cart?] = []
        for _ in 0..<100 {
            let feature = Container(parent: app)
            let cart = feature.resolve(Cart.self)
            weak let weakCart = cart
            weakCarts.append { weakCart }
        }
        #expect(weakCarts.allSatisfy { $0() == nil })
    }
}
