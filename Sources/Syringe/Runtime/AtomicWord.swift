internal import CSyringeRuntime

/// One machine word that many threads read and write without a lock: the building block of the lock-free reads on
/// the resolve path (see ``Reclamation``).
///
/// An `AtomicWord` is the word's address; the word itself lives in the words an object owns (``init(in:at:)``,
/// ``AtomicWordStorage``) or among the process's words (``init(processWord:)``). Every operation is
/// sequentially consistent unless it says otherwise: the reclamation protocol relies on one total order of the
/// announcements of readers and the unpublishing of writers. The operations are C11 atomics
/// (`Sources/CSyringeRuntime`), the same on every platform.
///
/// Invariant: `address` points to a word that lives as long as this value is used, is aligned for a `UInt`, and
/// is accessed by no code other than these operations once a second thread can reach it.
struct AtomicWord {
    private let address: UnsafeMutablePointer<UInt>

    /// The word at `index` among the words `owner` keeps (see ``AtomicWordOwner``): one load, of the words'
    /// address from the object.
    @inline(__always)
    init(in owner: some AtomicWordOwner, at index: Int) {
        let words = owner.atomicWords
        assert(index >= 0 && index < words.count, "no atomic word \(index) in \(type(of: owner))")
        address = words.base + index
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
}

/// An object that keeps ``AtomicWord``s, in an ``AtomicWordStorage`` it makes in its initializer and gives back in
/// its deinitializer (`deinit { wordStorage.free() }`); it reads and writes them only through
/// ``AtomicWord/init(in:at:)``.
protocol AtomicWordOwner: AnyObject {
    /// Where the object's words are: `wordStorage.words`, which copies no reference (the storage's block is one).
    var atomicWords: AtomicWords { get }
}

/// Where an owner's words are: a plain value, read with no reference count write.
struct AtomicWords {
    let base: UnsafeMutablePointer<UInt>
    /// How many words there are (for the debug check of an index).
    let count: Int
}

/// The atomic words of one ``AtomicWordOwner``, at an address that does not change while the owner lives.
///
/// Most owners take their words from the ``AtomicWordBlock`` of the thread that makes them: a registration, a
/// table or a counter costs a few instructions instead of an allocation of its own (an allocation of three words
/// per registration cost registering about a third more, in `malloc` and `free`). The storage keeps its block
/// alive, so the words live as long as the owner; a block goes when the last owner that took words from it goes.
/// A reader's announcement, which its thread writes on every resolve, takes a cache line of its own instead
/// (``init(isolatedLine:)``), so that no other word shares it.
///
/// Invariant: `base` points to `count` initialized words until ``free()``, which runs once, when no thread can
/// reach the owner any more; words taken from a block are never handed to another owner.
struct AtomicWordStorage {
    /// Where the words are.
    let words: AtomicWords
    /// The block the words were taken from, kept alive by this reference; `nil` for a line of their own.
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

    /// One word, 0, alone on a cache line: for a word its thread writes often and others read
    /// (``ReaderSlot``).
    init(isolatedLine: Void) {
        guard let line = syringe_words_allocate_line() else { fatalError("Syringe: out of memory for a word") }
        words = AtomicWords(base: line, count: 1)
        block = nil
    }

    /// Gives the words back: called once, by the owner's deinitializer. Words of a block go with the block.
    func free() {
        if block == nil { syringe_words_free(words.base) }
    }
}

/// Words for the ``AtomicWordOwner``s one thread makes, handed out in order and never reused: one allocation for
/// many owners (see ``AtomicWordStorage``). The thread's ``ResolvingThread`` holds the block it is filling; each
/// owner's storage holds the block its words are in.
///
/// Memory bound: a block of ``capacity`` words (512 bytes) lives while any owner that took words from it lives,
/// so at worst one block per live owner (an owner made among many that were since freed); owners made together,
/// as an app's registrations are, share blocks.
///
/// Invariant: `used` only grows, stays at most ``capacity``, and is read and written by the thread whose
/// ``ResolvingThread`` holds the block (debug: checked on each take); the words are zero when taken.
final class AtomicWordBlock {
    /// Words per block.
    static let capacity = 64

    private let base: UnsafeMutablePointer<UInt>
    /// Words handed out so far.
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

    /// Whether `count` more words fit.
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

/// A counter or flag that threads read and write without a lock, for the few words outside the resolve path's
/// objects (a container's count of re-injection watches, whether logging is still the default).
final class AtomicCounter: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one word is only accessed atomically, through `AtomicWord`, once the initializer
    // has returned.
    let wordStorage: AtomicWordStorage
    var atomicWords: AtomicWords { wordStorage.words }

    init(_ value: UInt) {
        wordStorage = AtomicWordStorage(count: 1, first: value)
    }

    deinit { wordStorage.free() }

    /// The current value. Seq_cst (relaxed would do: the users, a count of watches and a flag, read it as a hint and
    /// publish nothing through it).
    @inline(__always)
    func load() -> UInt { AtomicWord(in: self, at: 0).load() }

    /// Replaces the value. Seq_cst (relaxed would do, as for ``load()``).
    @inline(__always)
    func store(_ value: UInt) { AtomicWord(in: self, at: 0).store(value) }
}

// MARK: The reclamation protocol's steps

/// The steps of ``Reclamation``'s protocol that are more than one operation, or whose ordering its argument names:
/// C functions of `CSyringeAtomics.h`, the ones the model checker (`Scripts/memory-model.sh`) runs. The orderings and
/// what each pairs with are in Runtime/README.md ("Memory ordering").
extension AtomicWord {
    /// Reader, on its slot: announces the epoch `epoch` holds (plus one), shifted left by one, the low bit set for a
    /// quick read; returns the announcement. Load: seq_cst (acquire would do), pairs with the writers' advance. Store:
    /// seq_cst, needed: pairs with a writer's unpublishing store and its scan of the slots.
    @inline(__always)
    func announceReading(epoch: AtomicWord, quick: Bool) -> UInt {
        syringe_reclamation_announce(address, epoch.address, quick)
    }

    /// Writer, on the epoch: the tag of what it unpublished before this call (the current epoch), then advances the
    /// epoch; returns the tag. Load: seq_cst, needed: after the unpublishing store in the total order. Advance: seq_cst
    /// (stronger than needed: an atomic add suffices).
    @inline(__always)
    func tagRetirement() -> UInt { syringe_reclamation_tag_retirement(address) }

    /// Writer, on the epoch: the current epoch, the bound of a scan of the slots. Seq_cst (relaxed would do: the tags
    /// it bounds were read before advances that happen before it, through the registry's lock).
    @inline(__always)
    func currentEpoch() -> UInt { syringe_reclamation_epoch(address) }

    /// Writer, on the epoch: advances it (before waiting for quick reads). Seq_cst (stronger than needed: an atomic
    /// add suffices; it is for progress, not safety).
    @inline(__always)
    func advanceEpoch() { syringe_reclamation_advance(address) }

    /// Writer, on a reader's slot: the epoch it announced, 0 when it does not read. Seq_cst, needed: pairs with the
    /// reader's announcement; acquires its leaving store.
    @inline(__always)
    func announcedEpoch() -> UInt { syringe_reclamation_announced_epoch(address) }

    /// Writer, on a reader's slot: its announcement if it is a quick read's, else 0. Seq_cst, as ``announcedEpoch()``.
    @inline(__always)
    func quickReadAnnouncement() -> UInt { syringe_reclamation_quick_read(address) }

    /// Writer, on a reader's slot: returns once it no longer holds `announced` (a quick read's announcement). Seq_cst
    /// loads (acquire would do: they pair with the reader's release store that ends the quick read).
    func waitForQuickRead(announced: UInt) { syringe_reclamation_wait_for_quick_read(address, announced) }
}
