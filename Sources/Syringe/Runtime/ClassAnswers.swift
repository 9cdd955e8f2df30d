internal import CSyringeRuntime

/// A yes-or-no answer per class that the class's conformances decide once and for all (whether its instances are
/// ``Disposable`` or ``AsyncDisposable``: see `DisposableClasses` in `Lifecycle/LifecycleStore.swift`), kept in the
/// process's table of words (`syringe_class_answer_words` in the C half) and read with no lock and no hashing of a
/// dictionary: one load for a class asked about before.
///
/// Every new shared instance is asked about, which a per-test container (``Container/derived(registeringClosure:)``)
/// does for each singleton it makes; the runtime's conformance check walks the superclasses (thousands of
/// instructions), and the lock and dictionary that kept the answers before cost ~250 instructions a read.
///
/// Invariant: each word is 0 or `address | answer << 1 | 1`, where `address` is a class's metadata address (aligned
/// to 8, so its three low bits are free; a class whose address is not is never kept). A word goes once from 0 to its
/// value by a compare-and-exchange and never changes again, and the Swift runtime never frees class metadata, so a
/// word found holding an address answers for that class for good: no reader can see a torn or stale entry, and
/// nothing is ever released. The answer lives in the same word as the key, so a relaxed load suffices. A class whose
/// probe finds no free word among ``probeLength`` is not kept; it is asked again each time (correct, only slower).
/// Debug builds ask again on every hit and compare.
///
/// One question only: a second one needs a table of its own.
enum ClassAnswers {
    /// How many words a class may be found in, from the one its address hashes to.
    static let probeLength = 8

    /// The word `type` hashes to, first of its probe.
    @inline(__always)
    private static func start(of key: UInt) -> Int {
        // Fibonacci hashing of the address's significant bits: neighbouring metadata spread over the table.
        Int(truncatingIfNeeded: ((key >> 3) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (Int(SYRINGE_CLASS_ANSWER_WORD_COUNT) - 1)
    }

    /// Whether the table holds an answer for `type`, or has no free word left where `type` could be kept (for
    /// tests: the table is the process's, and other tests may have filled it).
    static func isKeptOrFull(_ type: AnyClass) -> Bool {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        let count = Int(SYRINGE_CLASS_ANSWER_WORD_COUNT)
        let words = (0..<probeLength).map { probe in
            AtomicWord(classAnswerWord: (start(of: key) + probe) & (count - 1)).load()
        }
        return words.contains { $0 & ~7 == key } || !words.contains(0)
    }

    /// The answer for `type`, from the table, or from `ask()` (then kept, if a word is free).
    @inline(__always)
    static func answer(for type: AnyClass, orAsk ask: () -> Bool) -> Bool {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        // Metadata is aligned to at least 8 on every platform Swift runs on; an address that is not stays unkept.
        guard key & 7 == 0 else { return ask() }
        let count = Int(SYRINGE_CLASS_ANSWER_WORD_COUNT)
        let start = start(of: key)
        var answer: Bool?
        for probe in 0..<probeLength {
            let word = AtomicWord(classAnswerWord: (start + probe) & (count - 1))
            var bits = word.load()
            if bits == 0 {
                let asked = answer ?? ask()
                answer = asked
                let (exchanged, current) = word.compareExchange(expected: 0, desired: key | (asked ? 2 : 0) | 1)
                if exchanged { return asked }
                bits = current  // another thread took the word first: perhaps for this class
            }
            if bits & ~7 == key {
                let kept = bits & 2 != 0
                assert(kept == (answer ?? ask()), "the kept answer for \(type) is not the class's")
                return kept
            }
        }
        return answer ?? ask()
    }
}
