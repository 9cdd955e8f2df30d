/// Lets a thread wait while another creates a shared instance (the slow path only), and keeps such waits from
/// deadlocking. Before sleeping, a waiter follows the chain "registration → thread creating it → registration that
/// thread waits for → …". If it comes back to the waiter, the threads wait on each other: if a registration in the
/// loop has its instance already (its `initCompleted` closures run), its waiter may take it, as its creator would
/// (a legal cycle through property injection); otherwise it is a real circular dependency, reported as an error.
final class CreationCoordinator: @unchecked Sendable {
    // @unchecked Sendable: `waiting` and `granted` are read and written only while holding `condition`'s mutex.

    static let shared = CreationCoordinator()

    enum Outcome {
        /// The state changed: look again.
        case retry
        /// Take this partly made instance (a circular dependency through `initCompleted` across threads).
        case usePartial(Any)
        /// A circular dependency: `loop` lists the registrations the other threads wait for, from the one the
        /// awaited registration's creator waits for, to the one the waiting thread is creating.
        case cycle(loop: [Registration])
    }

    /// Permission for one thread of a loop of waits to take the partly made instance of one registration.
    private struct Grant: Hashable {
        let thread: UInt
        let registration: ObjectIdentifier
    }

    private let condition = ConditionLock()
    private var waiting = [UInt: Registration]()
    /// The threads of a loop of waits that may take a partial instance (no other thread may).
    private var granted: Set<Grant> = []

    /// Waits until `registration` is no longer being created by another thread, or a loop of waits is found.
    func wait(for registration: Registration, thread: UInt) -> Outcome {
        condition.withLock {
            defer { waiting[thread] = nil }
            while true {
                // Under the coordinator's mutex, as the creator's wake-up: none can fall between look and sleep.
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
                    // The waiter of a loop registration that has an instance takes it, and so ends the loop.
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

    /// The waits (thread, registration) of the loop from `creator` back to `thread`, or `nil`.
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
