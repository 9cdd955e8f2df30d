/// The graph-scoped instances of an object graph shared beyond the resolution that made it (by a ``Lazy``, a
/// ``GraphIdentifier``, a custom scope). Held strongly while a resolution works in the graph, then only weakly
/// (class instances), so the graph never keeps a service alive on its own.
final class ObjectGraph: Sendable {
    private enum Slot {
        case strong(Any)
        case weak(WeakInstance)
    }

    private struct State {
        var slots = [ObjectIdentifier: Slot]()
        var activeResolutions = 0
    }

    private let state = Locked(State())

    init() {}

    /// Marks the start of a resolution in this graph; weak slots become strong again while it runs.
    func enter() {
        state.withLock { $0.activeResolutions += 1 }
    }

    /// Marks the end of a resolution; when none is left, the graph keeps class instances weakly.
    func leave() {
        state.withLock { state in
            state.activeResolutions -= 1
            guard state.activeResolutions == 0 else { return }
            var weakened = [ObjectIdentifier: Slot]()
            for (key, slot) in state.slots {
                switch slot {
                case .strong(let instance):
                    if let kept = WeakInstance(instance) { weakened[key] = .weak(kept) }
                case .weak(let kept):
                    if kept.isAlive { weakened[key] = slot }
                }
            }
            state.slots = weakened
        }
    }

    /// Marks the end of a resolution in a graph no later one looks into (an awaited resolution's): when none is
    /// left, the instances go instead of being kept weakly (a weak reference gives its object a side table).
    func leaveForgetting() {
        let forgotten = state.withLock { state -> [ObjectIdentifier: Slot] in
            state.activeResolutions -= 1
            guard state.activeResolutions == 0 else { return [:] }
            defer { state.slots = [:] }
            return state.slots
        }
        // Released here, outside the lock: an instance's `deinit` may resolve in this graph.
        withExtendedLifetime(forgotten) {}
    }

    /// The instance of `registration` in this graph, if one was made and is still alive.
    func instance(for registration: ObjectIdentifier) -> Any? {
        state.withLock { state in
            switch state.slots[registration] {
            case .strong(let instance): return instance
            case .weak(let kept): return kept.instance
            case nil: return nil
            }
        }
    }

    /// Stores the instance of `registration`.
    func store(_ instance: Any, for registration: ObjectIdentifier) {
        state.withLock { state in
            // Room for a request's graph at the first store.
            if state.slots.isEmpty { state.slots.reserveCapacity(8) }
            state.slots[registration] = .strong(instance)
        }
    }

    /// Stores many instances at once (the private instances of a resolution that starts sharing its graph).
    func store(contentsOf instances: [ObjectIdentifier: Any]) {
        state.withLock { state in
            for (key, instance) in instances { state.slots[key] = .strong(instance) }
        }
    }
}
