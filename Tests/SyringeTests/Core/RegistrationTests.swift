import Syringe
import Testing

private protocol Animal: AnyObject {
    var name: String { get }
}

private final class Cat: Animal {
    let name: String
    init(name: String = "Mimi") { self.name = name }
}

private final class Dog: Animal {
    let name: String
    init(name: String = "Hachi") { self.name = name }
}

private struct Recorder: Behavior {
    let log: Log

    final class Log: @unchecked Sendable {
        // @unchecked Sendable: `entries` is guarded by `lock`.
        private let lock = TestLock()
        private var storage: [String] = []
        func append(_ entry: String) { lock.run { storage.append(entry) } }
        var entries: [String] { lock.run { storage } }
    }

    func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        log.append("\(type)/\(Service.self)/\(name ?? "-")")
    }
}

@Suite("Registering and resolving services")
struct RegistrationTests {
    @Test("A registered service resolves through its factory")
    func resolvesRegisteredService() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        #expect(container.resolve((any Animal).self)?.name == "Mimi")
    }

    @Test("An unregistered service resolves to nil")
    func unregisteredIsNil() {
        let container = Container()
        #expect(container.resolve((any Animal).self) == nil)
    }

    @Test("Names tell registrations of one type apart")
    func namedRegistrations() {
        let container = Container()
        container.register((any Animal).self, name: "cat") { _ in Cat() }
        container.register((any Animal).self, name: "dog") { _ in Dog() }
        #expect(container.resolve((any Animal).self, name: "cat") is Cat)
        #expect(container.resolve((any Animal).self, name: "dog") is Dog)
        #expect(container.resolve((any Animal).self) == nil)
        #expect(container.resolve((any Animal).self, name: "bird") == nil)
    }

    @Test("Registering the same key again replaces the earlier registration")
    func reRegistrationReplaces() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register((any Animal).self) { _ in Dog() }
        #expect(container.resolve((any Animal).self) is Dog)
    }

    @Test("hasAnyRegistration sees names, any arguments and the parent")
    func hasAnyRegistration() {
        let parent = Container()
        parent.register((any Animal).self, name: "cat") { _, name in Cat(name: name) }
        let child = Container(parent: parent)
        child.register(Int.self) { _ in 1 }
        #expect(child.hasAnyRegistration(of: Int.self))
        #expect(child.hasAnyRegistration(of: (any Animal).self, name: "cat"))
        #expect(!child.hasAnyRegistration(of: (any Animal).self))
        #expect(!parent.hasAnyRegistration(of: Int.self))
    }

    @Test("removeAll forgets every registration of the container")
    func removeAll() {
        let container = Container()
        container.register(Int.self) { _ in 1 }
        container.register(String.self) { _ in "a" }
        container.removeAll()
        #expect(container.resolve(Int.self) == nil)
        #expect(container.resolve(String.self) == nil)
    }

    @Test("The registering closure and default object scope of init apply")
    func initializerParameters() {
        let container = Container(defaultObjectScope: .container) { container in
            container.register((any Animal).self) { _ in Cat() }
        }
        let first = container.resolve((any Animal).self)
        #expect(first != nil)
        #expect(first === container.resolve((any Animal).self))
    }

    @Test("description lists each registration with its scope and factory type")
    func descriptionListsRegistrations() {
        let container = Container()
        container.register((any Animal).self, name: "cat") { _ in Cat() }.inObjectScope(.container)
        container.register(Int.self) { _, value in value }.initCompleted { _, _ in }
        let text = container.description
        #expect(text.contains(#"Service: Animal, Name: "cat", Factory: Resolver -> Animal, ObjectScope: container"#))
        #expect(
            text.contains(
                "Service: Int, Factory: (Resolver, Int) -> Int, ObjectScope: graph, InitCompleted: Specified 1 closures"
            ))
    }

    @Test("description lists a forwarded type after Service: and the registered one after the arrow")
    func descriptionOfAForwardedType() {
        let container = Container()
        container.register(Cat.self) { _ in Cat() }.implements((any Animal).self)
        let text = container.description
        #expect(text.contains("Service: Animal, Factory: Resolver -> Cat"), "\(text)")
        #expect(text.contains("Service: Cat, Factory: Resolver -> Cat"), "\(text)")
    }

    @Test("Behaviors hear about registrations and forwarded types")
    func behaviorsHearRegistrations() {
        let log = Recorder.Log()
        let container = Container(behaviors: [Recorder(log: log)])
        container.register(Cat.self, name: "c") { _ in Cat() }.implements((any Animal).self)
        #expect(log.entries == ["Cat/Cat/c", "Animal/Cat/-"])
        let later = Recorder.Log()
        container.addBehavior(Recorder(log: later))
        container.register(Int.self) { _ in 1 }
        #expect(later.entries == ["Int/Int/-"])
    }

    @Test("synchronize returns a resolver over the same registrations")
    func synchronizeResolves() {
        let container = Container()
        container.register(Int.self) { _ in 42 }
        let resolver = container.synchronize()
        #expect(resolver.resolve(Int.self) == 42)
    }

    @Test("A factory that throws makes require throw and resolve return nil")
    func throwingFactory() {
        struct Broken: Error {}
        let container = Container()
        container.register(Int.self) { _ in throw Broken() }
        #expect(container.resolve(Int.self) == nil)
        #expect(throws: ResolutionError.self) { try container.require(Int.self) }
    }

    @Test("A container's teardown releases every registration and what its factories capture")
    func teardownReleasesRegistrations() {
        final class Captured: Sendable {}
        weak var captured: Captured?
        weak var kept: Cat?
        do {
            let container = Container()
            let dependency = Captured()
            captured = dependency
            for index in 0..<1_000 {
                container.register(Captured.self, name: "captured-\(index)") { _ in dependency }
                    .inObjectScope(index.isMultiple(of: 2) ? .transient : .container)
            }
            container.register(Cat.self) { _ in Cat() }.inObjectScope(.container)
            kept = container.resolve(Cat.self)
            #expect(container.resolve(Captured.self, name: "captured-999") === dependency)
            #expect(kept != nil)
        }
        #expect(captured == nil)
        #expect(kept == nil)
    }
}
