// Sorting, once per key type for the whole library.
//
// Each `sorted(by:)` call with a closure of its own gets its own copy of the standard library's sort, specialized
// for the element type and the closure (about 5 KB of code each). The library sorts only for messages, reports
// and disposal order, never on a resolve, so every such call goes through the functions below: the sort is
// specialized once per key type (the library uses `String` and `UInt64`), and a caller adds only a `map` over its
// elements.

extension Sequence {
    /// The elements in ascending order of `key`, equal keys in their original order.
    ///
    /// - Complexity: O(*n* log *n*), plus one `key` call per element.
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
