import Dispatch
import Foundation
import Testing

@testable import Syringe

/// Something a factory captures: records, outside itself, the thread it was released on.
private final class Token: Sendable {
    let serial: Int
    let log: ReleaseLog

    init(serial: Int, log: ReleaseLog) {
        self.serial = serial
        self.log = log
    }

    deinit { log.record(serial) }

}

/// The thread each token was released on, by serial.
private final class ReleaseLog: Sendable {
    private let threads: Locked<[Int: [UInt]]> = Locked([:])

    func record(_ serial: Int) {
        let thread = currentThreadIdentity()
        threads.withLock { $0[serial, default: []].append(thread) }
    }

    /// The serials released other than exactly once.
    func notReleasedOnce(below count: Int) -> [Int] {
        threads.withLock { threads in (0..<count).filter { threads[$0]?.count != 1 } }
    }

    /// The serials released other than exactly once after `write` ran, a bounded number of times, until none is.
    func notReleasedOnce(below count: Int, writing write: () -> Void) -> [Int] {
        for _ in 0..<2_000 {
            write()
            if notReleasedOnce(below: count).isEmpty { return [] }
            usleep(1_000)
        }
        return notReleasedOnce(below: count)
    }

    /// The serials released on one of `forbidden`'s threads.
    func released(on forbidden: Set<UInt>) -> [Int] {
        threads.withLock { threads in
            threads.filter { !forbidden.isDisjoint(with: $0.value) }.map(\.key).sorted()
        }
    }

    /// The serials released on none of `allowed`'s threads.
    func released(outside allowed: Set<UInt>) -> [Int] {
        threads.withLock { threads in
            threads.filter { !Set($0.value).isSubset(of: allowed) }.map(\.key).sorted()
        }
    }
}

private final class Service: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

private final class Other: Sendable {}

@Suite("What the container holds is released on the thread that replaced, removed or reset it, never on one that only resolved")
struct ReleaseOnWritingThreadTests {
    /// The threads of one run, by role.
    private final class Roles: Sendable {
        private let state = Locked<(writer: UInt, readers: Set<UInt>)>((0, []))
        func setWriter() { state.withLock { $0.writer = currentThreadIdentity() } }
        func addReader() { _ = state.withLock { $0.readers.insert(currentThreadIdentity()) } }
        var writer: UInt { state.withLock { $0.writer } }
        var readers: Set<UInt> { state.withLock { $0.readers } }
    }

    @Test(
        "Factories' captures, replaced, unregistered and reset 1,000 times while 4 threads resolve, are released on the writer's thread",
        arguments: ["transient", "container"])
    func capturesAreReleasedByWriters(scopeName: String) {
        let scope: ObjectScope = scopeName == "container" ? .container : .transient
        let writes = 1_000
        let log = ReleaseLog()
        let roles = Roles()
        let problems = Locked<[String]>([])
        let testThread = currentThreadIdentity()
        var container: Container? = Container()
        do {
            let container = container!
            @Sendable func register(_ serial: Int) {
                let captured = Token(serial: serial, log: log)
                container.register(Service.self) { _ in Service(serial: captured.serial) }.inObjectScope(scope)
            }
            register(0)
            let writing = Locked(true)
            // Joined threads: once `run` returns they have exited and dropped what their closures captured, so the
            // container's last reference is this test's.
            JoinableThread.run(5) { index in
                if index == 0 {
                    roles.setWriter()
                    for serial in 1..<writes {
                        switch serial % 3 {
                        case 0:
                            // Removed, then registered again.
                            container.unregister(Service.self)
                            register(serial)
                        case 1:
                            register(serial)  // a replacement
                        default:
                            register(serial)
                            container.resetObjectScope(.container)
                        }
                        if serial % 7 == 0 { container.register(Other.self) { _ in Other() } }
                    }
                    writing.withLock { $0 = false }
                    return
                }
                roles.addReader()
                var round = 0
                while writing.withLock({ $0 }) || round < 100 {
                    round += 1
                    if let service = container.resolve(Service.self), !(0..<writes).contains(service.serial) {
                        problems.withLock { $0.append("resolved a service of serial \(service.serial)") }
                    }
                    _ = container.resolve(Other.self)
                }
            }
            #expect(problems.withLock { $0 }.isEmpty)
            // Nothing a reader did released a token.
            #expect(log.released(on: roles.readers).isEmpty, "tokens released on resolving threads: \(log.released(on: roles.readers))")
            // The readers stopped: one more write releases every token but the current registration's (written a
            // bounded number of times: a resolve of another test, on another container, holds back reclamation for
            // as long as it runs).
            let left = log.notReleasedOnce(below: writes - 1) { container.register(Other.self) { _ in Other() } }
            #expect(left.isEmpty, "not released once: \(left.prefix(10))")
            #expect(log.released(outside: [roles.writer, testThread]).isEmpty)
        }
        // The container's release releases the last one, here.
        container = nil
        #expect(log.notReleasedOnce(below: writes).isEmpty)
        #expect(log.released(on: roles.readers).isEmpty)
    }

    @Test("A singleton's factory that waits for the main queue while the main queue registers, unregisters and resets does not deadlock")
    func factoryWaitingForTheWritingThreadDoesNotDeadlock() {
        // A serial queue stands in for the main queue: the factory runs on a background thread and waits for it
        // (as `DispatchQueue.main.sync` does), while it changes the container.
        let main = DispatchQueue(label: "stand-in for the main queue")
        let container = Container()
        let factoryStarted = DispatchSemaphore(value: 0)
        let log = ReleaseLog()
        // Made in a function of its own, so that only the factory keeps the token.
        func registerWaitingFactory() {
            let captured = Token(serial: 0, log: log)
            container.register(Service.self) { _ in
                factoryStarted.signal()
                return main.sync { Service(serial: captured.serial) }
            }.inObjectScope(.container)
        }
        registerWaitingFactory()
        container.register(Other.self) { _ in Other() }.inObjectScope(.container)
        let resolved = Locked<Service?>(nil)
        let done = DispatchGroup()
        done.enter()
        Thread.detachNewThread {
            resolved.withLock { $0 = container.resolve(Service.self) }
            done.leave()
        }
        done.enter()
        main.async {
            factoryStarted.wait()
            // While the factory waits for this queue: a resolve of another service, a registration of another
            // key, a replacement and a removal of the service being made, and a reset.
            _ = container.resolve(Other.self)
            container.register(Other.self, name: "more") { _ in Other() }
            container.register(Service.self) { _ in Service(serial: 1) }.inObjectScope(.container)
            container.unregister(Service.self)
            container.resetObjectScope(.container)
            done.leave()
        }
        // A deadlock detector, not a timing check: both finish at once unless one waits for the other.
        #expect(done.wait(timeout: .now() + 120) == .success, "the factory and the writer deadlocked")
        #expect(resolved.withLock { $0?.serial } == 0)
        // The replaced registration (and its capture) went with the writes, on the stand-in's thread or here.
        #expect(log.notReleasedOnce(below: 1) { container.register(Other.self) { _ in Other() } }.isEmpty)
    }
}
