import Syringe
import Testing

/// A behavior as Swinject users write one: told of every registration and forwarded type. In the Swift 6 language
/// mode a behavior is `Sendable`, so its state sits behind a lock (in the Swift 5 mode any class compiles).
private final class RegistrationLog: Behavior {
    private let lock = TestLock()
    private nonisolated(unsafe) var lines: [String] = []

    var entries: [String] { lock.run { lines } }

    func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        lock.run { lines.append("\(type) -> \(Service.self)\(name.map { " named \($0)" } ?? "")") }
    }
}

/// A behavior that registers and resolves from its callback: it may, since the container calls it with no lock held.
private struct AliasingBehavior: Behavior {
    func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        guard name == nil, type == Int.self else { return }
        let value = container.resolve(Int.self)
        container.register(String.self, name: "alias") { _ in value.map(String.init) ?? "none" }
    }
}

private protocol Animal {}
private struct Cat: Animal {}

@Suite("Drop-in: a Behavior written for Swinject")
struct BehaviorTests {
    @Test("a behavior given to the container is told of each registration and each forwarded type")
    func toldOfRegistrations() {
        let log = RegistrationLog()
        let container = Container(behaviors: [log])
        container.register(Cat.self, name: "mimi") { _ in Cat() }.implements((any Animal).self)
        // `implements` forwards the unnamed type unless given a name of its own, as in Swinject.
        #expect(log.entries == ["Cat -> Cat named mimi", "Animal -> Cat"])
    }

    @Test("a behavior added later sees the registrations made after it")
    func addedLater() {
        let container = Container()
        container.register(Cat.self) { _ in Cat() }
        let log = RegistrationLog()
        container.addBehavior(log)
        container.register(Int.self) { _ in 1 }
        #expect(log.entries == ["Int -> Int"])
    }

    @Test("a behavior may register and resolve from its callback, since the container holds no lock then")
    func registersFromTheCallback() {
        let container = Container(behaviors: [AliasingBehavior()])
        container.register(Int.self) { _ in 7 }
        #expect(container.resolve(String.self, name: "alias") == "7")
    }
}
