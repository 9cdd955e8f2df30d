import Syringe
import Testing

/// A storage the test shares with the container: its own lock lets the test read and write it from any thread.
private final class SharedStorage: InstanceStorage, @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched under `lock`.
    private let lock = TestLock()
    private var stored: Any?

    init(_ instance: Any? = nil) {
        stored = instance
    }

    var instance: Any? {
        get { lock.run { stored } }
        set { lock.run { stored = newValue } }
    }
}

private final class Session: Sendable {}

private protocol Token: AnyObject, Sendable {}
private protocol Badge: AnyObject, Sendable {}
/// What a storage restored from disk holds before any resolve.
private final class Restored: Token, Badge {}
private final class Fresh: Token, Badge {}

/// A custom scope whose factory keeps the storages it makes, for the test to count and inspect.
private struct CountingScope: Sendable {
    let made = Collected<SharedStorage>()
    let scope: ObjectScope

    /// `prefill` gives what each new storage holds when made (a storage restored from disk, say).
    init(prefill: (@Sendable () -> Any)? = nil) {
        let made = made
        scope = ObjectScope(
            storageFactory: {
                let storage = SharedStorage(prefill?())
                made.append(storage)
                return storage
            },
            description: "counting"
        )
    }
}

@Suite("Custom object scopes")
struct CustomScopeTests {
    @Test("The scope's factory makes one storage per registration, on its first use")
    func oneStoragePerRegistration() {
        let calls = CallCounter()
        let custom = ObjectScope(storageFactory: {
            calls.increment()
            return SharedStorage()
        })
        let container = Container()
        container.register(Int.self) { _ in 0 }.inObjectScope(custom)
        container.register(Double.self) { _ in 0 }.inObjectScope(custom)
        #expect(calls.value == 0)
        _ = container.resolve(Int.self)
        _ = container.resolve(Double.self)
        _ = container.resolve(Int.self)
        #expect(calls.value == 2)
        container.resetObjectScope(custom)
        _ = container.resolve(Int.self)
        #expect(calls.value == 2)
    }

    @Test("A resolve stores the new instance in the registration's storage")
    func resolveStores() {
        let storage = SharedStorage()
        let custom = ObjectScope(storageFactory: { storage })
        let container = Container()
        container.register(Int.self) { _ in 42 }.inObjectScope(custom)
        _ = container.resolve(Int.self)
        #expect(storage.instance as? Int == 42)
    }

    @Test("A resolve returns what the app wrote to the storage before any resolve")
    func resolveReturnsWhatTheAppStored() {
        let storage = SharedStorage()
        let custom = ObjectScope(storageFactory: { storage })
        let container = Container()
        container.register(Int.self) { _ in 0 }.inObjectScope(custom)
        storage.instance = 42
        #expect(container.resolve(Int.self) == 42)
    }

    @Test("Resetting the scope clears a storage the app wrote to before any resolve")
    func resetClearsAStorageNoResolveUsed() {
        let storage = SharedStorage()
        let custom = ObjectScope(storageFactory: { storage })
        let container = Container()
        container.register(Int.self) { _ in 0 }.inObjectScope(custom)
        storage.instance = 42
        container.resetObjectScope(custom)
        #expect(storage.instance == nil)
        #expect(container.resolve(Int.self) == 0)
    }

    @Test("Resetting the scope through ObjectScopeProtocol clears it too")
    func resetThroughTheProtocol() {
        let storage = SharedStorage()
        let custom = ObjectScope(storageFactory: { storage })
        let container = Container()
        container.register(Int.self) { _ in 0 }.inObjectScope(custom)
        storage.instance = 42
        container.resetObjectScope(custom as any ObjectScopeProtocol)
        #expect(storage.instance == nil)
    }

    @Test("Resetting another scope leaves the storage as it is, and makes no storage")
    func resetOfAnotherScope() {
        let storage = SharedStorage()
        let calls = CallCounter()
        let custom = ObjectScope(storageFactory: {
            calls.increment()
            return storage
        })
        let other = ObjectScope(storageFactory: { SharedStorage() })
        let container = Container()
        container.register(Int.self) { _ in 0 }.inObjectScope(custom)
        storage.instance = 42
        container.resetObjectScope(other)
        container.resetObjectScope(.container)
        #expect(storage.instance as? Int == 42)
        #expect(calls.value == 0)
    }

    @Test("A child's reset clears its parent's storage of the scope, even before any resolve")
    func childResetClearsParentStorage() {
        let storage = SharedStorage()
        let custom = ObjectScope(storageFactory: { storage })
        let parent = Container()
        let child = Container(parent: parent)
        parent.register(Int.self) { _ in 0 }.inObjectScope(custom)
        storage.instance = 42
        child.resetObjectScope(custom)
        #expect(storage.instance == nil)
    }

    @Test("A child's reset clears the instance its parent's registration keeps")
    func childResetClearsParentInstance() {
        let custom = ObjectScope(storageFactory: { SharedStorage() }, description: "session")
        let parent = Container()
        let child = Container(parent: parent)
        parent.register(Session.self) { _ in Session() }.inObjectScope(custom)
        let first = child.resolve(Session.self)
        #expect(parent.resolve(Session.self) === first)
        child.resetObjectScope(custom)
        let second = parent.resolve(Session.self)
        #expect(second != nil)
        #expect(second !== first)
    }

    @Test("The storage a reset made is the one the next resolve uses")
    func resetMakesTheStorageResolveUses() {
        let counting = CountingScope()
        let container = Container()
        container.register(Session.self) { _ in Session() }.inObjectScope(counting.scope)
        container.resetObjectScope(counting.scope)
        #expect(counting.made.all.count == 1)
        let session = container.resolve(Session.self)
        #expect(counting.made.all.count == 1)
        #expect(counting.made.all.first?.instance as? Session === session)
        #expect(container.resolve(Session.self) === session)
    }

    @Test("Resetting one service type clears its storage before any resolve, and leaves the others unmade")
    func resetByTypeBeforeAnyResolve() {
        let counting = CountingScope(prefill: { Restored() })
        let container = Container()
        container.register((any Token).self) { _ in Fresh() }.inObjectScope(counting.scope)
        container.register((any Badge).self) { _ in Fresh() }.inObjectScope(counting.scope)
        container.resetObjectScope(counting.scope, serviceType: (any Token).self)
        #expect(counting.made.all.count == 1)
        #expect(counting.made.all.first?.instance == nil)
        #expect(container.resolve((any Token).self) is Fresh)
        // The badge's storage is made by its first resolve, and still holds what it was restored with.
        #expect(container.resolve((any Badge).self) is Restored)
        #expect(counting.made.all.count == 2)
    }

    @Test("A reset of the scope a registration left makes no storage for it")
    func resetAfterRescope() {
        let counting = CountingScope()
        let container = Container()
        let entry = container.register(Session.self) { _ in Session() }.inObjectScope(counting.scope)
        entry.inObjectScope(.container)
        container.resetObjectScope(counting.scope)
        #expect(counting.made.all.isEmpty)
        let session = container.resolve(Session.self)
        #expect(container.resolve(Session.self) === session)
        #expect(counting.made.all.isEmpty)
    }

    @Test("A scope of the app's own class is reset the same way")
    func resetOfAProtocolScope() {
        final class RestoredScope: ObjectScopeProtocol {
            func makeStorage() -> any InstanceStorage { SharedStorage(Restored()) }
        }
        let scope = RestoredScope()
        let container = Container()
        container.register((any Token).self) { _ in Fresh() }.inObjectScope(scope)
        container.register((any Badge).self) { _ in Fresh() }.inObjectScope(scope)
        container.resetObjectScope(scope)
        #expect(container.resolve((any Token).self) is Fresh)
        #expect(container.resolve((any Badge).self) is Fresh)
    }

    @Test(
        "Threads that use a registration for the first time at once, by resolving or resetting, make one storage",
        arguments: [2, 4]
    )
    func firstUseRace(threads: Int) {
        for _ in 0..<40 {
            let counting = CountingScope(prefill: { Restored() })
            let container = Container()
            container.register((any Token).self) { _ in Fresh() }.inObjectScope(counting.scope)
            let resolved = Collected<(any Token)?>()
            let finished = ThreadRunner.run(threads: threads) { index in
                if index % 2 == 0 {
                    container.resetObjectScope(counting.scope)
                } else {
                    resolved.append(container.resolve((any Token).self))
                }
            }
            #expect(finished)
            #expect(counting.made.all.count == 1)
            #expect(resolved.all.allSatisfy { $0 != nil })
        }
    }

    @Test(
        "Concurrent resolves and resets, from a parent and its children: every resolve succeeds, and a reset is final")
    func concurrentResolveAndReset() {
        let counting = CountingScope()
        let made = CallCounter()
        let parent = Container()
        parent.register(Session.self) { _ in
            made.increment()
            return Session()
        }
        .inObjectScope(counting.scope)
        parent.register((any Token).self) { _ in Fresh() }.inObjectScope(counting.scope)
        let children = (0..<2).map { _ in Container(parent: parent) }
        let failures = CallCounter()
        let finished = ThreadRunner.run(threads: 6) { index in
            let container = index < 2 ? parent : children[index % 2]
            for round in 0..<300 {
                if (index + round) % 7 == 0 {
                    container.resetObjectScope(counting.scope)
                } else if round % 2 == 0 {
                    if container.resolve(Session.self) == nil { failures.increment() }
                } else {
                    if container.resolve((any Token).self) == nil { failures.increment() }
                }
            }
        }
        #expect(finished)
        #expect(failures.value == 0)
        #expect(counting.made.all.count == 2)
        let before = parent.resolve(Session.self)
        let calls = made.value
        children[0].resetObjectScope(counting.scope)
        for storage in counting.made.all { #expect(storage.instance == nil) }
        let after = parent.resolve(Session.self)
        #expect(after != nil)
        #expect(after !== before)
        #expect(made.value == calls + 1)
    }
}
