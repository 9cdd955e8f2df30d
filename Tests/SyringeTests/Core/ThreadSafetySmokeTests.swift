import Dispatch
import Syringe
import Testing

private final class Shared {}
private final class Leaf {}
private final class Root {
    let first: Leaf
    let second: Leaf
    init(first: Leaf, second: Leaf) {
        self.first = first
        self.second = second
    }
}

private final class IdentitySet: @unchecked Sendable {
    // @unchecked Sendable: `identities` is guarded by `lock`.
    private let lock = TestLock()
    private var identities = Set<ObjectIdentifier>()
    func insert(_ object: AnyObject) { lock.run { _ = identities.insert(ObjectIdentifier(object)) } }
    var count: Int { lock.run { identities.count } }
}

@Suite("Using one container from many threads")
struct ThreadSafetySmokeTests {
    @Test("Racing threads get one singleton, made once")
    func singletonMadeOnce() {
        let calls = CallCounter()
        let container = Container()
        container.register(Shared.self) { _ in
            calls.increment()
            return Shared()
        }
        .inObjectScope(.container)
        let identities = IdentitySet()
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            if let shared = container.resolve(Shared.self) { identities.insert(shared) }
        }
        #expect(calls.value == 1)
        #expect(identities.count == 1)
    }

    @Test("Registering while other threads resolve never tears a graph")
    func registerWhileResolving() {
        let container = Container()
        container.register(Leaf.self) { _ in Leaf() }
        container.register(Root.self) { r in Root(first: r.resolve(Leaf.self)!, second: r.resolve(Leaf.self)!) }
        let failures = CallCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for round in 0..<500 {
                if index == 0 {
                    container.register(Leaf.self, name: "\(round)") { _ in Leaf() }
                    container.register(Leaf.self) { _ in Leaf() }
                } else {
                    guard let root = container.resolve(Root.self), root.first === root.second else {
                        failures.increment()
                        continue
                    }
                }
            }
        }
        #expect(failures.value == 0)
    }
}
