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
/// a dictionary, so a large graph stays O(1) per lookup. Both keep their storage when cleared, for the next
/// resolution of the context.
struct LocalGraph {
    private struct Pair {
        let id: ObjectIdentifier
        var instance: Any
    }

    private var pairs: [Pair] = []
    private var overflow: [ObjectIdentifier: Any] = [:]
    private var linearLimit: Int { 16 }

    var isEmpty: Bool { pairs.isEmpty && overflow.isEmpty }

    func instance(for id: ObjectIdentifier) -> Any? {
        if !overflow.isEmpty { return overflow[id] }
        guard let index = index(of: id) else { return nil }
        return pairs[index].instance
    }

    /// The position of `id` in `pairs`, compared without copying the instances.
    private func index(of id: ObjectIdentifier) -> Int? {
        pairs.withUnsafeBufferPointer { pairs -> Int? in
            for index in pairs.indices where pairs[index].id == id { return index }
            return nil
        }
    }

    mutating func store(_ instance: Any, for id: ObjectIdentifier) {
        if overflow.isEmpty {
            if let index = index(of: id) {
                pairs[index].instance = instance
                return
            }
            if pairs.count < linearLimit {
                pairs.append(Pair(id: id, instance: instance))
                return
            }
            for pair in pairs { overflow[pair.id] = pair.instance }
            pairs.removeAll(keepingCapacity: true)
        }
        overflow[id] = instance
    }

    /// Every instance, by registration.
    var all: [ObjectIdentifier: Any] {
        var all = overflow
        for pair in pairs { all[pair.id] = pair.instance }
        return all
    }

    mutating func removeAll() {
        if !pairs.isEmpty { pairs.removeAll(keepingCapacity: true) }
        if !overflow.isEmpty { overflow.removeAll(keepingCapacity: true) }
    }
}

/// `instance`, whose dynamic type is exactly `Service`, as a `Service`: the value is taken out of the
/// existential as it is, without the runtime's dynamic cast (~200 instructions), which would try conversions
/// (bridging, wrapping, class hierarchies) that an exact match never needs. The caller checks the type first.
@inline(__always)
func value<Service>(ofExactly instance: Any, as serviceType: Service.Type) -> Service {
    func reinterpret<Contained>(_ contained: Contained) -> Service {
        // Same type, so same size and layout: the bit cast is a plain copy.
        unsafeBitCast(contained, to: Service.self)
    }
    return _openExistential(instance, do: reinterpret)
}

/// Whether `instance`'s dynamic type is exactly `Service` (a pointer comparison of the two metatypes).
@inline(__always)
func holdsExactly<Service>(_ instance: Any, _ serviceType: Service.Type) -> Bool {
    ObjectIdentifier(type(of: instance)) == ObjectIdentifier(Service.self)
}

/// `instance` as a `Service`, opened once: when the type it was stored as is exactly `Service`, the value is
/// taken out as it is (no call for its dynamic type, no dynamic cast); otherwise it is cast, and `mismatch`
/// is thrown if the cast fails.
@inlinable
@inline(__always)
func unpack<Service>(_ instance: Any, as serviceType: Service.Type, mismatch: () -> any Error) throws -> Service {
    func open<Contained>(_ contained: Contained) throws -> Service {
        if ObjectIdentifier(Contained.self) == ObjectIdentifier(Service.self) {
            // Same type, so same size and layout: the bit cast is a plain copy.
            return unsafeBitCast(contained, to: Service.self)
        }
        // `case let` rather than `as?`: no metadata of `Optional<Service>`.
        switch instance {
        case let cast as Service: return cast
        default: throw mismatch()
        }
    }
    return try _openExistential(instance, do: open)
}
