import Foundation
import Syringe
import Testing

// An awaited resolve (`container.async`) runs on its caller's executor, and a registration whose factory is synchronous
// is resolved without suspending. How a test sees a suspension: main-actor code first enqueues a job on the main
// actor, then awaits the resolve. A resolve that suspends (a hop to another executor and back, or a yield) lets the
// main actor run that job before the resolve returns; one that does not suspend returns before the job has run.

private final class Clock: Sendable {}

private final class Ledger: Sendable {
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
}

private final class Report: Sendable {
    let ledger: Ledger
    let clock: Clock
    init(ledger: Ledger, clock: Clock) {
        self.ledger = ledger
        self.clock = clock
    }
}

/// The thread each factory ran on, in the order they ran. Code that does not suspend stays on its thread, so a factory
/// run on its caller's executor runs on the thread of the code that awaited it; a hop runs it on a thread of the
/// concurrency runtime's pool (the main actor's thread is never one of those).
private final class Placement: Sendable {
    private let threads = Locked<[ObjectIdentifier]>([])
    func record() { threads.withLock { $0.append(currentThread()) } }
    var all: [ObjectIdentifier] { threads.withLock { $0 } }
}

/// The calling thread (synchronous code does not move between threads).
private func currentThread() -> ObjectIdentifier { ObjectIdentifier(Thread.current) }

/// A value behind a lock, shared between the test and its factories.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

extension ServiceKeys {
    fileprivate static let reportKey = Key<Report>(scope: .transient) { r in
        Report(ledger: try r.require(Ledger.self), clock: try r.require(Clock.self))
    }
}

/// A container of synchronous factories: a `.container` clock, a graph-scoped ledger, a transient report.
private func synchronousGraph(placement: Placement) -> Container {
    let container = Container()
    container.register(Clock.self) { _ in
        placement.record()
        return Clock()
    }.inObjectScope(.container)
    container.register(Ledger.self) { r in
        placement.record()
        return Ledger(clock: try r.require(Clock.self))
    }
    container.register(Report.self) { r in
        placement.record()
        return Report(ledger: try r.require(Ledger.self), clock: try r.require(Clock.self))
    }.inObjectScope(.transient)
    return container
}

/// Whether the caller runs isolated to the main actor: a `nonisolated(nonsending)` function runs with its caller's
/// isolation, which `#isolation` names inside it.
nonisolated(nonsending) private func isolatedToMainActor() async -> Bool {
    #isolation === MainActor.shared
}

/// Enqueues a job on the main actor that marks `flag`; the job can run only when the main actor is free.
@MainActor
private func enqueueMainActorJob(marking flag: Locked<Bool>) {
    Task { @MainActor in flag.withLock { $0 = true } }
}

@Suite("An awaited resolve of synchronous factories runs on its caller's executor without suspending")
struct AwaitedResolveWithoutSuspendingTests {
    @Test("From main-actor code, a graph of synchronous factories resolves with no suspension")
    @MainActor
    func graphOfSynchronousFactoriesDoesNotSuspend() async throws {
        let container = synchronousGraph(placement: Placement())
        let ranMeanwhile = Locked(false)
        enqueueMainActorJob(marking: ranMeanwhile)
        let report = try await container.async.require(Report.self)
        let again = await container.async.resolve(Report.self)
        let clock = try await container.async.require(Clock.self)
        #expect(ranMeanwhile.withLock { $0 } == false)
        #expect(report.ledger.clock === report.clock && report.clock === clock && again?.clock === clock)
    }

    @Test("From main-actor code, a declared key with a synchronous factory resolves with no suspension")
    @MainActor
    func declaredKeyDoesNotSuspend() async throws {
        let container = synchronousGraph(placement: Placement())
        let ranMeanwhile = Locked(false)
        enqueueMainActorJob(marking: ranMeanwhile)
        let report = try await container.async[.reportKey]
        #expect(ranMeanwhile.withLock { $0 } == false)
        #expect(report.ledger.clock === report.clock)
    }

    @Test("The same check sees a suspension: an async factory that yields lets the main actor run the waiting job")
    @MainActor
    func asyncFactoryThatYieldsIsSeenSuspending() async throws {
        let container = Container()
        container.register(Clock.self) { (_: any AsyncResolver) async -> Clock in
            await Task.yield()
            return Clock()
        }
        let ranMeanwhile = Locked(false)
        enqueueMainActorJob(marking: ranMeanwhile)
        _ = try await container.async.require(Clock.self)
        #expect(ranMeanwhile.withLock { $0 } == true)
    }

    @Test("From main-actor code, non-isolated synchronous factories run on the main actor: no executor hop")
    @MainActor
    func synchronousFactoriesRunOnTheCallersExecutor() async throws {
        let placement = Placement()
        let container = synchronousGraph(placement: placement)
        let caller = currentThread()
        _ = try await container.async.require(Report.self)
        _ = try await container.async[.reportKey]
        // The report, its ledger, the clock (made once); the report and the ledger again.
        #expect(placement.all == Array(repeating: caller, count: 5))
    }

    @Test("From main-actor code, async factories that do not suspend run on the main actor: no executor hop")
    @MainActor
    func asyncFactoriesRunOnTheCallersExecutor() async throws {
        let placement = Placement()
        let container = synchronousGraph(placement: placement)
        // An async ledger that awaits the synchronous clock, and an async report that awaits the async ledger.
        container.register(Ledger.self, name: "awaited") { (r: any AsyncResolver) async throws -> Ledger in
            placement.record()
            return Ledger(clock: try await r.require(Clock.self))
        }
        container.register(Report.self, name: "awaited") { (r: any AsyncResolver) async throws -> Report in
            placement.record()
            let ledger = try await r.require(Ledger.self, name: "awaited")
            return Report(ledger: ledger, clock: try await r.require(Clock.self))
        }
        let ranMeanwhile = Locked(false)
        enqueueMainActorJob(marking: ranMeanwhile)
        let caller = currentThread()
        let report = try await container.async.require(Report.self, name: "awaited")
        #expect(ranMeanwhile.withLock { $0 } == false)
        // The report, its ledger and the clock, each made on the caller's thread.
        #expect(placement.all == Array(repeating: caller, count: 3))
        #expect(report.ledger.clock === report.clock)
    }

    @Test("From main-actor code, an async factory runs isolated to the main actor, before and after it suspends")
    @MainActor
    func asyncFactoryRunsIsolatedToTheCallersActor() async throws {
        // The isolation the factory runs with, before and after a suspension (a thread would not tell: on Linux the
        // main actor's jobs may run on another thread after a suspension).
        let isolations = Locked<[Bool]>([])
        let container = Container()
        container.register(Clock.self) { (_: any AsyncResolver) async -> Clock in
            let before = await isolatedToMainActor()
            await Task.yield()
            let after = await isolatedToMainActor()
            isolations.withLock { $0 += [before, after] }
            return Clock()
        }
        _ = try await container.async.require(Clock.self)
        #expect(isolations.withLock { $0 } == [true, true])
        // From a task off the main actor, the same factory runs with no actor's isolation.
        let detached = try await Task.detached {
            isolations.withLock { $0 = [] }
            _ = try await container.async.require(Clock.self)
            return isolations.withLock { $0 }
        }.value
        #expect(detached == [false, false])
    }

    @Test("A kept async registration is made in a task of its own: from main-actor code, off the main actor")
    @MainActor
    func keptAsyncRegistrationIsMadeInItsOwnTask() async throws {
        let isolations = Locked<[Bool]>([])
        let container = Container()
        container.register(Clock.self) { (_: any AsyncResolver) async -> Clock in
            let onMainActor = await isolatedToMainActor()
            isolations.withLock { $0.append(onMainActor) }
            return Clock()
        }.inObjectScope(.container)
        let clock = try await container.async.require(Clock.self)
        let again = try await container.async.require(Clock.self)
        // Made once, by the creation's own task, which no actor isolates.
        #expect(isolations.withLock { $0 } == [false])
        #expect(clock === again)
    }

    @Test("From a task off the main actor, the same factories run in that task, on its thread")
    func synchronousFactoriesRunInTheCallingTask() async throws {
        let placement = Placement()
        let container = synchronousGraph(placement: placement)
        let caller = try await Task.detached {
            let caller = currentThread()
            _ = try await container.async.require(Report.self)
            return caller
        }.value
        #expect(placement.all == [caller, caller, caller])
    }
}
