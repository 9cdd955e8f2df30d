/// The graph-scoped instances of one object graph, once the graph is shared beyond the resolution that made it.
///
/// A top-level resolve keeps its graph instances privately. When something needs the graph after the call
/// returns (a ``Lazy`` or ``Provider``, a resolved ``GraphIdentifier``, ``Container/withObjectGraph(_:closure:)``
/// or a custom scope), the instances move here. While any resolution works in the graph it holds them
/// strongly; when the last one finishes it keeps only weak references to class instances, so the graph
/// never keeps a service alive on its own.
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

    /// Marks the end of a resolution in a graph that no later resolution will look into for what this one made
    /// (an awaited resolution's own graph): when none is left, the graph lets its instances go instead of
    /// keeping them weakly (a weak reference gives its object a side table, which every later reference count
    /// of the object then goes through).
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
            // Room for a request's graph at the first store, instead of growing the table one instance at a time.
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
