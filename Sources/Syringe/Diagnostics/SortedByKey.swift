// Sorting, once for the whole library.
//
// Each `sorted(by:)` call with a closure of its own gets its own copy of the standard library's sort, specialized
// for the element type and the closure (about 5 KB of code each). The library sorts only for messages, reports
// and disposal order, never on a resolve, so every such call goes through the two functions below: their sorts
// are the only copies, and a caller adds a `map` over its elements.

extension Sequence {
    /// The elements in ascending order of `key` (by `String`'s `<`), equal keys in their original order.
    ///
    /// - Complexity: O(*n* log *n*), plus one `key` call per element.
    func sorted(byKey key: (Element) -> String) -> [Element] {
        let elements = Array(self)
        return ascendingOrder(of: elements.map(key)).map { elements[$0] }
    }

    /// The elements in ascending order of `key`, equal keys in their original order.
    ///
    /// - Complexity: O(*n* log *n*), plus one `key` call per element.
    func sorted(byKey key: (Element) -> UInt64) -> [Element] {
        let elements = Array(self)
        return ascendingOrder(of: elements.map(key)).map { elements[$0] }
    }
}

/// The indices of `keys` in ascending order of their key, equal keys in index order.
@inline(never)
func ascendingOrder(of keys: [String]) -> [Int] {
    Array(keys.indices).sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
}

/// The indices of `keys` in ascending order of their key, equal keys in index order.
@inline(never)
func ascendingOrder(of keys: [UInt64]) -> [Int] {
    Array(keys.indices).sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
}
