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
