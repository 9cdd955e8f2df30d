/// Single-flight creation of shared instances by `async` factories: one unstructured task, recorded here, that
/// every task needing it awaits (so a waiter's cancellation never reaches the creation).
///
/// Invariant: an edge runs from the innermost shared creation a resolution runs inside to the creation it awaits;
/// under the lock that adds it, a wait that would close a loop of edges is refused (a circular-dependency error,
/// which fails its factory and so releases the other side).
final class AsyncCreations: Sendable {
    static let shared = AsyncCreations()

    struct Flight: Sendable {
        let task: Task<InstanceBox, any Error>
    }

    private struct State {
        /// The running creations, by registration.
        var flights = [ObjectIdentifier: Flight]()
        /// For each creation, the creations it awaits (with how many resolutions of it await each).
        var edges = [ObjectIdentifier: [ObjectIdentifier: Int]]()
    }

    private let state = Locked(State())

    /// What a task that needs a shared instance does: take the instance already made, or await a creation.
    enum Join {
        case ready(Any)
        case await(Flight)
    }

    /// The instance `existing` finds, else the running creation, else the one `start` makes. Looking under this lock
    /// closes the gap between a creation that just ended and a second one starting.
    func join(
        _ registration: Registration, existing: () -> Any?, start: () -> Task<InstanceBox, any Error>
    ) -> Join {
        let id = ObjectIdentifier(registration)
        return state.withLock { state in
            if let flight = state.flights[id] { return .await(flight) }
            if let instance = existing() { return .ready(instance) }
            // Only creates the task (it runs user code later, on its own): nothing runs under the lock.
            let flight = Flight(task: start())
            state.flights[id] = flight
            return .await(flight)
        }
    }

    /// Forgets the creation of `registration`; its task calls this when it ends, before publishing its result.
    func end(_ registration: Registration) {
        let id = ObjectIdentifier(registration)
        state.withLock { state in
            state.flights[id] = nil
            state.edges[id] = nil
        }
    }

    /// Records that a resolution running inside `enclosing` (innermost first) awaits the creation of `awaited`;
    /// `false`, recording nothing, if that creation already waits, directly or not, for one of `enclosing`.
    func beginWait(for awaited: Registration, inside enclosing: [Registration]) -> Bool {
        guard let innermost = enclosing.first else { return true }
        let target = ObjectIdentifier(awaited)
        let mine = Set(enclosing.map { ObjectIdentifier($0) })
        return state.withLock { state in
            var stack = [target]
            var seen: Set<ObjectIdentifier> = []
            while let node = stack.popLast() {
                if mine.contains(node) { return false }
                guard seen.insert(node).inserted else { continue }
                if let targets = state.edges[node] { stack.append(contentsOf: targets.keys) }
            }
            state.edges[ObjectIdentifier(innermost), default: [ObjectIdentifier: Int]()][target, default: 0] += 1
            return true
        }
    }

    /// Removes what ``beginWait(for:inside:)`` recorded.
    func endWait(for awaited: Registration, inside enclosing: [Registration]) {
        guard let innermost = enclosing.first else { return }
        let source = ObjectIdentifier(innermost)
        let target = ObjectIdentifier(awaited)
        state.withLock { state in
            guard let count = state.edges[source]?[target] else { return }
            if count > 1 {
                state.edges[source]?[target] = count - 1
            } else {
                state.edges[source]?[target] = nil
                if state.edges[source]?.isEmpty == true { state.edges[source] = nil }
            }
        }
    }
}
