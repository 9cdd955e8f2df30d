import Foundation
import Syringe
import Testing

// `inject(into:)` reads a property's kept `.container` instance of a class type as `resolve(_:)` does, with no
// resolution, until the first property that needs one (Runtime/InjectionQuickRead.swift); the rest are filled in
// one resolution. These tests pin what users see: the same values, order, sharing and errors as before.

private final class Settings: Sendable {}
private class Store: @unchecked Sendable {
    // @unchecked Sendable: test fixture with no mutable state.
}
private final class DiskStore: Store, @unchecked Sendable {
    // @unchecked Sendable: test fixture with no mutable state.
}
private final class Session: Sendable {}
private final class Unregistered: Sendable {}
private final class Repository: Sendable {
    let session: Session
    init(session: Session) { self.session = session }
}
private final class Cache: Sendable {
    let session: Session
    init(session: Session) { self.session = session }
}
private protocol Plugin: Sendable {}
private struct LoggingPlugin: Plugin {}
private struct MetricsPlugin: Plugin {}

private final class Screen {
    @Injected var settings: Settings
    @Injected var store: Store
    @Injected var repository: Repository
    @Injected var cache: Cache
    @Injected var plugins: [any Plugin]
    @Injected(name: "backup") var backup: Settings
    @Injected var missing: Unregistered?
}

/// Properties that the quick read serves (kept class instances), then one that needs a resolution, then quick ones.
private final class MixedScreen {
    @Injected var settings: Settings
    @Injected var repository: Repository
    @Injected var store: Store
    @Injected var cache: Cache
}

private final class Counted: @unchecked Sendable {
    // @unchecked Sendable: `made` is only touched under `lock`.
    static let lock = NSLock()
    nonisolated(unsafe) static var made = 0
    init() { Counted.lock.withLock { Counted.made += 1 } }
}

private final class RequiresMissing {
    @Injected var settings: Settings
    @Injected var session: Session
    @Injected var store: Store
}

@Suite("Property injection: kept instances read quickly")
struct QuickInjectionTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(Settings.self) { _ in Settings() }.inObjectScope(.container)
        container.register(Settings.self, name: "backup") { _ in Settings() }.inObjectScope(.container)
        container.register(Store.self) { _ in DiskStore() }.inObjectScope(.container)
        container.register(Session.self) { _ in Session() }  // default .graph scope
        container.register(Repository.self) { r in Repository(session: r.resolve(Session.self)!) }
        container.register(Cache.self) { r in Cache(session: r.resolve(Session.self)!) }
        container.register((any Plugin).self, name: "logging") { _ in LoggingPlugin() }
        container.register((any Plugin).self, name: "metrics") { _ in MetricsPlugin() }
        return container
    }

    @Test("Every kind of property is filled as a resolve would fill it, the kept ones being the kept instances")
    func everyKindOfProperty() throws {
        let container = makeContainer()
        for _ in 0..<3 {
            let screen = Screen()
            try container.inject(into: screen)
            #expect(screen.settings === container.resolve(Settings.self))
            #expect(screen.backup === container.resolve(Settings.self, name: "backup"))
            #expect(screen.backup !== screen.settings)
            // A base class registered with a subclass instance: the property reads the subclass instance.
            #expect(screen.store === container.resolve(Store.self))
            #expect(screen.store is DiskStore)
            #expect(screen.plugins.count == 2)
            #expect(screen.missing == nil)
            #expect(screen.$missing.isInjected)
        }
    }

    @Test("The properties filled in the resolution share one object graph, whatever was read quickly before them")
    func graphIsShared() throws {
        let container = makeContainer()
        for _ in 0..<3 {
            let screen = MixedScreen()
            try container.inject(into: screen)
            #expect(screen.repository.session === screen.cache.session)
            #expect(screen.settings === container.resolve(Settings.self))
            #expect(screen.store === container.resolve(Store.self))
            let other = MixedScreen()
            try container.inject(into: other)
            #expect(other.repository.session !== screen.repository.session)
            #expect(other.settings === screen.settings)
        }
    }

    @Test("A kept instance made by the injection's own resolution is read quickly by the next object")
    func madeThenRead() throws {
        let container = Container()
        container.register(Counted.self) { _ in Counted() }.inObjectScope(.container)
        final class Holder {
            @Injected var counted: Counted
        }
        let before = Counted.lock.withLock { Counted.made }
        let first = Holder()
        try container.inject(into: first)
        let second = Holder()
        try container.inject(into: second)
        #expect(first.counted === second.counted)
        #expect(Counted.lock.withLock { Counted.made } == before + 1)
    }

    @Test("A failing property names itself; the ones before it are filled, read quickly or not")
    func failureNamesTheProperty() {
        let container = makeContainer()
        container.unregister(Session.self)
        let screen = RequiresMissing()
        do {
            try container.inject(into: screen)
            Issue.record("expected a failure")
        } catch {
            #expect(error.injectedProperty?.label == "session")
        }
        #expect(screen.$settings.isInjected)
        #expect(!screen.$session.isInjected)
        #expect(!screen.$store.isInjected)
    }

    @Test("A re-injected property read quickly is re-injected when its registration changes")
    func reinjectedAfterQuickRead() throws {
        final class Watching {
            @Injected(reinjected: true) var settings: Settings
        }
        let container = makeContainer()
        let watching = Watching()
        try container.inject(into: watching)
        let first = watching.settings
        #expect(first === container.resolve(Settings.self))
        container.register(Settings.self) { _ in Settings() }.inObjectScope(.container)
        #expect(watching.settings !== first)
        #expect(watching.settings === container.resolve(Settings.self))
    }

    @Test("Injected from inside a factory, the quick read yields to the running resolution and its graph")
    func insideAFactory() throws {
        let container = makeContainer()
        final class Host: @unchecked Sendable {
            // @unchecked Sendable: test fixture, touched by one thread.
            let screen = MixedScreen()
            let session: Session
            init(session: Session) { self.session = session }
        }
        container.register(Host.self) { r in
            let host = Host(session: r.resolve(Session.self)!)
            try? container.inject(into: host.screen)
            return host
        }
        let host = try container.require(Host.self)
        #expect(host.screen.repository.session === host.session)
        #expect(host.screen.settings === container.resolve(Settings.self))
    }

    @Test("A struct owner is filled through its boxes, which its copies share")
    func structOwner() throws {
        struct Panel {
            @Injected var settings: Settings
            @Injected var repository: Repository
        }
        let container = makeContainer()
        for _ in 0..<3 {
            let panel = Panel()
            let copy = panel
            try container.inject(into: panel)
            #expect(copy.settings === container.resolve(Settings.self))
            #expect(copy.$repository.isInjected)
        }
    }

    @Test("8 threads inject while another replaces, resets and unregisters the registrations the properties read")
    func injectionUnderChange() async {
        final class Clock: Sendable {
            let generation: Int
            let check: Int
            init(generation: Int) {
                self.generation = generation
                check = ~generation
            }
            var isIntact: Bool { check == ~generation }
        }
        final class Dial {
            @Injected var clock: Clock?
            @Injected var settings: Settings
            @Injected var store: Store
        }
        let container = makeContainer()
        container.register(Clock.self) { _ in Clock(generation: 0) }.inObjectScope(.container)
        let problems = Locked<[String]>([])
        let done = Locked(false)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for generation in 1...400 {
                    switch generation % 5 {
                    case 0: container.resetObjectScope(.container)
                    case 1: container.unregister(Clock.self)
                    case 2:
                        container.register(Clock.self) { _ in Clock(generation: generation) }
                            .inObjectScope(.container)
                    case 3:
                        container.register(Store.self) { _ in DiskStore() }.inObjectScope(.container)
                    default:
                        container.register(Settings.self) { _ in Settings() }.inObjectScope(.container)
                    }
                }
                done.withLock { $0 = true }
            }
            for _ in 0..<8 {
                group.addTask {
                    while !done.withLock({ $0 }) {
                        for _ in 0..<20 {
                            let dial = Dial()
                            do {
                                try container.inject(into: dial)
                            } catch {
                                problems.withLock { $0.append("inject failed: \(error)") }
                                continue
                            }
                            if let clock = dial.clock, !clock.isIntact {
                                problems.withLock { $0.append("a broken Clock \(clock.generation)") }
                            }
                            if !(dial.store is DiskStore) {
                                problems.withLock { $0.append("a Store of another type") }
                            }
                            _ = dial.settings
                        }
                    }
                }
            }
        }
        #expect(problems.withLock { $0 }.isEmpty)
    }
}

/// A lock-protected value for the tests' threads.
private final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
