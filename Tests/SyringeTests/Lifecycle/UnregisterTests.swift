import Syringe
import Testing

private protocol Animal: AnyObject {}
private final class Cat: Animal {}
private final class Dog: Animal {}

@Suite("Unregistering services")
struct UnregisterTests {
    @Test("unregistering a named registration leaves the others and resolves as if never registered")
    func oneByName() throws {
        let container = Container()
        container.register((any Animal).self, name: "cat") { _ in Cat() }
        container.register((any Animal).self, name: "dog") { _ in Dog() }

        #expect(container.unregister((any Animal).self, name: "cat"))

        #expect(container.resolve((any Animal).self, name: "cat") == nil)
        #expect(container.resolve((any Animal).self, name: "dog") is Dog)
        let error = #expect(throws: ResolutionError.self) { try container.require((any Animal).self, name: "cat") }
        #expect(error?.registrations.map(\.request.name) == ["dog"])
    }

    @Test("argument types select the registration to remove")
    func byArgumentTypes() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register((any Animal).self) { (_, name: String) in Dog() }
        container.register((any Animal).self) { (_, name: String, age: Int) in Cat() }

        #expect(container.unregister((any Animal).self, arguments: String.self, Int.self))
        #expect(container.resolve((any Animal).self, arguments: "Rex", 3) == nil)
        #expect(container.resolve((any Animal).self, argument: "Rex") is Dog)

        #expect(container.unregister((any Animal).self, arguments: String.self))
        #expect(container.resolve((any Animal).self, argument: "Rex") == nil)
        #expect(container.resolve((any Animal).self) is Cat)
    }

    @Test("unregistering what is not registered reports false and changes nothing")
    func missing() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }

        #expect(!container.unregister((any Animal).self, name: "cat"))
        #expect(!container.unregister(Cat.self))
        #expect(container.resolve((any Animal).self) is Cat)
    }

    @Test("a parent's registration of the same key becomes visible again")
    func parentShowsThrough() {
        let parent = Container()
        parent.register((any Animal).self) { _ in Dog() }
        let child = Container(parent: parent)
        child.register((any Animal).self) { _ in Cat() }
        #expect(child.resolve((any Animal).self) is Cat)

        #expect(child.unregister((any Animal).self))
        #expect(child.resolve((any Animal).self) is Dog)
        #expect(!child.unregister((any Animal).self))  // never removes the parent's
        #expect(parent.resolve((any Animal).self) is Dog)
    }

    @Test("unregisterAll removes every name and argument list of a type")
    func allOfType() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register((any Animal).self, name: "dog") { _ in Dog() }
        container.register((any Animal).self) { (_, name: String) in Dog() }
        container.register(Cat.self) { _ in Cat() }

        #expect(container.unregisterAll((any Animal).self))
        #expect(!container.hasAnyRegistration(of: (any Animal).self))
        #expect(!container.hasAnyRegistration(of: (any Animal).self, name: "dog"))
        #expect(container.resolve(Cat.self) != nil)
    }

    @Test("forwarded types go with their registration; removing a forward keeps the registration")
    func forwarding() {
        let container = Container()
        container.register(Cat.self) { _ in Cat() }
            .implements((any Animal).self)
            .implements((any Animal).self, name: "pet")

        #expect(container.unregister((any Animal).self, name: "pet"))
        #expect(container.resolve((any Animal).self, name: "pet") == nil)
        #expect(container.resolve(Cat.self) != nil)
        #expect(container.resolve((any Animal).self) is Cat)

        #expect(container.unregister(Cat.self))
        #expect(container.resolve((any Animal).self) == nil)
    }

    @Test("the singleton of a removed registration is released and disposed; re-registering makes a new one")
    func singletonTornDown() {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self) { _ in Resource("first", log: log) }.inObjectScope(.container)
        container.register(Resource.self, name: "other") { _ in Resource("other", log: log) }.inObjectScope(.container)
        weak var released: Resource?
        do {
            released = container.resolve(Resource.self)
            _ = container.resolve(Resource.self, name: "other")
        }
        container.unregister(Resource.self)
        #expect(log.entries == ["first"])
        #expect(released == nil)

        container.register(Resource.self) { _ in Resource("second", log: log) }.inObjectScope(.container)
        #expect(container.resolve(Resource.self)?.name == "second")
        container.shutdown()
        #expect(log.entries == ["first", "second", "other"])
    }
}
