/// Lets a thread wait while another creates a shared (`.container` or `.weak`) instance, and keeps such
/// waits from ever deadlocking.
///
/// Only the slow path comes here: a thread that finds a shared instance being created by another thread.
/// The coordinator records who waits for what. Before sleeping, a waiter follows the chain "registration →
/// thread creating it → registration that thread waits for → …". If the chain comes back to the waiter,
/// the threads wait on each other:
/// - if a registration in that loop already has its instance (its `initCompleted` closures are running),
///   the thread that waits for it may take that instance, as the creating thread itself would: the loop is
///   a legal circular dependency through property injection, and every thread finishes;
/// - otherwise every factory in the loop is still running and needs the next one: a real circular
///   dependency, reported to the waiter as an error instead of a hang.
final class CreationCoordinator: @unchecked Sendable {
    // @unchecked Sendable: `waiting` and `granted` are read and written only while holding `condition`'s mutex.

    static let shared = CreationCoordinator()

    enum Outcome {
        /// The state changed: look again.
        case retry
        /// Take this partly made instance (a circular dependency through `initCompleted` across threads).
        case usePartial(Any)
        /// The threads wait on each other and no instance exists yet: a circular dependency. `loop` lists the
        /// registrations the other threads wait for, from the one the creator of the awaited registration
        /// waits for, to the one the waiting thread itself is creating.
        case cycle(loop: [Registration])
    }

    /// Permission for one thread of a loop of waits to take the partly made instance of one registration.
    private struct Grant: Hashable {
        let thread: UInt
        let registration: ObjectIdentifier
    }

    private let condition = ConditionLock()
    /// The registration each waiting thread waits for.
    private var waiting = [UInt: Registration]()
    /// The threads of a loop of waits that may take a partial instance, to break the loop. Only threads in the
    /// loop get one: any other thread waits until the instance is complete.
    private var granted: Set<Grant> = []

    /// Waits until `registration` is no longer being created by another thread, or a loop of waits is found.
    func wait(for registration: Registration, thread: UInt) -> Outcome {
        condition.withLock {
            defer { waiting[thread] = nil }
            while true {
                // Look at the state, and ask to be woken, while holding the coordinator's mutex: the creator
                // wakes waiters under the same mutex, so no wake-up can fall between the look and the sleep.
                let status = registration.state.withLock { state -> (creator: UInt, partial: Any?)? in
                    guard case .creating(let creator, let partial, _) = state.shared, creator != thread else {
                        return nil
                    }
                    state.shared = .creating(owner: creator, partial: partial, hasWaiters: true)
                    return (creator, partial)
                }
                guard let status else { return .retry }
                if let partial = status.partial,
                    granted.contains(Grant(thread: thread, registration: ObjectIdentifier(registration)))
                {
                    return .usePartial(partial)
                }
                if let loop = loopOfWaits(from: status.creator, back: thread) {
                    if let partial = status.partial { return .usePartial(partial) }
                    // Let the waiter of a registration in the loop that has an instance take it; that thread
                    // then finishes and releases what this one waits for.
                    let breakable = loop.filter { wait in
                        wait.registration.state.withLock { state in
                            if case .creating(_, .some, _) = state.shared { return true }
                            return false
                        }
                    }
                    guard !breakable.isEmpty else { return .cycle(loop: loop.map(\.registration)) }
                    for wait in breakable {
                        granted.insert(Grant(thread: wait.thread, registration: ObjectIdentifier(wait.registration)))
                    }
                    condition.broadcast()
                }
                waiting[thread] = registration
                condition.wait()
            }
        }
    }

    /// Wakes the threads that wait for `registration`; called by its creator when the creation ended.
    func creationEnded(of registration: Registration) {
        condition.withLock {
            let id = ObjectIdentifier(registration)
            granted = granted.filter { $0.registration != id }
            condition.broadcast()
        }
    }

    /// The waits of the loop that starts at `creator` and returns to `thread` (each a waiting thread and the
    /// registration it waits for), or `nil`.
    private func loopOfWaits(from creator: UInt, back thread: UInt) -> [(thread: UInt, registration: Registration)]? {
        var loop: [(thread: UInt, registration: Registration)] = []
        var current = creator
        while let awaited = waiting[current] {
            loop.append((current, awaited))
            let next = awaited.state.withLock { state -> UInt? in
                if case .creating(let owner, _, _) = state.shared { return owner }
                return nil
            }
            guard let next else { return nil }
            if next == thread { return loop }
            if loop.count > waiting.count { return nil }  // A loop that does not include `thread`.
            current = next
        }
        return nil
    }
}
