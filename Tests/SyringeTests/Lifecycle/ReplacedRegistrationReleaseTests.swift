import Foundation
import Syringe
import Testing

/// A service whose instances the tests watch through weak references.
private final class Connection: Sendable {}

/// What a factory captures: it lives exactly as long as the registration that holds the factory.
private final class Capture: Sendable {}

/// Weak references to what one registration holds: the object its factory captured and, once resolved, its
/// instance.
private final class Probe: @unchecked Sendable {
    // @unchecked Sendable: each probe is written by one thread, and read by others only after that thread
    // finished (`ThreadRunner.run` returns after every thread signalled); weak references load atomically.
    weak var capture: Capture?
    weak var instance: Connection?

    var isReleased: Bool { capture == nil && instance == nil }
}

/// A module that registers one watched `Connection` singleton.
private struct ConnectionModule: Assembly {
    let probes: Collected<Probe>

    func assemble(container: Container) {
        probes.append(registerConnection(in: container))
    }
}

/// A flag one thread sets and others poll.
private final class Flag: @unchecked Sendable {
    // @unchecked Sendable: `raised` is only touched under `lock`.
    private let lock = TestLock()
    private var raised = false

    func raise() { lock.run { raised = true } }
    var isRaised: Bool { lock.run { raised } }
}

/// Registers `Connection` under `name` with a factory that captures a new `Capture`; returns a probe watching
/// the capture. Nothing here keeps the registration or the capture alive.
@discardableResult
private func registerConnection(
    in container: Container, name: String? = nil, scope: ObjectScope = .container
) -> Probe {
    let probe = Probe()
    let capture = Capture()
    probe.capture = capture
    container.register(Connection.self, name: name) { _ in
        withExtendedLifetime(capture) { Connection() }
    }
    .inObjectScope(scope)
    return probe
}

/// Resolves `Connection` under `name` and lets `probe` watch the instance; returns whether there was one.
@discardableResult
private func resolveConnection(from container: Container, name: String? = nil, into probe: Probe) -> Bool {
    guard let instance = container.resolve(Connection.self, name: name) else { return false }
    probe.instance = instance
    return true
}

/// Registers `count` other services, so that the container's table of registrations is a large one.
private func registerFillers(_ count: Int, in container: Container) {
    for index in 0..<count {
        container.register(Int.self, name: "filler-\(index)") { _ in index }
    }
}

/// Whether everything `probes` watch is released, letting reclamation run first.
///
/// A registration that no key binds any more may still be read by a resolve that began before the change, on
/// any thread (other tests' threads too), and the change's caller may still hold it while the change runs (a
/// removed binding it returns, a module's list): what the change could not release then is released by a later
/// write of `container` (the one that retired it, or a container whose table layered it), never by a resolve. Each
/// round here writes once; retries until a watchdog fires, which only a leak (or a hung reader) reaches: a deadlock
/// detector, not a timing assertion.
private func released(_ probes: [Probe], writingTo container: Container) -> Bool {
    let deadline = Date(timeIntervalSinceNow: ThreadRunner.watchdog)
    while !probes.allSatisfy(\.isReleased) {
        if Date() > deadline { return false }
        container.register(Int.self, name: "release-write") { _ in 0 }
        Thread.sleep(forTimeInterval: 0.000_1)
    }
    return true
}

/// Where the replaced registration is when it is replaced.
enum TablePosition: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Registered, never resolved: no table of the registry was built since.
    case noTable
    /// Resolved after all registrations: in the full table of the registry.
    case fullTable
    /// Registered after a resolve built the full table, then resolved: in a layer over it.
    case layer

    var testDescription: String { rawValue }
}

@Suite("Replaced and removed registrations are released with their instances")
struct ReplacedRegistrationReleaseTests {
    @Test(
        "registering a key again releases the old registration and the singleton only it held",
        arguments: [2, 300], TablePosition.allCases
    )
    func replacement(keys: Int, position: TablePosition) {
        let container = Container()
        if position != .layer { registerFillers(keys - 1, in: container) }
        if position == .layer {
            registerFillers(keys - 1, in: container)
            #expect(container.resolve(Int.self, name: "filler-0") == 0)  // builds the full table
        }
        let old = registerConnection(in: container)
        if position != .noTable { #expect(resolveConnection(from: container, into: old)) }

        let new = registerConnection(in: container)

        #expect(old.instance == nil)  // released by the replacement itself
        #expect(released([old], writingTo: container))
        #expect(resolveConnection(from: container, into: new))
        #expect(!new.isReleased)
        #expect(container.resolve(Int.self, name: "filler-\(keys - 2)") == keys - 2)
    }

    @Test("a chain of replacements, resolved in between, keeps only the latest registration", arguments: [2, 300])
    func chain(keys: Int) {
        let container = Container()
        registerFillers(keys - 1, in: container)
        var replaced: [Probe] = []
        var current = registerConnection(in: container)
        for _ in 0..<40 {
            #expect(resolveConnection(from: container, into: current))
            replaced.append(current)
            current = registerConnection(in: container)
            #expect(replaced.last?.instance == nil)
        }
        #expect(released(replaced, writingTo: container))
        #expect(resolveConnection(from: container, into: current))
        #expect(!current.isReleased)
    }

    @Test("many keys replaced in a burst, without resolving in between, are all released", arguments: [2, 300])
    func burst(keys: Int) {
        let container = Container()
        let names = (0..<keys).map { "connection-\($0)" }
        let old = names.map { name in
            let probe = registerConnection(in: container, name: name)
            #expect(resolveConnection(from: container, name: name, into: probe))
            return probe
        }
        let new = names.map { registerConnection(in: container, name: $0) }
        #expect(old.allSatisfy { $0.instance == nil })
        #expect(released(old, writingTo: container))
        #expect(new.allSatisfy { !$0.isReleased })
    }

    @Test("unregistering releases the registration and its singleton", arguments: TablePosition.allCases)
    func unregistering(position: TablePosition) {
        let container = Container()
        registerFillers(200, in: container)
        if position == .layer { #expect(container.resolve(Int.self, name: "filler-0") == 0) }
        let probe = registerConnection(in: container)
        if position != .noTable { #expect(resolveConnection(from: container, into: probe)) }

        #expect(container.unregister(Connection.self))

        #expect(probe.instance == nil)
        #expect(released([probe], writingTo: container))
        #expect(throws: ResolutionError.self) { try container.require(Connection.self) }
    }

    @Test("removeAll releases the current and the replaced registrations")
    func removingAll() {
        let container = Container()
        registerFillers(100, in: container)
        let old = registerConnection(in: container)
        #expect(resolveConnection(from: container, into: old))
        let new = registerConnection(in: container)
        #expect(resolveConnection(from: container, into: new))

        container.removeAll()

        #expect(old.instance == nil && new.instance == nil)
        #expect(released([old, new], writingTo: container))
    }

    @Test("resetObjectScope leaves nothing of a replaced registration, and only the current registration")
    func resetting() {
        let container = Container()
        registerFillers(100, in: container)
        let old = registerConnection(in: container)
        #expect(resolveConnection(from: container, into: old))
        let new = registerConnection(in: container)
        #expect(resolveConnection(from: container, into: new))

        container.resetObjectScope(.container)

        #expect(new.instance == nil)
        #expect(released([old], writingTo: container))
        #expect(new.capture != nil)  // the current registration stays
        #expect(resolveConnection(from: container, into: new))
    }

    @Test("unloading a module releases its registrations and their singletons")
    func unloading() throws {
        let container = Container()
        registerFillers(100, in: container)
        let probes = Collected<Probe>()
        try container.load(ConnectionModule(probes: probes))
        let probe = try #require(probes.all.first)
        #expect(resolveConnection(from: container, into: probe))

        #expect(container.unload(ConnectionModule.self))

        #expect(probe.instance == nil)
        #expect(released([probe], writingTo: container))
    }

    @Test("a loaded module's registration, replaced by the app, is released though the module stays loaded")
    func replacedModuleRegistration() throws {
        let container = Container()
        let probes = Collected<Probe>()
        try container.load(ConnectionModule(probes: probes))
        let moduleProbe = try #require(probes.all.first)
        #expect(resolveConnection(from: container, into: moduleProbe))

        let appProbe = registerConnection(in: container)

        #expect(moduleProbe.instance == nil)
        #expect(released([moduleProbe], writingTo: container))
        #expect(container.isLoaded(ConnectionModule.self))
        container.unload(ConnectionModule.self)  // the app's registration made later stays
        #expect(resolveConnection(from: container, into: appProbe))
    }

    @Test("an assembly applied again by an Assembler releases the registrations it made the first time")
    func reassembled() {
        let container = Container()
        let probes = Collected<Probe>()
        let assembler = Assembler(container: container)
        assembler.apply(assembly: ConnectionModule(probes: probes))
        let first = probes.all[0]
        #expect(resolveConnection(from: container, into: first))

        assembler.apply(assembly: ConnectionModule(probes: probes))

        #expect(first.instance == nil)
        #expect(released([first], writingTo: container))
        #expect(resolveConnection(from: container, into: probes.all[1]))
    }

    @Test("a replaced eager singleton is released, and starting eager singletons makes only the current one")
    func eager() throws {
        let container = Container()
        let made = CallCounter()
        let old = Probe()
        do {
            let capture = Capture()
            old.capture = capture
            container.register(Connection.self) { _ in
                made.increment()
                return withExtendedLifetime(capture) { Connection() }
            }
            .inObjectScope(.container).eager()
        }
        try container.startEagerSingletons()
        #expect(resolveConnection(from: container, into: old))
        #expect(made.value == 1)

        let new = registerConnection(in: container)
        try container.startEagerSingletons()

        #expect(made.value == 1)
        #expect(old.instance == nil)
        #expect(released([old], writingTo: container))
        #expect(!new.isReleased)
    }

    @Test("a child container's per-container instance of a replaced parent registration is released")
    func perContainer() {
        let parent = Container()
        let child = Container(parent: parent)
        let old = registerConnection(in: parent, scope: .perContainer)
        #expect(resolveConnection(from: child, into: old))

        let new = registerConnection(in: parent, scope: .perContainer)

        #expect(old.instance == nil)
        #expect(released([old], writingTo: parent))
        #expect(resolveConnection(from: child, into: new))
    }

    @Test("a replaced Disposable singleton is disposed once, as an unregistered one is")
    func disposal() {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self) { _ in Resource("old", log: log) }.inObjectScope(.container)
        container.register(ValueResource.self) { _ in ValueResource(name: "old value", log: log) }
            .inObjectScope(.container)
        weak var old: Resource?
        do {
            old = container.resolve(Resource.self)
            _ = container.resolve(ValueResource.self)
        }

        container.register(Resource.self) { _ in Resource("new", log: log) }.inObjectScope(.container)
        container.register(ValueResource.self) { _ in ValueResource(name: "new value", log: log) }
            .inObjectScope(.container)

        #expect(old == nil)
        #expect(log.entries == ["old", "old value"])
        #expect(container.resolve(Resource.self)?.name == "new")
        #expect(container.resolve(ValueResource.self)?.name == "new value")
        container.shutdown()
        #expect(log.entries == ["old", "old value", "new value", "new"])  // newest first
    }

    @Test("a replaced registration that a forwarded type still binds keeps its singleton until the forward goes")
    func forwardKeepsItAlive() {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self) { _ in Resource("old", log: log) }
            .inObjectScope(.container)
            .implements((any Disposable).self)
        weak var old: Resource?
        do { old = container.resolve(Resource.self) }

        container.register(Resource.self) { _ in Resource("new", log: log) }.inObjectScope(.container)

        #expect(old != nil)
        #expect(container.resolve((any Disposable).self) as? Resource === old)
        #expect(log.entries.isEmpty)

        #expect(container.unregister((any Disposable).self))

        #expect(old == nil)
        #expect(log.entries == ["old"])
        #expect(container.resolve(Resource.self)?.name == "new")
    }

    @Test("removing a child's forward to a parent's registration leaves the parent's registration alone")
    func forwardFromAnotherContainer() {
        let log = DisposalLog()
        let parent = Container()
        let entry = parent.register(Resource.self) { _ in Resource("parent", log: log) }.inObjectScope(.container)
        let child = Container(parent: parent)
        child.forward((any Disposable).self, to: entry)
        weak var instance: Resource?
        do { instance = child.resolve((any Disposable).self) as? Resource }

        #expect(child.unregister((any Disposable).self))

        #expect(instance != nil)
        #expect(log.entries.isEmpty)
        #expect(parent.resolve(Resource.self) === instance)
    }

    @Test(
        "registrations replaced while other threads resolve them are released once the threads are done",
        arguments: [4, 300]
    )
    func replacedWhileResolving(keys: Int) {
        let container = Container()
        let names = (0..<keys).map { "connection-\($0)" }
        let replaced = Collected<Probe>()
        let current = Collected<Probe>()
        for name in names { replaced.append(registerConnection(in: container, name: name)) }
        let done = Flag()
        let missing = CallCounter()
        let finished = ThreadRunner.run(threads: 3) { index in
            if index == 0 {
                // Each round replaces a quarter of the keys (the last four rounds make the current ones), and
                // resolves each new registration at once, while the other threads resolve any key.
                let rounds = keys < 100 ? 100 : 8
                for round in 0..<rounds {
                    for (position, name) in names.enumerated() where position % 4 == round % 4 {
                        let probe = registerConnection(in: container, name: name)
                        resolveConnection(from: container, name: name, into: probe)
                        if round < rounds - 4 { replaced.append(probe) } else { current.append(probe) }
                    }
                }
                done.raise()
            } else {
                var next = index
                while !done.isRaised {
                    for _ in 0..<16 {
                        next = (next &* 1_103_515_245 &+ 12_345) & 0x7FFF_FFFF
                        // Every key stays registered: a resolve sees the old registration or the new, never none.
                        if container.resolve(Connection.self, name: names[next % keys]) == nil { missing.increment() }
                    }
                }
            }
        }
        #expect(finished)
        #expect(missing.value == 0)
        #expect(released(replaced.all, writingTo: container))
        #expect(current.all.allSatisfy { $0.capture != nil })
    }

    @Test("registrations unregistered while other threads resolve them are released once the threads are done")
    func unregisteredWhileResolving() {
        let container = Container()
        registerFillers(200, in: container)
        let removed = Collected<Probe>()
        let done = Flag()
        let finished = ThreadRunner.run(threads: 3) { index in
            if index == 0 {
                for round in 0..<200 {
                    let name = "connection-\(round % 8)"
                    let probe = registerConnection(in: container, name: name)
                    resolveConnection(from: container, name: name, into: probe)
                    container.unregister(Connection.self, name: name)
                    removed.append(probe)
                }
                done.raise()
            } else {
                var round = index
                while !done.isRaised {
                    for _ in 0..<16 {
                        round += 1
                        // Often unregistered at the moment: `require` throws where `resolve` would log.
                        _ = try? container.require(Connection.self, name: "connection-\(round % 8)")
                        _ = container.resolve(Int.self, name: "filler-\(round % 200)")
                    }
                }
            }
        }
        #expect(finished)
        #expect(released(removed.all, writingTo: container))
    }
}
