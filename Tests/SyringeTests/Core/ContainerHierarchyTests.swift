import Syringe
import Testing

private protocol Greeter {
    var greeting: String { get }
}

private struct English: Greeter {
    let greeting = "Hello"
}

private struct French: Greeter {
    let greeting = "Bonjour"
}

private final class Screen {
    let greeter: any Greeter
    init(greeter: any Greeter) { self.greeter = greeter }
}

private final class Singleton {}

@Suite("Container hierarchy")
struct ContainerHierarchyTests {
    @Test("A child resolves its parent's registrations")
    func childSeesParent() {
        let parent = Container()
        parent.register((any Greeter).self) { _ in English() }
        let child = Container(parent: parent)
        #expect(child.resolve((any Greeter).self)?.greeting == "Hello")
    }

    @Test("A parent never sees its child's registrations")
    func parentDoesNotSeeChild() {
        let parent = Container()
        let child = Container(parent: parent)
        child.register((any Greeter).self) { _ in English() }
        #expect(parent.resolve((any Greeter).self) == nil)
    }

    @Test("A child's registration shadows the parent's without changing it")
    func childShadowsParent() {
        let parent = Container()
        parent.register((any Greeter).self) { _ in English() }
        let child = Container(parent: parent)
        child.register((any Greeter).self) { _ in French() }
        #expect(child.resolve((any Greeter).self)?.greeting == "Bonjour")
        #expect(parent.resolve((any Greeter).self)?.greeting == "Hello")
    }

    @Test("A parent's factory resolves dependencies from the child first")
    func factoryResolverSeesChildFirst() {
        let parent = Container()
        parent.register((any Greeter).self) { _ in English() }
        parent.register(Screen.self) { r in Screen(greeter: r.resolve((any Greeter).self)!) }
        let child = Container(parent: parent)
        child.register((any Greeter).self) { _ in French() }
        #expect(child.resolve(Screen.self)?.greeter.greeting == "Bonjour")
        #expect(parent.resolve(Screen.self)?.greeter.greeting == "Hello")
    }

    @Test("A parent's container-scoped instance is shared with its children")
    func singletonsShared() {
        let parent = Container()
        parent.register(Singleton.self) { _ in Singleton() }.inObjectScope(.container)
        let first = Container(parent: parent)
        let second = Container(parent: parent)
        #expect(first.resolve(Singleton.self) === second.resolve(Singleton.self))
        #expect(first.resolve(Singleton.self) === parent.resolve(Singleton.self))
    }

    @Test("Grandchildren reach the root")
    func grandchildren() {
        let root = Container()
        root.register(Int.self) { _ in 3 }
        let grandchild = Container(parent: Container(parent: root))
        #expect(grandchild.resolve(Int.self) == 3)
    }

    @Test("removeAll on a child leaves the parent's registrations visible")
    func removeAllOnChild() {
        let parent = Container()
        parent.register(Int.self) { _ in 1 }
        let child = Container(parent: parent)
        child.register(Int.self) { _ in 2 }
        child.removeAll()
        #expect(child.resolve(Int.self) == 1)
    }
}
