import Testing

@testable import Syringe

@Suite("sorted(byKey:): the library's one sort, ascending and stable")
struct SortedByKeyTests {
    @Test(
        "string keys sort ascending, equal keys keep their order",
        arguments: [
            ([("b", 0), ("a", 1), ("b", 2), ("a", 3), ("c", 4)], [1, 3, 0, 2, 4]),
            ([], []),
            ([("x", 0)], [0]),
            ([("same", 0), ("same", 1), ("same", 2)], [0, 1, 2]),
        ])
    func stringKeys(items: [(String, Int)], expected: [Int]) {
        #expect(items.sorted(byKey: { $0.0 }).map(\.1) == expected)
    }

    @Test("integer keys sort ascending, equal keys keep their order")
    func integerKeys() {
        let items: [(UInt64, Int)] = [(3, 0), (1, 1), (3, 2), (0, 3), (UInt64.max, 4), (1, 5)]
        #expect(items.sorted(byKey: { $0.0 }).map(\.1) == [3, 1, 5, 0, 2, 4])
    }

    @Test("the order agrees with the standard library's stable sort", arguments: [0, 1, 7, 100])
    func agreesWithSortedBy(seed: Int) {
        var state = UInt64(seed) &* 6_364_136_223_846_793_005 &+ 1
        let keys = (0..<200).map { _ -> String in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return String(state >> 58)
        }
        let items = Array(keys.enumerated())
        #expect(
            items.sorted(byKey: { $0.element }).map(\.offset) == items.sorted { $0.element < $1.element }.map(\.offset))
    }
}
