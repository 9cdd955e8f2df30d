import Foundation
import Syringe
import Testing

/// Counts its instances, so a test can tell when the container let go of one.
private final class Counted: Sendable {
    static let alive = CallCounter()
    static let made = CallCounter()
    init() {
        Counted.made.increment()
        Counted.alive.increment()
    }
    deinit { Counted.alive.decrement() }
}

private final class Tracked: Sendable {}
private final class Blocker: Sendable {}

private protocol Animal: AnyObject, Sendable {}
private final class Cat: Animal {}

private protocol Named: Sendable {
    var name: String { get }
}
private final class Person: Named {
    let name = "Ada"
}

private struct Settings: Sendable {
    let serial: Int
}

@Suite("Kept singletons read without a lock")
struct LockFreeSingletonTests {
    @Test("A reset releases the kept singleton before it returns, while another thread is in the middle of a resolve")
    func resetReleasesAtOnceDespiteReaders() {
        let container = Container()
        container.register(Tracked.self) { _ in Tracked() }.inObjectScope(.container)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        container.register(Blocker.self) { _ in
            entered.signal()
            release.wait()
            return Blocker()
        }
        .inObjectScope(.transient)

        weak var kept: Tracked?
        do {
            let singleton = container.resolve(Tracked.self)
            #expect(singleton != nil)
            kept = singleton
        }
        #expect(kept != nil)

        // Another thread sits inside a resolution (its factory waits), so its reading section stays open.
        let other = Thread { _ = container.resolve(Blocker.self) }
        other.start()
        entered.wait()

        container.resetObjectScope(.container)
        #expect(kept == nil, "the instance went away during the reset, not when the other resolution ends")
        release.signal()
    }

    @Test("Threads reading a singleton while another resets it get a live instance every time, and none leaks")
    func readsRaceResets() {
        let container = Container()
        container.register(Counted.self) { _ in Counted() }.inObjectScope(.container)
        let madeBefore = Counted.made.value
        let failures = CallCounter()
        let finished = ThreadRunner.run(threads: 4) { index in
            for round in 0..<4_000 {
                if index == 0 {
                    if round % 8 == 0 { container.resetObjectScope(.container) }
                } else if container.resolve(Counted.self) == nil {
                    failures.increment()
                }
            }
        }
        #expect(finished)
        #expect(failures.value == 0)
        #expect(Counted.made.value > madeBefore)
        container.resetObjectScope(.container)
        #expect(Counted.alive.value == 0, "every instance a reset dropped was released")
    }

    @Test("A protocol-typed singleton, a struct singleton and a forwarded type read back the kept instance")
    func everyKindOfServiceType() {
        let container = Container()
        let serials = CallCounter()
        container.register((any Animal).self) { _ in Cat() }.inObjectScope(.container)
        container.register(Settings.self) { _ in
            serials.increment()
            return Settings(serial: serials.value)
        }
        .inObjectScope(.container)
        container.register(Person.self) { _ in Person() }.inObjectScope(.container).implements((any Named).self)

        let cat = container.resolve((any Animal).self)
        #expect(cat != nil)
        #expect(cat === container.resolve((any Animal).self))
        #expect(container.resolve(Settings.self)?.serial == 1)
        #expect(container.resolve(Settings.self)?.serial == 1)
        #expect(serials.value == 1)
        let person = container.resolve(Person.self)
        #expect(person != nil)
        #expect((container.resolve((any Named).self) as? Person) === person)
        #expect(container.resolve(Person.self) === person)
    }

    @Test("Changing the scope of a kept singleton lets go of it; later resolves follow the new scope")
    func changingTheScopeDropsTheInstance() {
        let container = Container()
        let entry = container.register(Tracked.self) { _ in Tracked() }.inObjectScope(.container)
        weak var kept: Tracked?
        do {
            let first = container.resolve(Tracked.self)
            kept = first
            #expect(container.resolve(Tracked.self) === first)
        }
        #expect(kept != nil)
        entry.inObjectScope(.transient)
        #expect(kept == nil)
        let a = container.resolve(Tracked.self)
        let b = container.resolve(Tracked.self)
        #expect(a != nil && b != nil && a !== b)
    }

    @Test("A factory that resolves another container's kept singleton gets that instance")
    func nestedTopLevelResolveOfASingleton() {
        let shared = Container()
        shared.register(Tracked.self) { _ in Tracked() }.inObjectScope(.container)
        let kept = shared.resolve(Tracked.self)
        let feature = Container()
        feature.register(Blocker.self) { _ in
            #expect(shared.resolve(Tracked.self) === kept)
            return Blocker()
        }
        #expect(feature.resolve(Blocker.self) != nil)
    }
}
