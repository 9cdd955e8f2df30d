import Syringe
import Testing

/// A storage of its own, as Swinject users write one: an instance kept until the scope is reset.
private final class SessionStorage: InstanceStorage {
    var instance: Any?
}

extension ObjectScope {
    /// A custom scope as Swinject users declare one: a static property on `ObjectScope`.
    fileprivate static let session = ObjectScope(storageFactory: SessionStorage.init, description: "session")
}

private final class Cart {}

@Suite("Drop-in: a custom ObjectScope with an InstanceStorage of its own")
struct CustomObjectScopeTests {
    @Test("a service in the custom scope is kept by its storage until the scope is reset")
    func keptUntilReset() {
        let container = Container()
        container.register(Cart.self) { _ in Cart() }.inObjectScope(.session)
        let first = container.resolve(Cart.self)
        #expect(first != nil)
        #expect(first === container.resolve(Cart.self))
        container.resetObjectScope(.session)
        #expect(first !== container.resolve(Cart.self))
    }

    @Test("the scope describes itself as given")
    func description() {
        #expect(ObjectScope.session.description == "session")
    }
}
