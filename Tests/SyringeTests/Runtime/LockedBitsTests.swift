import Testing

@testable import Syringe

/// A class whose release the test sees through a weak reference.
private class Tracked {
    let value: Int
    init(_ value: Int) { self.value = value }
}

private final class TrackedSubclass: Tracked {}

/// A state wider than the buffer's header words.
private struct Wide: Equatable {
    var words: (Int, Int, Int, Int, Int) = (1, 2, 3, 4, 5)
    static func == (lhs: Wide, rhs: Wide) -> Bool { lhs.words == rhs.words }
}

/// Keeps `Locked(initial)` as retained bits, changes its state to `changed` through the borrowed lock
/// (`withLock(borrowingBits:)`), reads it back through a `Locked` made from the same bits, and gives the bits back;
/// returns what was read.
private func roundTrip<State>(_ initial: State, changed: State) -> State {
    let bits = Locked(initial).retainedBits()
    Locked<State>.withLock(borrowingBits: bits) { $0 = changed }
    let read = Locked<State>(borrowingBits: bits).withLock { $0 }
    Locked<State>.releaseRetainedBits(bits)
    return read
}

extension RuntimeTests {
    @Suite("Runtime: a lock kept as the bits of a retained reference, taken without retaining it")
    struct LockedBitsTests {
        @Test("states of every kind are changed through the borrowed lock and read back as written")
        func statesOfEveryKind() {
            #expect(roundTrip(1, changed: 2) == 2)
            #expect(roundTrip("a", changed: "b") == "b")
            #expect(roundTrip(Wide(), changed: Wide(words: (5, 4, 3, 2, 1))) == Wide(words: (5, 4, 3, 2, 1)))
            #expect(roundTrip(Int?.none, changed: 7) == 7)
            #expect(roundTrip(Any?.none, changed: "any") as? String == "any")
            #expect(roundTrip(Tracked(1), changed: TrackedSubclass(2)).value == 2)
            #expect(roundTrip(1 as any Sendable, changed: Wide() as any Sendable) as? Wide == Wide())
            #expect(roundTrip({ 1 } as @Sendable () -> Int, changed: { 3 })() == 3)
            #expect(roundTrip((any Sendable).self as Any.Type, changed: Int.self) == Int.self)
        }

        @Test("the borrowed lock retains nothing: the state goes away when its bits are given back")
        func retainsNothing() {
            weak var released: Tracked?
            do {
                let bits = Locked(Tracked(1)).retainedBits()
                for value in 2...100 {
                    Locked<Tracked>.withLock(borrowingBits: bits) { $0 = Tracked(value) }
                }
                Locked<Tracked>.withLock(borrowingBits: bits) { released = $0 }
                #expect(released?.value == 100)
                Locked<Tracked>.releaseRetainedBits(bits)
            }
            #expect(released == nil)
        }

        @Test("eight threads adding through the borrowed lock end with the exact total")
        func concurrentAdditionsAreExact() {
            let bits = Locked(0).retainedBits()
            let threads = 8
            let rounds = 10_000
            JoinableThread.run(threads) { _ in
                for _ in 0..<rounds {
                    Locked<Int>.withLock(borrowingBits: bits) { $0 += 1 }
                }
            }
            #expect(Locked<Int>(borrowingBits: bits).withLock { $0 } == threads * rounds)
            Locked<Int>.releaseRetainedBits(bits)
        }
    }
}
