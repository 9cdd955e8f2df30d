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

/// An object that keeps ``AtomicWord``s, in an ``AtomicWordStorage`` it makes in its initializer and frees in its
/// deinitializer (`deinit { atomicWords.free() }`); it reads and writes them only through ``AtomicWord/init(in:at:)``.
protocol AtomicWordOwner: AnyObject {
    /// The object's words.
    var atomicWords: AtomicWordStorage { get }
}

/// The atomic words of one ``AtomicWordOwner``: a buffer of their own, at an address that does not change while
/// the owner lives, allocated (aligned for a `UInt`) and set by the owner's initializer, freed by its
/// deinitializer. Invariant: `base` points to `count` initialized words until ``free()``, which runs once, when
/// no thread can reach the owner any more.
struct AtomicWordStorage {
    let base: UnsafeMutablePointer<UInt>
    /// How many words there are (for the debug check of an index).
    let count: Int

    /// `count` words, the first holding `first` and the others 0.
    init(count: Int, first: UInt = 0) {
        precondition(count > 0, "no atomic words")
        base = .allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
        base.pointee = first
        self.count = count
    }

    /// Frees the words: called once, by the owner's deinitializer.
    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// A counter or flag that threads read and write without a lock, for the few words outside the resolve path's
/// objects (a container's count of re-injection watches, whether logging is still the default).
final class AtomicCounter: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one word is only accessed atomically, through `AtomicWord`, once the initializer
    // has returned.
    let atomicWords: AtomicWordStorage

    init(_ value: UInt) {
        atomicWords = AtomicWordStorage(count: 1, first: value)
    }

    deinit { atomicWords.free() }

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
