/// A yes-or-no answer per class that the class's conformances decide once and for all (whether its instances are
/// ``Disposable`` or ``AsyncDisposable``: see `DisposableClasses` in `Lifecycle/LifecycleStore.swift`), kept in a
/// process-wide table of words that grows with the classes asked about, and read with no lock and no hashing of a
/// dictionary: one load of the table's address and one of the word, for a class asked about before.
///
/// The question is asked when an instance is disposed, not when it is made (a conformance check the runtime has not
/// answered before scans every conformance record of the process: ~100,000 instructions and more, growing with the
/// binary). A creation only reads the table (``knownAnswer(for:)``): a class known not to be disposable is then not
/// recorded, which keeps a per-test container (``Container/derived(registeringClosure:)``) as cheap as before.
///
/// Invariant: the process word ``ProcessWord/classAnswerTable`` is 0 or the address of a table, and a table, once
/// published there, is never freed nor moved (a reader may still hold an older one). A table is `2 + capacity` words:
/// its capacity (a power of two, written before it is published, never changed), how many answers it keeps (a
/// counter, only a hint for growing), then `capacity` words, each 0 or `address | answer << 1 | 1`, where `address`
/// is a class's metadata address (aligned to 8, so its three low bits are free; a class whose address is not is never
/// kept). A word goes once from 0 to its value by a compare-and-exchange and never changes again, and the Swift
/// runtime never frees class metadata, so a word found holding an address answers for that class for good: no reader
/// can see a torn or stale entry. A table more than half full, or whose ``probeLength`` words for a class are all
/// taken, is replaced by one twice its size holding its answers (an answer kept in the old one meanwhile may be
/// lost: it is asked again, which is correct, only slower). The tables replaced are never freed: together they are
/// smaller than the current one. Debug builds ask again on every hit and compare, and check each new table holds
/// every answer it was made from.
///
/// One question only: a second one needs a table of its own.
enum ClassAnswers {
    /// How many words a class may be found in, from the one its address hashes to.
    static let probeLength = 8

    /// The first table's capacity: an app of a few hundred classes never grows it.
    static let initialCapacity = 256

    /// The largest capacity a table grows to (a class that finds no word in it is asked each time).
    static let maximumCapacity = 1 << 24

    /// One table of answers: see the invariant of ``ClassAnswers``.
    private struct Table {
        let base: UnsafeMutablePointer<UInt>

        /// A new table of `capacity` words of 0, not yet published.
        static func make(capacity: Int) -> Table {
            let base = UnsafeMutablePointer<UInt>.allocate(capacity: capacity + 2)
            base.initialize(repeating: 0, count: capacity + 2)
            base[0] = UInt(capacity)
            return Table(base: base)
        }

        /// Written before the table was published, never changed: a plain read.
        var capacity: Int { Int(base[0]) }

        var keptCount: AtomicWord { AtomicWord(foreverWord: base + 1) }

        func word(_ index: Int) -> AtomicWord { AtomicWord(foreverWord: base + 2 + index) }

        /// The word `key` hashes to, first of its probe.
        @inline(__always)
        func start(of key: UInt) -> Int {
            // Fibonacci hashing of the address's significant bits: neighbouring metadata spread over the table.
            Int(truncatingIfNeeded: ((key >> 3) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (capacity - 1)
        }
    }

    private static var tableWord: AtomicWord { AtomicWord(processWord: .classAnswerTable) }

    /// The current table, if an answer was ever kept.
    @inline(__always)
    private static func currentTable() -> Table? {
        // Seq_cst (acquire would do); pairs with the exchange in `published(_:replacing:)`: the table's words and
        // capacity are written before it is published.
        let bits = tableWord.load()
        guard bits != 0, let base = UnsafeMutablePointer<UInt>(bitPattern: bits) else { return nil }
        return Table(base: base)
    }

    /// The answer kept for `type`, if any: never asks. A creation calls it, so that it never pays for the question.
    ///
    /// - Complexity: O(1): at most ``probeLength`` loads.
    @inline(__always)
    static func knownAnswer(for type: AnyClass) -> Bool? {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        guard key & 7 == 0, let table = currentTable() else { return nil }
        let capacity = table.capacity
        let start = table.start(of: key)
        for probe in 0..<probeLength {
            // Seq_cst (relaxed would do: the answer is the word itself, set once by an exchange).
            let bits = table.word((start + probe) & (capacity - 1)).load()
            if bits == 0 { return nil }
            if bits & ~7 == key { return bits & 2 != 0 }
        }
        return nil
    }

    /// Whether the table holds an answer for `type` (for tests; the name is from when the table could fill up, and a
    /// class it had no word for was not kept).
    static func isKeptOrFull(_ type: AnyClass) -> Bool {
        knownAnswer(for: type) != nil
    }

    /// How many words the current table has (for tests: it grows past ``initialCapacity``).
    static var capacity: Int { currentTable()?.capacity ?? 0 }

    /// The answer for `type`, from the table, or from `ask()` (then kept, growing the table if it must).
    static func answer(for type: AnyClass, orAsk ask: () -> Bool) -> Bool {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        // Metadata is aligned to at least 8 on every platform Swift runs on; an address that is not stays unkept.
        guard key & 7 == 0 else { return ask() }
        var answer: Bool?
        var table = currentTable() ?? published(Table.make(capacity: initialCapacity), replacing: 0)
        while true {
            let capacity = table.capacity
            let start = table.start(of: key)
            for probe in 0..<probeLength {
                let word = table.word((start + probe) & (capacity - 1))
                var bits = word.load()  // seq_cst (relaxed would do: the word is the whole answer)
                if bits == 0 {
                    let asked = answer ?? ask()
                    answer = asked
                    // Seq_cst (relaxed would do: the word is the whole answer).
                    let (exchanged, current) = word.compareExchange(expected: 0, desired: key | (asked ? 2 : 0) | 1)
                    if exchanged {
                        // A seq_cst count (relaxed would do: it only decides when to grow).
                        if 2 * Int(table.keptCount.add(1)) > capacity { _ = grown(table) }
                        return asked
                    }
                    bits = current  // another thread took the word first: perhaps for this class
                }
                if bits & ~7 == key {
                    let kept = bits & 2 != 0
                    assert(kept == (answer ?? ask()), "the kept answer for \(type) is not the class's")
                    return kept
                }
            }
            // Every word this class may take is taken: a larger table, unless it may not grow any more.
            let asked = answer ?? ask()
            answer = asked
            guard capacity < maximumCapacity else { return asked }
            table = grown(table)
        }
    }

    /// The table that replaces `old`: twice its size, with its answers; if another thread replaced it first, that
    /// thread's.
    private static func grown(_ old: Table) -> Table {
        if let current = currentTable(), current.base != old.base { return current }
        let capacity = old.capacity * 2
        let new = Table.make(capacity: capacity)
        var copied: [UInt] = []
        for index in 0..<old.capacity {
            let bits = old.word(index).load()  // seq_cst (relaxed would do: the word is the whole answer)
            guard bits != 0 else { continue }
            copied.append(bits)
            // Unpublished: no other thread sees `new` yet, but its words are written as every other word is (seq_cst,
            // where relaxed would do: the exchange that publishes `new` is the release).
            let start = new.start(of: bits & ~7)
            for probe in 0..<capacity {
                let word = new.word((start + probe) & (capacity - 1))
                if word.load() == 0 {
                    word.store(bits)
                    break
                }
            }
        }
        new.keptCount.store(UInt(copied.count))  // seq_cst (relaxed would do: unpublished, and a count)
        assert(holds(copied, in: new), "a grown table of class answers lost an answer")
        return published(new, replacing: UInt(bitPattern: old.base))
    }

    /// Publishes `new` if the current table's address is `expected`; otherwise frees it (nothing saw it) and returns
    /// the table another thread published.
    private static func published(_ new: Table, replacing expected: UInt) -> Table {
        // Seq_cst, a release: publishes the table's words, written before; pairs with `currentTable()`'s load.
        let (exchanged, current) = tableWord.compareExchange(expected: expected, desired: UInt(bitPattern: new.base))
        if exchanged { return new }
        new.base.deallocate()
        return Table(base: UnsafeMutablePointer(bitPattern: current)!)  // nonzero: it replaced `expected`
    }

    /// Whether every word of `copied` (what the table `new` was made from held when it was read: other threads may
    /// have kept answers in it since, which are lost) is in `new` (checked in debug builds), searched from its first
    /// word with a probe of any length (growth may place an answer past ``probeLength``; it is then only asked again).
    private static func holds(_ copied: [UInt], in new: Table) -> Bool {
        copied.allSatisfy { bits in
            let start = new.start(of: bits & ~7)
            for probe in 0..<new.capacity {
                let found = new.word((start + probe) & (new.capacity - 1)).load()  // seq_cst; a debug check
                if found == bits { return true }
                if found == 0 { return false }
            }
            return false
        }
    }
}
