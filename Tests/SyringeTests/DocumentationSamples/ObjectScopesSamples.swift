import Syringe
import Testing

/// The behaviour Documentation/ObjectScopes.md states, scope by scope. The page's own blocks are compiled as written
/// by SyringeDocumentationTests (compile-only: one registration shown in several scopes); these run each scope.
@Suite("Documentation: object scopes")
struct ObjectScopesSamples {
    final class Connection {}

    final class Repository {
        let connection: Connection
        init(connection: Connection) { self.connection = connection }
    }

    final class Screen {
        let users: Repository
        let orders: Repository
        init(users: Repository, orders: Repository) {
            self.users = users
            self.orders = orders
        }
    }

    final class Cart {}

    /// A storage that keeps one instance, as a custom scope's storage.
    final class SessionStorage: InstanceStorage {
        var instance: Any?
    }

    /// Stands in for an archive on disk: what the last session saved.
    enum CartArchive {
        static func load() -> Cart { Cart() }
    }

    /// A storage that starts with the instance the last session saved.
    final class RestoringStorage: InstanceStorage {
        var instance: Any?
        init() { instance = CartArchive.load() }  // the cart the last session left
    }

    /// A scope written as a type instead of an `ObjectScope` value.
    final class SessionScope: ObjectScopeProtocol {
        func makeStorage() -> any InstanceStorage { PermanentStorage() }
    }

    /// Registers a screen with two repositories sharing a connection in `scope`.
    private func makeContainer(connectionScope scope: ObjectScope) -> Container {
        Container { c in
            c.register(Connection.self) { _ in Connection() }.inObjectScope(scope)
            c.register(Repository.self) { r in Repository(connection: r.resolve(Connection.self)!) }
                .inObjectScope(.transient)
            c.register(Screen.self) { r in
                Screen(users: r.resolve(Repository.self)!, orders: r.resolve(Repository.self)!)
            }
        }
    }

    @Test("transient: every resolve makes a new instance, even inside one graph")
    func transient() {
        let container = makeContainer(connectionScope: .transient)
        let screen = container.resolve(Screen.self)!
        #expect(screen.users.connection !== screen.orders.connection)
        #expect(container.resolve(Connection.self) !== container.resolve(Connection.self))
    }

    @Test("graph, the default: one instance per top-level resolve")
    func graph() {
        let container = makeContainer(connectionScope: .graph)
        let first = container.resolve(Screen.self)!
        let second = container.resolve(Screen.self)!
        #expect(first.users.connection === first.orders.connection)
        #expect(first.users.connection !== second.users.connection)
    }

    @Test("container: one instance for the registration's lifetime")
    func containerScope() {
        let container = makeContainer(connectionScope: .container)
        let first = container.resolve(Screen.self)!
        let second = container.resolve(Screen.self)!
        #expect(first.users.connection === second.orders.connection)
        #expect(container.resolve(Connection.self) === first.users.connection)
    }

    @Test("weak: shared while something holds it, made again after it is released")
    func weak() {
        let made = SampleCounter()
        let container = Container()
        container.register(Connection.self) { _ in
            made.increment()
            return Connection()
        }
        .inObjectScope(.weak)

        var held: Connection? = container.resolve(Connection.self)
        #expect(container.resolve(Connection.self) === held)
        #expect(made.value == 1)

        weak let released = held
        held = nil
        #expect(released == nil)
        #expect(container.resolve(Connection.self) != nil)
        #expect(made.value == 2)
    }

    @Test("a default scope for every registration of a container")
    func defaultScope() {
        let container = Container(defaultObjectScope: .container)
        container.register(Connection.self) { _ in Connection() }
        #expect(container.resolve(Connection.self) === container.resolve(Connection.self))
        #expect(container.description.contains("ObjectScope: container"))
    }

    @Test("a custom scope keeps instances in its storage until resetObjectScope")
    func customScope() {
        let session = ObjectScope(storageFactory: SessionStorage.init, description: "session")
        let container = Container()
        container.register(Cart.self) { _ in Cart() }.inObjectScope(session)

        let cart = container.resolve(Cart.self)
        #expect(cart != nil)
        #expect(container.resolve(Cart.self) === cart)

        container.resetObjectScope(session)  // log out
        #expect(container.resolve(Cart.self) !== cart)
        #expect(container.description.contains("ObjectScope: session"))
    }

    @Test("a reset clears a storage no resolve used yet, so an instance it started with is dropped")
    func resetBeforeAnyResolve() {
        let made = CallCounter()
        let session = ObjectScope(storageFactory: RestoringStorage.init, description: "session")
        let container = Container()
        container.register(Cart.self) { _ in
            made.increment()
            return Cart()
        }
        .inObjectScope(session)

        container.resetObjectScope(session)  // at log-out, before anything resolved a Cart
        #expect(container.resolve(Cart.self) != nil)  // a new, empty Cart, not the restored one
        #expect(made.value == 1)
    }

    @Test("a custom scope with a parent combines both storages")
    func customScopeWithParent() {
        let session = ObjectScope(
            storageFactory: SessionStorage.init, description: "session", parent: ObjectScope.graph)
        let container = Container()
        container.register(Cart.self) { _ in Cart() }.inObjectScope(session)

        let cart = container.resolve(Cart.self)
        #expect(container.resolve(Cart.self) === cart)
    }

    @Test("a scope can be a type conforming to ObjectScopeProtocol")
    func scopeType() {
        let request = SessionScope()
        let container = Container()
        container.register(Cart.self) { _ in Cart() }.inObjectScope(request)

        let cart = container.resolve(Cart.self)
        #expect(container.resolve(Cart.self) === cart)
        container.resetObjectScope(request)
        #expect(container.resolve(Cart.self) !== cart)
    }

    @Test("resetObjectScope forgets kept instances, for all types or one")
    func reset() {
        let container = Container()
        container.register(Connection.self) { _ in Connection() }.inObjectScope(.container)
        container.register(Cart.self) { _ in Cart() }.inObjectScope(.container)

        let connection = container.resolve(Connection.self)
        let cart = container.resolve(Cart.self)

        container.resetObjectScope(.container, serviceType: Cart.self)
        #expect(container.resolve(Connection.self) === connection)
        #expect(container.resolve(Cart.self) !== cart)

        container.resetObjectScope(.container)
        #expect(container.resolve(Connection.self) !== connection)
    }

    @Test("changing the scope of a registration forgets the instance it kept")
    func changingScope() {
        let container = Container()
        let entry = container.register(Connection.self) { _ in Connection() }.inObjectScope(.container)
        let first = container.resolve(Connection.self)
        entry.inObjectScope(.container)
        #expect(container.resolve(Connection.self) !== first)
    }
}
