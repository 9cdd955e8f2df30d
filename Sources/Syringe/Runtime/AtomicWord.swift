internal import CSyringeRuntime

/// The address of a word that threads access without a lock, through the C half's C11 atomics. Every operation is
/// seq_cst unless it says otherwise: reclamation relies on one total order of announcements and unpublishing.
///
/// Invariant: `address` points to a word that lives as long as this value is used, is aligned for a `UInt`, and
/// is accessed by no code other than these operations once a second thread can reach it.
struct AtomicWord {
    private let address: UnsafeMutablePointer<UInt>

    @inline(__always)
    init(in owner: some AtomicWordOwner, at index: Int) {
        let words = owner.atomicWords
        assert(index >= 0 && index < words.count, "no atomic word \(index) in \(type(of: owner))")
        address = words.base + index
    }

    @inline(__always)
    init(processWord: ProcessWord) {
        assert(processWord.rawValue < SYRINGE_PROCESS_WORD_COUNT, "the C half has no process word \(processWord)")
        address = syringe_process_word(processWord.rawValue)
    }

    @inline(__always)
    func load() -> UInt { syringe_atomic_load(address) }

    /// The current value, with acquire ordering only: for reading an object published with ``store(_:)``.
    @inline(__always)
    func loadAcquiring() -> UInt { syringe_atomic_load_acquiring(address) }

    @inline(__always)
    func store(_ value: UInt) { syringe_atomic_store(address, value) }

    /// Replaces the value with release ordering only, inline: never the store that ends a reader's protection.
    @inline(__always)
    func storeReleasingInline(_ value: UInt) { syringe_atomic_store_releasing(address, value) }

    /// Replaces the value with release ordering only, out of line: ends a reader's protection (no retain moves past).
    @inline(__always)
    func storeReleasingAfterRetains(_ value: UInt) { syringe_atomic_store_releasing_after_retains(address, value) }

    /// Stores `desired` if the word holds `expected`; returns whether it did, and the value the word held.
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

/// The words the whole process shares, each on a cache line of its own in the C half.
enum ProcessWord: Int32 {
    case reclamationEpoch = 0
}

/// An object that keeps ``AtomicWord``s in an ``AtomicWordStorage`` made in its initializer and freed in its
/// deinitializer, and reaches them only through ``AtomicWord/init(in:at:)``.
protocol AtomicWordOwner: AnyObject {
    var atomicWords: AtomicWords { get }
}

/// Where an owner's words are, and how many (for the debug check of an index).
struct AtomicWords {
    let base: UnsafeMutablePointer<UInt>
    let count: Int
}

/// The atomic words of one ``AtomicWordOwner``: taken from the making thread's ``AtomicWordBlock``, which the storage
/// keeps alive (an allocation each cost registering a third more), or a cache line of their own.
///
/// Invariant: `base` points to `count` initialized words until ``free()``, which runs once, when no thread can
/// reach the owner any more; words taken from a block are never handed to another owner.
struct AtomicWordStorage {
    let words: AtomicWords
    private let block: AtomicWordBlock?

    /// `count` words from the calling thread's block, the first holding `first` and the others 0.
    init(count: Int, first: UInt = 0) {
        precondition(count > 0 && count <= AtomicWordBlock.capacity, "no atomic words, or too many for a block")
        let block = ResolvingThread.wordBlock(for: count)
        let base = block.take(count)
        base.pointee = first
        words = AtomicWords(base: base, count: count)
        self.block = block
    }

    /// One word, 0, alone on a cache line (``ReaderSlot``).
    init(isolatedLine: Void) {
        guard let line = syringe_words_allocate_line() else { fatalError("Syringe: out of memory for a word") }
        words = AtomicWords(base: line, count: 1)
        block = nil
    }

    /// Gives the words back, once, from the owner's deinitializer (a block's go with the block).
    func free() {
        if block == nil { syringe_words_free(words.base) }
    }
}

/// Words for the ``AtomicWordOwner``s one thread makes, handed out in order and never reused.
///
/// Invariant: `used` only grows, stays at most ``capacity``, and is read and written by the thread whose
/// ``ResolvingThread`` holds the block (debug: checked on each take); the words are zero when taken.
final class AtomicWordBlock {
    static let capacity = 64

    private let base: UnsafeMutablePointer<UInt>
    private var used = 0
    #if DEBUG
        private let thread = syringe_thread_serial()
    #endif

    init() {
        guard let words = syringe_words_allocate(AtomicWordBlock.capacity) else {
            fatalError("Syringe: out of memory for atomic words")
        }
        base = words
    }

    deinit { syringe_words_free(base) }

    @inline(__always)
    func hasRoom(for count: Int) -> Bool { used + count <= AtomicWordBlock.capacity }

    /// The next `count` words, all 0; the caller checked ``hasRoom(for:)``.
    @inline(__always)
    func take(_ count: Int) -> UnsafeMutablePointer<UInt> {
        #if DEBUG
            precondition(thread == syringe_thread_serial(), "a block of words used by another thread")
            precondition(hasRoom(for: count), "a block of words overfilled")
            precondition((0..<count).allSatisfy { base[used + $0] == 0 }, "words taken twice")
        #endif
        defer { used += count }
        return base + used
    }
}

/// A counter or flag that threads read and write without a lock (a count of re-injection watches, a logging flag).
final class AtomicCounter: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one word is only accessed atomically once the initializer has returned.
    let wordStorage: AtomicWordStorage
    var atomicWords: AtomicWords { wordStorage.words }

    init(_ value: UInt) {
        wordStorage = AtomicWordStorage(count: 1, first: value)
    }

    deinit { wordStorage.free() }

    /// The current value. Seq_cst (relaxed would do: a hint that publishes nothing).
    @inline(__always)
    func load() -> UInt { AtomicWord(in: self, at: 0).load() }

    /// Replaces the value. Seq_cst (relaxed would do, as for ``load()``).
    @inline(__always)
    func store(_ value: UInt) { AtomicWord(in: self, at: 0).store(value) }
}

/// The steps of ``Reclamation``'s protocol: C functions of `CSyringeAtomics.h`, which `Scripts/memory-model.sh`
/// model-checks (orderings argued in Runtime/README.md, "Memory ordering").
extension AtomicWord {
    /// Reader, on its slot: announces `epoch` (plus one) shifted left by one, the low bit set for a quick read. Load
    /// seq_cst (acquire would do); store seq_cst, needed: pairs with writers' unpublishing stores and scans.
    @inline(__always)
    func announceReading(epoch: AtomicWord, quick: Bool) -> UInt {
        syringe_reclamation_announce(address, epoch.address, quick)
    }

    /// Writer: returns the current epoch as the tag of what it just unpublished, and advances it. Load seq_cst,
    /// needed (after the unpublishing store in the total order); advance seq_cst (needed in the C11 model).
    @inline(__always)
    func tagRetirement() -> UInt { syringe_reclamation_tag_retirement(address) }

    /// Writer: the current epoch, bound of a scan. Seq_cst (relaxed would do: it only bounds tags read before).
    @inline(__always)
    func currentEpoch() -> UInt { syringe_reclamation_epoch(address) }

    /// Writer: advances the epoch before waiting for quick reads. Seq_cst (any add would do: for progress only).
    @inline(__always)
    func advanceEpoch() { syringe_reclamation_advance(address) }

    /// Writer, on a reader's slot: its announcement. Seq_cst, needed: pairs with the announcement; acquires leaving.
    @inline(__always)
    func announcedEpoch() -> UInt { syringe_reclamation_announced_epoch(address) }

    /// Writer, on a reader's slot: its announcement if it is a quick read's, else 0. Seq_cst, as ``announcedEpoch()``.
    @inline(__always)
    func quickReadAnnouncement() -> UInt { syringe_reclamation_quick_read(address) }

    /// Writer, on a reader's slot: returns once it no longer holds `announced`. Seq_cst loads (acquire would do:
    /// pairs with the release store ending the quick read).
    func waitForQuickRead(announced: UInt) { syringe_reclamation_wait_for_quick_read(address, announced) }
}
