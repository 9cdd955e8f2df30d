import Syringe
import Testing

private protocol Animal: AnyObject {}
private final class Dog: Animal {}
private final class Session {}
private final class Cart {}

/// `resetObjectScope` called on a child container: what it resets in the child and in its ancestors, as in
/// Swinject 2.10. The plain reset always reaches the ancestors; the reset of one service type reaches them only
/// from a container that registers the type itself.
@Suite("Resetting a scope from a child container")
struct ChildResetTests {
    /// A parent with a `.container` `Session`, and a child.
    private func family() -> (parent: Container, child: Container) {
        let parent = Container()
        parent.register(Session.self) { _ in Session() }.inObjectScope(.container)
        return (parent, Container(parent: parent))
    }

    @Test("Resetting a service type from a child that registers nothing of it leaves the parent's instance")
    func childWithoutRegistrationStops() {
        let (parent, child) = family()
        let session = child.resolve(Session.self)
        #expect(session != nil)
        child.resetObjectScope(.container, serviceType: Session.self)
        #expect(parent.resolve(Session.self) === session)
        #expect(child.resolve(Session.self) === session)
    }

    @Test("The ObjectScopeProtocol form stops in the same place")
    func protocolFormStops() {
        let (parent, child) = family()
        let session = parent.resolve(Session.self)
        child.resetObjectScope(ObjectScope.container as any ObjectScopeProtocol, serviceType: Session.self)
        #expect(parent.resolve(Session.self) === session)
    }

    @Test("Resetting a service type from a child that registers it resets the child's and the parent's")
    func childWithRegistrationReachesParent() {
        let (parent, child) = family()
        child.register(Session.self) { _ in Session() }.inObjectScope(.container)
        let parentSession = parent.resolve(Session.self)
        let childSession = child.resolve(Session.self)
        #expect(parentSession !== childSession)
        child.resetObjectScope(.container, serviceType: Session.self)
        #expect(child.resolve(Session.self) !== childSession)
        #expect(parent.resolve(Session.self) !== parentSession)
    }

    @Test("A child registration of the type under another name, or in another scope, passes the reset on")
    func anyRegistrationOfTheTypePassesItOn() {
        for register in [
            { (child: Container) in child.register(Session.self, name: "guest") { _ in Session() } },
            { (child: Container) in child.register(Session.self) { _ in Session() }.inObjectScope(.transient) },
            { (child: Container) in child.register(Session.self) { (_, id: Int) in Session() } },
        ] {
            let (parent, child) = family()
            _ = register(child)
            let session = parent.resolve(Session.self)
            child.resetObjectScope(.container, serviceType: Session.self)
            #expect(parent.resolve(Session.self) !== session)
        }
    }

    @Test("A type the child adds with implements counts as a registration of it")
    func forwardedTypeCounts() {
        let parent = Container()
        parent.register((any Animal).self) { _ in Dog() }.inObjectScope(.container)
        let child = Container(parent: parent)
        child.register(Dog.self) { _ in Dog() }.implements((any Animal).self, name: "pet")
        let animal = parent.resolve((any Animal).self)
        child.resetObjectScope(.container, serviceType: (any Animal).self)
        #expect(parent.resolve((any Animal).self) !== animal)
    }

    @Test("The plain reset reaches the ancestors whatever the child registers")
    func plainResetAlwaysReachesParent() {
        let (parent, child) = family()
        let session = child.resolve(Session.self)
        child.resetObjectScope(.container)
        #expect(parent.resolve(Session.self) !== session)
    }

    @Test("Down a chain, the reset of a type stops at the first container that registers nothing of it")
    func chainStopsAtTheFirstGap() {
        let root = Container()
        root.register(Session.self) { _ in Session() }.inObjectScope(.container)
        let middle = Container(parent: root)
        let leaf = Container(parent: middle)
        leaf.register(Session.self) { _ in Session() }.inObjectScope(.container)
        let rootSession = root.resolve(Session.self)
        let leafSession = leaf.resolve(Session.self)
        leaf.resetObjectScope(.container, serviceType: Session.self)
        #expect(leaf.resolve(Session.self) !== leafSession)
        #expect(root.resolve(Session.self) === rootSession)

        middle.register(Session.self, name: "guest") { _ in Session() }
        leaf.resetObjectScope(.container, serviceType: Session.self)
        #expect(root.resolve(Session.self) !== rootSession)
    }

    @Test("A child's own per-container instance of the type is reset, though the child registers nothing of it")
    func perContainerInstanceOfTheChild() {
        let parent = Container()
        parent.register(Cart.self) { _ in Cart() }.inObjectScope(.perContainer)
        let child = Container(parent: parent)
        let parentCart = parent.resolve(Cart.self)
        let childCart = child.resolve(Cart.self)
        #expect(parentCart !== childCart)
        child.resetObjectScope(.perContainer, serviceType: Cart.self)
        let newChildCart = child.resolve(Cart.self)
        #expect(newChildCart != nil)
        #expect(newChildCart !== childCart)
        #expect(parent.resolve(Cart.self) === parentCart)
    }

    @Test("A custom scope's storage in the parent is left too, and cleared once the child registers the type")
    func customScopeInParent() {
        let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
        let parent = Container()
        parent.register(Cart.self) { _ in Cart() }.inObjectScope(session)
        let child = Container(parent: parent)
        let cart = child.resolve(Cart.self)
        child.resetObjectScope(session, serviceType: Cart.self)
        #expect(parent.resolve(Cart.self) === cart)
        child.register(Cart.self, name: "spare") { _ in Cart() }
        child.resetObjectScope(session, serviceType: Cart.self)
        #expect(parent.resolve(Cart.self) !== cart)
    }
}
