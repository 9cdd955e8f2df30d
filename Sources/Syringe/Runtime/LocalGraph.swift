/// The graph-scoped instances of a resolution whose graph is not shared, by registration.
///
/// Most graphs hold a few instances, so they are kept in a short list searched linearly: no hashing (an
/// `ObjectIdentifier` key costs a SipHash per lookup in a dictionary). Past `linearLimit` instances they move to
/// a dictionary, so a large graph stays O(1) per lookup. The list is a buffer of its own, allocated on the first
/// store and kept when cleared, for the next resolution of the context: storing moves the instance into it,
/// with none of an array's uniqueness and capacity checks.
///
/// An instance of a class type, stored by the typed path (``store(reference:typedAs:for:)``), is kept as its one
/// reference with the type it was stored as, not in an `Any`: storing, reading it back typed and clearing it then
/// cost a retain and a release, where an `Any` costs calls through the type's value witnesses.
///
/// **Invariant.** A reference stored with `typedAs: T` is an instance of the class type `T` (`T.self is AnyClass`:
/// not an existential, whose value is more than the reference), so its one word is a `T`; the unchecked reads
/// (``reference(for:typedAs:)``'s callers, ``instance(for:)``) rely on it. Checked in debug builds where it is
/// stored.
struct LocalGraph: ~Copyable {
    private enum Stored {
        /// A class instance, stored as exactly `type`.
        case reference(AnyObject, type: Any.Type)
        case value(Any)

        /// The instance as an `Any` storing exactly the type it was stored as (see Runtime/ExactCast.swift).
        var boxed: Any {
            switch self {
            case .reference(let object, let type): return LocalGraph.box(object, as: type)
            case .value(let value): return value
            }
        }
    }

    private struct Pair {
        let id: ObjectIdentifier
        var stored: Stored
    }

    /// `linearLimit` pairs, the first `count` of them initialized; `nil` until the first store.
    private var pairs: UnsafeMutablePointer<Pair>?
    private var count = 0
    private var overflow: [ObjectIdentifier: Stored] = [:]
    private static var linearLimit: Int { 16 }

    init() {}

    deinit {
        if let pairs {
            pairs.deinitialize(count: count)
            pairs.deallocate()
        }
    }

    var isEmpty: Bool { count == 0 && overflow.isEmpty }

    /// Checks, in debug builds, what the unchecked reads rely on: the initialized pairs fit the buffer, which
    /// exists once any pair was stored, and the graph holds each registration at most once.
    func checkInvariants() {
        #if DEBUG
            precondition(count >= 0 && count <= Self.linearLimit, "\(count) pairs in a buffer of \(Self.linearLimit)")
            precondition(count == 0 || pairs != nil, "pairs counted without a buffer")
            if let pairs {
                let ids = (0..<count).map { pairs[$0].id }
                precondition(Set(ids).count == ids.count, "a registration stored twice in a local graph")
                precondition(ids.allSatisfy { overflow[$0] == nil }, "a registration both in pairs and overflow")
            }
        #endif
    }

    func instance(for id: ObjectIdentifier) -> Any? {
        if !overflow.isEmpty { return overflow[id]?.boxed }
        guard let index = index(of: id) else { return nil }
        // `index(of:)` finds an index only in allocated pairs: `pairs` is not `nil`.
        return pairs.unsafelyUnwrapped[index].stored.boxed
    }

    /// What the graph holds for `id`, asked by the typed path for `type`: the reference it stored as exactly that
    /// type (see ``store(typed:for:isNew:)``), or whether it holds an instance stored otherwise.
    func find(_ id: ObjectIdentifier, typedAs type: ObjectIdentifier) -> Found {
        let stored: Stored
        if !overflow.isEmpty {
            guard let found = overflow[id] else { return .absent }
            stored = found
        } else {
            guard let index = index(of: id) else { return .absent }
            // `index(of:)` finds an index only in allocated pairs: `pairs` is not `nil`.
            stored = pairs.unsafelyUnwrapped[index].stored
        }
        if case .reference(let object, let storedType) = stored, ObjectIdentifier(storedType) == type {
            return .reference(object)
        }
        return .stored
    }

    /// What ``find(_:typedAs:)`` found.
    enum Found {
        case absent
        /// An instance of exactly the type asked for, a class type: its reference.
        case reference(AnyObject)
        /// An instance stored otherwise: ``instance(for:)`` has it.
        case stored
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
        store(.value(instance), for: id)
    }

    /// Stores `instance`, a value of exactly `Instance` (the typed path's), as its one reference if `Instance` is a
    /// class type (see the invariant above), else in an `Any`. `isNew` tells that the graph holds nothing for `id`
    /// (the caller found nothing before the factory ran, and nothing ran it again): the list is not searched.
    mutating func store<Instance>(typed instance: Instance, for id: ObjectIdentifier, isNew: Bool = false) {
        // A class type's value is its one reference (Runtime/ExactCast.swift).
        guard let object = classReference(instance) else { return store(.value(instance), for: id) }
        // The common case, a first store in a short list, makes the pair in place (no `Stored` passed along).
        assert(!isNew || !contains(id), "a registration said to be new is in the graph")
        if overflow.isEmpty, count < Self.linearLimit, isNew || index(of: id) == nil {
            let pairs = self.pairs ?? allocatePairs()
            (pairs + count).initialize(to: Pair(id: id, stored: .reference(object, type: Instance.self)))
            count += 1
            return
        }
        store(.reference(object, type: Instance.self), for: id)
    }

    private mutating func store(_ stored: consuming Stored, for id: ObjectIdentifier) {
        if overflow.isEmpty {
            if let index = index(of: id) {
                // `index(of:)` finds an index only in allocated pairs: `pairs` is not `nil`.
                pairs.unsafelyUnwrapped[index].stored = stored
                return
            }
            if count < Self.linearLimit {
                let pairs = self.pairs ?? allocatePairs()
                (pairs + count).initialize(to: Pair(id: id, stored: stored))
                count += 1
                return
            }
            if let pairs {
                for index in 0..<count { overflow[pairs[index].id] = pairs[index].stored }
                pairs.deinitialize(count: count)
            }
            count = 0
        }
        overflow[id] = stored
    }

    private mutating func allocatePairs() -> UnsafeMutablePointer<Pair> {
        let allocated = UnsafeMutablePointer<Pair>.allocate(capacity: Self.linearLimit)
        pairs = allocated
        return allocated
    }

    /// Every instance, by registration.
    var all: [ObjectIdentifier: Any] {
        var all = overflow.mapValues(\.boxed)
        if let pairs {
            for index in 0..<count { all[pairs[index].id] = pairs[index].stored.boxed }
        }
        return all
    }

    mutating func removeAll() {
        if count > 0 {
            // Only a store raises `count`, and it allocates `pairs` first: `pairs` is not `nil`. One pair at a
            // time: `deinitialize(count:)` of several goes through the runtime's generic array destroy.
            let pairs = pairs.unsafelyUnwrapped
            for index in 0..<count { (pairs + index).deinitialize(count: 1) }
            count = 0
        }
        if !overflow.isEmpty { overflow.removeAll(keepingCapacity: true) }
    }

    /// `object` as an `Any` that stores exactly `type`, as the typed path would have boxed it: the reference is
    /// reinterpreted as `type` (invariant: it is an instance of that class type, checked where it was stored).
    private static func box(_ object: AnyObject, as type: Any.Type) -> Any {
        func boxed<Instance>(_: Instance.Type) -> Any {
            unsafeBitCast(object, to: Instance.self)
        }
        return _openExistential(type, do: boxed)
    }
}
