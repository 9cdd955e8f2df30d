internal import CSyringeRuntime

/// One machine word that many threads read and write without a lock: the building block of the lock-free reads on
/// the resolve path (see ``Reclamation``).
///
/// An `AtomicWord` is the word's address; the word itself lives in the object that owns it (``init(in:at:)``) or
/// among the process's words (``init(processWord:)``), so reading it costs no extra load. Every operation is
/// sequentially consistent unless it says otherwise: the reclamation protocol relies on one total order of the
/// announcements of readers and the unpublishing of writers. The operations are C11 atomics
/// (`Sources/CSyringeRuntime`), the same on every platform.
///
/// Invariant: `address` points to a word that lives as long as this value is used, is aligned for a `UInt`, and
/// is accessed by no code other than these operations once a second thread can reach it.
struct AtomicWord {
    private let address: UnsafeMutablePointer<UInt>

    /// The word at `index` among the words `owner` keeps at the start of its stored properties (see
    /// ``AtomicWordOwner``). Free: the address is the object's plus a constant.
    @inline(__always)
    init(in owner: some AtomicWordOwner, at index: Int) {
        assert(index >= 0 && index < owner.atomicWordCount, "no atomic word \(index) in \(type(of: owner))")
        address = _getUnsafePointerToStoredProperties(owner).assumingMemoryBound(to: UInt.self) + index
    }

    /// A word of a table that lives until the process ends (``ClassAnswers``' tables, which are never freed).
    @inline(__always)
    init(foreverWord address: UnsafeMutablePointer<UInt>) {
        assert(Int(bitPattern: address) % MemoryLayout<UInt>.alignment == 0, "a misaligned word")
        self.address = address
    }

    /// One of the words the whole process shares (``ProcessWord``).
    @inline(__always)
    init(processWord: ProcessWord) {
        assert(processWord.rawValue < SYRINGE_PROCESS_WORD_COUNT, "the C half has no process word \(processWord)")
        address = syringe_process_word(processWord.rawValue)
    }

    /// The current value.
    @inline(__always)
    func load() -> UInt { syringe_atomic_load(address) }

    /// The current value, with acquire ordering only: for reading an object published with ``store(_:)``.
    @inline(__always)
    func loadAcquiring() -> UInt { syringe_atomic_load_acquiring(address) }

    /// Replaces the value.
    @inline(__always)
    func store(_ value: UInt) { syringe_atomic_store(address, value) }

    /// Replaces the value with release ordering only, inline (one move on x86). Not a barrier to the optimizer's
    /// moving retains: never the store that ends a reader's protection of what it retains (see
    /// ``storeReleasingAfterRetains(_:)``).
    @inline(__always)
    func storeReleasingInline(_ value: UInt) { syringe_atomic_store_releasing(address, value) }

    /// Replaces the value with release ordering only, through a call the optimizer cannot see into: for the store
    /// that ends a reader's protection of what it loaded (no other thread's decision depends on seeing it at once).
    /// Every retain of an object loaded before it then happens before it: an inline store is no barrier to the
    /// optimizer, which may move a retain later, to where a writer may already have freed the object.
    @inline(__always)
    func storeReleasingAfterRetains(_ value: UInt) { syringe_atomic_store_releasing_after_retains(address, value) }

    /// Stores `desired` if the word holds `expected`, in one sequentially consistent step; returns whether it did,
    /// and the value the word held.
    ///
    /// ```swift fragment
    /// let (exchanged, original) = word.compareExchange(expected: 0, desired: 7)  // (true, 0) on a word of 0
    /// ```
    @inline(__always)
    func compareExchange(expected: UInt, desired: UInt) -> (exchanged: Bool, original: UInt) {
        var original = expected
        let exchanged = syringe_atomic_compare_exchange(address, &original, desired)
        return (exchanged, original)
    }

    /// Adds `delta` (wrapping) and returns the new value.
    @discardableResult
    @inline(__always)
    func add(_ delta: UInt) -> UInt { syringe_atomic_add(address, delta) }

    /// Subtracts `delta` (wrapping) and returns the new value.
    @discardableResult
    @inline(__always)
    func subtract(_ delta: UInt) -> UInt { syringe_atomic_subtract(address, delta) }
}

/// The words the whole process shares, each on a cache line of its own in the C half of the runtime.
enum ProcessWord: Int32 {
    /// ``Reclamation``'s epoch.
    case reclamationEpoch = 0
    /// The address of ``ClassAnswers``' current table, 0 until the first answer is kept.
    case classAnswerTable = 2
}

/// An object that keeps ``AtomicWord``s as the first of its stored properties, so that their address is the
/// object's plus a constant, with no pointer to follow.
///
/// The conforming class declares `private final var atomicWords: (UInt, …)` (or one `UInt`) as its *first* stored
/// property, in a class whose superclasses, if any, have no stored properties, sets it in its initializer, never
/// reads or writes it in Swift afterwards (only through ``AtomicWord/init(in:at:)``), and calls
/// ``checkAtomicWordLayout(_:)`` at the end of its initializer: in debug builds it checks that the words are where
/// ``AtomicWord`` computes them. Swift lays out a class's stored properties in declaration order after the object
/// header; the check is what makes that assumption safe to rely on, type by type, in every debug test run.
protocol AtomicWordOwner: AnyObject {
    /// How many words the object keeps.
    var atomicWordCount: Int { get }
}

extension AtomicWordOwner {
    /// Checks, in debug builds, that the first stored property, at `words`, is where ``AtomicWord`` computes it:
    /// call from the initializer as `checkAtomicWordLayout(&atomicWords)`.
    @inline(__always)
    func checkAtomicWordLayout<Words>(_ words: UnsafeMutablePointer<Words>) {
        assert(
            UnsafeMutableRawPointer(words) == _getUnsafePointerToStoredProperties(self)
                && MemoryLayout<Words>.size == atomicWordCount * MemoryLayout<UInt>.stride,
            "the atomic words of \(type(of: self)) are not its first stored property"
        )
    }
}

/// A counter or flag that threads read and write without a lock, for the few words outside the resolve path's
/// objects (a container's count of re-injection watches, whether logging is still the default).
final class AtomicCounter: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one stored property is only accessed atomically, through `word`, once the
    // initializer has returned.
    private final var atomicWords: UInt
    var atomicWordCount: Int { 1 }

    init(_ value: UInt) {
        atomicWords = value
        checkAtomicWordLayout(&atomicWords)
    }

    /// The current value.
    @inline(__always)
    func load() -> UInt { AtomicWord(in: self, at: 0).load() }

    /// Replaces the value.
    @inline(__always)
    func store(_ value: UInt) { AtomicWord(in: self, at: 0).store(value) }
}
