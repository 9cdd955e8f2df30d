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
        case weak(WeakReference)
    }

    private struct State {
        var slots: [ObjectIdentifier: Slot] = [:]
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
            var weakened: [ObjectIdentifier: Slot] = [:]
            for (key, slot) in state.slots {
                switch slot {
                case .strong(let instance):
                    if let object = asObject(instance) { weakened[key] = .weak(WeakReference(object)) }
                case .weak(let reference):
                    if reference.object != nil { weakened[key] = slot }
                }
            }
            state.slots = weakened
        }
    }

    /// The instance of `registration` in this graph, if one was made and is still alive.
    func instance(for registration: ObjectIdentifier) -> Any? {
        state.withLock { state in
            switch state.slots[registration] {
            case .strong(let instance): return instance
            case .weak(let reference): return reference.object
            case nil: return nil
            }
        }
    }

    /// Stores the instance of `registration`.
    func store(_ instance: Any, for registration: ObjectIdentifier) {
        state.withLock { $0.slots[registration] = .strong(instance) }
    }

    /// Stores many instances at once (the private instances of a resolution that starts sharing its graph).
    func store(contentsOf instances: [ObjectIdentifier: Any]) {
        state.withLock { state in
            for (key, instance) in instances { state.slots[key] = .strong(instance) }
        }
    }
}

/// The graph-scoped instances of a resolution whose graph is not shared, by registration.
///
/// Most graphs hold a few instances, so they are kept in a short list searched linearly: no hashing (an
/// `ObjectIdentifier` key costs a SipHash per lookup in a dictionary). Past `linearLimit` instances they move to
/// a dictionary, so a large graph stays O(1) per lookup. The list is a buffer of its own, allocated on the first
/// store and kept when cleared, for the next resolution of the context: storing moves the instance into it,
/// with none of an array's uniqueness and capacity checks.
struct LocalGraph: ~Copyable {
    private struct Pair {
        let id: ObjectIdentifier
        var instance: Any
    }

    /// `linearLimit` pairs, the first `count` of them initialized; `nil` until the first store.
    private var pairs: UnsafeMutablePointer<Pair>?
    private var count = 0
    private var overflow: [ObjectIdentifier: Any] = [:]
    private static var linearLimit: Int { 16 }

    init() {}

    deinit {
        if let pairs {
            pairs.deinitialize(count: count)
            pairs.deallocate()
        }
    }

    var isEmpty: Bool { count == 0 && overflow.isEmpty }

    func instance(for id: ObjectIdentifier) -> Any? {
        if !overflow.isEmpty { return overflow[id] }
        guard let index = index(of: id) else { return nil }
        // `index(of:)` finds an index only in allocated pairs: `pairs` is not `nil`.
        return pairs.unsafelyUnwrapped[index].instance
    }

    /// Whether an instance is stored for `id` (asked without copying it).
    func contains(_ id: ObjectIdentifier) -> Bool {
        if !overflow.isEmpty { return overflow[id] != nil }
        return index(of: id) != nil
    }

    /// The position of `id` among the stored pairs, compared without copying the instances.
    private func index(of id: ObjectIdentifier) -> Int? {
        guard let pairs else { return nil }
        for index in 0..<count where pairs[index].id == id { return index }
        return nil
    }

    mutating func store(_ instance: consuming Any, for id: ObjectIdentifier) {
        if overflow.isEmpty {
            if let index = index(of: id) {
                // `index(of:)` finds an index only in allocated pairs: `pairs` is not `nil`.
                pairs.unsafelyUnwrapped[index].instance = instance
                return
            }
            if count < Self.linearLimit {
                let pairs = self.pairs ?? allocatePairs()
                (pairs + count).initialize(to: Pair(id: id, instance: instance))
                count += 1
                return
            }
            if let pairs {
                for index in 0..<count { overflow[pairs[index].id] = pairs[index].instance }
                pairs.deinitialize(count: count)
            }
            count = 0
        }
        overflow[id] = instance
    }

    private mutating func allocatePairs() -> UnsafeMutablePointer<Pair> {
        let allocated = UnsafeMutablePointer<Pair>.allocate(capacity: Self.linearLimit)
        pairs = allocated
        return allocated
    }

    /// Every instance, by registration.
    var all: [ObjectIdentifier: Any] {
        var all = overflow
        if let pairs {
            for index in 0..<count { all[pairs[index].id] = pairs[index].instance }
        }
        return all
    }

    mutating func removeAll() {
        if count > 0 {
            // Only a store raises `count`, and it allocates `pairs` first: `pairs` is not `nil`.
            pairs.unsafelyUnwrapped.deinitialize(count: count)
            count = 0
        }
        if !overflow.isEmpty { overflow.removeAll(keepingCapacity: true) }
    }
}
