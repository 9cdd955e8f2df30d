// Sorting for messages, reports and disposal order (never on a resolve) goes through here: each `sorted(by:)` with
// a closure of its own costs its own specialized copy of the sort (about 5 KB); this one is one per key type.

extension Sequence {
    /// The elements in ascending order of `key`, equal keys in their original order.
    func sorted<Key: Comparable>(byKey key: (Element) -> Key) -> [Element] {
        let elements = Array(self)
        return ascendingOrder(of: elements.map(key)).map { elements[$0] }
    }
}

/// The indices of `keys` in ascending order of their key, equal keys in index order.
@inline(never)
func ascendingOrder<Key: Comparable>(of keys: [Key]) -> [Int] {
    Array(keys.indices).sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
}
