internal import CSyringeRuntime

/// Epoch-based reclamation: frees objects lock-free readers may still read once no reader can hold them, always on a
/// writing thread (protocol and proof: Runtime/README.md, "The reclamation protocol").
///
/// A writer unpublishes, tags with the epoch and advances it; a reader announces the epoch in its ``ReaderSlot``, then
/// loads. An object tagged `t` is released once every announced epoch is above `t`; one only quick reads (announced
/// with the low bit) load, after ``waitForQuickReads()``. **Readers never release.**
enum Reclamation {
    /// The epoch, less one (the process word starts at 0).
    private static var epochWord: AtomicWord { AtomicWord(processWord: .reclamationEpoch) }
    private static let slots = Locked<[ObjectIdentifier: ReaderSlot]>([:])

    /// The current epoch, from 1 (an announcement is never 0). Seq_cst (relaxed would do: it only bounds tags).
    @inline(__always)
    fileprivate static func currentEpoch() -> UInt { epochWord.currentEpoch() }

    /// Announces in `slot` that its thread starts reading. Seq_cst store: pairs with writers' unpublishing and scans.
    @inline(__always)
    static func announce(in slot: ReaderSlot, quick: Bool) -> UInt {
        slot.announced.announceReading(epoch: epochWord, quick: quick)
    }

    /// Returns once every quick read that may have loaded what the caller unpublished has ended. Call with no lock.
    static func waitForQuickReads() {
        // Seq_cst add (any add would do: for progress, so a reader's later quick reads announce a new word).
        epochWord.advanceEpoch()
        let reading = slots.withLock { slots in
            slots.values.compactMap { slot -> (ReaderSlot, UInt)? in
                // Seq_cst, needed: pairs with the reader's announcement (after the caller's unpublishing store).
                let announced = slot.announced.quickReadAnnouncement()
                return announced != 0 ? (slot, announced) : nil
            }
        }
        for (slot, announced) in reading {
            // Each load acquires the reader's release store that ends the quick read.
            slot.announced.waitForQuickRead(announced: announced)
        }
    }

    /// The tag of an object unpublished just before this call: the current epoch, which is then advanced.
    fileprivate static func tagRetirement() -> UInt {
        // Seq_cst load, needed: after the caller's unpublishing store in the total order; then a seq_cst add.
        epochWord.tagRetirement()
    }

    /// The oldest epoch a reader still reads in, or the current epoch if none reads.
    fileprivate static func oldestReadingEpoch() -> UInt {
        // Read before the slots: an object retired during the scan has a tag not older than this.
        let now = currentEpoch()
        return slots.withLock { slots in
            slots.values.reduce(now) { oldest, slot in
                // Seq_cst, needed: pairs with the reader's announcement; acquires its leaving store.
                let announced = slot.announced.announcedEpoch()
                return announced == 0 ? oldest : min(oldest, announced)
            }
        }
    }

    static func register(_ slot: ReaderSlot) {
        slots.withLock { $0[ObjectIdentifier(slot)] = slot }
    }

    /// Forgets a thread's slot when the thread exits (releasing nothing).
    static func unregister(_ slot: ReaderSlot) {
        slots.withLock { $0[ObjectIdentifier(slot)] = nil }
    }
}

/// The objects one owner unpublished or let go of, each tagged with its epoch, under the owner's lock. Only writers
/// and the owner's deinitializer take from it, so objects are released only on a writing thread.
///
/// **Invariant.** Every tag is an epoch that has ended, and no object is listed twice (checked in debug builds on
/// each reclaim); ``takeReclaimable()`` hands an object out only when every reader announced an epoch after its tag
/// and nothing else references it (a reader outside a section may hold it strongly: it waits for a later write).
struct RetiredObjects {
    private struct Entry {
        let tag: UInt
        var object: AnyObject
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    var count: Int { entries.count }

    init() {}

    /// Keeps `objects`, just unpublished or unbound, each at most once (a second reference would keep it forever).
    mutating func add(_ objects: some Sequence<AnyObject>) {
        let tag = Reclamation.tagRetirement()
        entries.append(contentsOf: objects.lazy.map { Entry(tag: tag, object: $0) })
    }

    /// Removes the objects no reader can hold and nothing else references, for the caller to drop after its lock.
    mutating func takeReclaimable() -> [AnyObject]? {
        guard !entries.isEmpty else { return nil }
        let oldestReader = Reclamation.oldestReadingEpoch()
        checkInvariants()
        var free: [AnyObject] = []
        var index = entries.startIndex
        while index < entries.endIndex {
            if entries[index].tag < oldestReader, isKnownUniquelyReferenced(&entries[index].object) {
                free.append(entries.remove(at: index).object)
            } else {
                index += 1
            }
        }
        return free.isEmpty ? nil : free
    }

    /// Checks the invariant's first half, in debug builds.
    private func checkInvariants() {
        #if DEBUG
            let now = Reclamation.currentEpoch()
            precondition(entries.allSatisfy { $0.tag < now }, "an object retired in an epoch that has not ended")
            precondition(
                Set(entries.map { ObjectIdentifier($0.object) }).count == entries.count, "an object retired twice")
        #endif
    }
}

/// One thread's announcement to ``Reclamation`` (0 when not reading), on its own cache line, written by that thread.
final class ReaderSlot: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one stored property is the announcement word, accessed only atomically once the
    // initializer has returned.
    let wordStorage = AtomicWordStorage(isolatedLine: ())
    var atomicWords: AtomicWords { wordStorage.words }

    init() {
        Reclamation.register(self)
    }

    deinit { wordStorage.free() }

    @inline(__always)
    var announced: AtomicWord { AtomicWord(in: self, at: 0) }
}
