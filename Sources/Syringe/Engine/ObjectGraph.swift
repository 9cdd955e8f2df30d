/// The graph-scoped instances of one object graph, once the graph is shared beyond the resolution that made it.
///
/// A top-level resolve keeps its graph instances privately. When something needs the graph after the call
/// returns (a ``Lazy`` or ``Provider``, a resolved ``GraphIdentifier``, ``Container/withObjectGraph(_:closure:)``,
/// a custom scope or an awaited resolution), the instances move here. While any resolution works in the graph it
/// holds them strongly; when the last one finishes it keeps only weak references to class instances, so the graph
/// never keeps a service alive on its own.
final class ObjectGraph: Sendable {
    private enum Slot {
        case strong(Any)
        case weak(WeakInstance)
    }

    private struct Entry {
        let id: ObjectIdentifier
        var slot: Slot
    }

    /// The entries by registration. A request's graph holds a few, searched in order: no hashing, and no dictionary
    /// storage made per graph (its generic metadata is looked up at each allocation: about 1,300 instructions per
    /// awaited request, measured). Past `linearLimit` entries, `index` finds them.
    private struct State {
        /// Invariant: each registration at most once; `index` maps every entry's `id` to its position when there
        /// are more than `linearLimit` entries, and is empty otherwise.
        private(set) var entries: [Entry] = []
        private var index: [ObjectIdentifier: Int] = [:]
        var activeResolutions = 0

        private static var linearLimit: Int { 16 }

        func slot(for id: ObjectIdentifier) -> Slot? {
            position(of: id).map { entries[$0].slot }
        }

        mutating func set(_ slot: Slot, for id: ObjectIdentifier) {
            if let position = position(of: id) {
                entries[position].slot = slot
                return
            }
            // Room for a request's graph at the first store, instead of growing one instance at a time.
            if entries.isEmpty { entries.reserveCapacity(8) }
            entries.append(Entry(id: id, slot: slot))
            if entries.count > Self.linearLimit { indexEntries(from: index.isEmpty ? 0 : entries.count - 1) }
        }

        /// Replaces every entry, and returns the ones replaced.
        mutating func replaceEntries(with replacement: [Entry]) -> [Entry] {
            let replaced = entries
            entries = replacement
            if !index.isEmpty { index = [:] }
            if entries.count > Self.linearLimit { indexEntries(from: 0) }
            return replaced
        }

        private func position(of id: ObjectIdentifier) -> Int? {
            entries.count > Self.linearLimit ? index[id] : entries.firstIndex { $0.id == id }
        }

        private mutating func indexEntries(from start: Int) {
            for position in start..<entries.count { index[entries[position].id] = position }
        }
    }

    private let state = Locked(State())

    init() {}

    /// Marks the start of a resolution in this graph; weak slots become strong again while it runs.
    func enter() {
        state.withLock { $0.activeResolutions += 1 }
    }

    /// Marks the end of a resolution; when none is left, the graph keeps class instances weakly.
    func leave() {
        let replaced = state.withLock { state -> [Entry] in
            state.activeResolutions -= 1
            guard state.activeResolutions == 0 else { return [] }
            var weakened = [Entry]()
            for entry in state.entries {
                switch entry.slot {
                case .strong(let instance):
                    if let kept = WeakInstance(instance) { weakened.append(Entry(id: entry.id, slot: .weak(kept))) }
                case .weak(let kept):
                    if kept.isAlive { weakened.append(entry) }
                }
            }
            return state.replaceEntries(with: weakened)
        }
        // Released here, outside the lock: an instance's `deinit` may resolve in this graph.
        withExtendedLifetime(replaced) {}
    }

    /// Marks the end of a resolution in a graph that no later resolution will look into for what this one made
    /// (an awaited resolution's own graph): when none is left, the graph lets its instances go instead of
    /// keeping them weakly (a weak reference gives its object a side table, which every later reference count
    /// of the object then goes through).
    func leaveForgetting() {
        let forgotten = state.withLock { state -> [Entry] in
            state.activeResolutions -= 1
            guard state.activeResolutions == 0 else { return [] }
            return state.replaceEntries(with: [])
        }
        // Released here, outside the lock: an instance's `deinit` may resolve in this graph.
        withExtendedLifetime(forgotten) {}
    }

    /// The instance of `registration` in this graph, if one was made and is still alive.
    func instance(for registration: ObjectIdentifier) -> Any? {
        state.withLock { state in
            switch state.slot(for: registration) {
            case .strong(let instance): return instance
            case .weak(let kept): return kept.instance
            case nil: return nil
            }
        }
    }

    /// Stores the instance of `registration`.
    func store(_ instance: Any, for registration: ObjectIdentifier) {
        state.withLock { $0.set(.strong(instance), for: registration) }
    }

    /// Stores many instances at once (the private instances of a resolution that starts sharing its graph).
    func store(contentsOf instances: [ObjectIdentifier: Any]) {
        state.withLock { state in
            for (key, instance) in instances { state.set(.strong(instance), for: key) }
        }
    }
}
