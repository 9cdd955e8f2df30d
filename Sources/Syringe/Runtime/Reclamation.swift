internal import CSyringeRuntime

/// Frees objects that lock-free readers may still be reading, once no reader can hold them any more
/// (epoch-based reclamation), always on a writing thread.
///
/// The resolve path reads the registry table of a container and the configuration of a registration without a
/// lock and without retaining them, so that threads resolving at the same time write no shared memory.
/// Writers replace such an object by publishing a new one, and add the old one to their owner's
/// ``RetiredObjects`` instead of releasing it. Readers announce themselves around every resolution
/// (``ReaderSlot/enter()``): a reader announces the epoch it started in, and an object retired in epoch `t` is
/// released only when every announced reader started after `t`. Releasing an object means dropping the reference
/// kept here; the object goes away when nothing else keeps it.
///
/// The protocol: a writer unpublishes the old object, reads the epoch as the object's tag, and then advances
/// the epoch; a reader reads the epoch, announces it, and then loads the published object. All these
/// operations are sequentially consistent, so a reader whose announcement a writer does not see loads the new
/// object, and a reader that announced an epoch no later than the tag keeps the old one alive.
///
/// **Readers never release.** A reader only announces, loads and leaves: it never drops a retired object, so
/// what an app's factory captured (and a retired table's registrations with it) is never deinitialized on a
/// thread that was only resolving. Retired objects are released by the owner's writers: the write that retires
/// one releases every earlier one no reader can hold any more, and a later write (or the owner's own release)
/// releases the rest. The memory that waits is bounded: an owner keeps at most what its writes retired while a
/// reading section that began before them was still open, plus what its last write retired, until its next
/// write or its release.
///
/// A reading section may begin with a *quick read*: a few loads that run no user code, no lock and no factory
/// (the lock-free read of a kept singleton, see ``Registration/publishedInstance(typedAs:)``). A reader announces one
/// with the low bit of its announcement and clears the bit when the quick read ends. An object only quick reads
/// load is released by ``waitForQuickReads()`` instead of being retired: the writer waits the few instructions
/// those reads take, then releases it itself, so its release (and the deinitializer of what it holds) happens
/// when the writer's call returns, not whenever the longer reading sections around it end.
enum Reclamation {
    /// The epoch, less one: a process word, which starts at 0 (see ``currentEpoch()``).
    private static var epochWord: AtomicWord { AtomicWord(processWord: .reclamationEpoch) }
    /// Every thread's reader slot.
    private static let slots = Locked<[ObjectIdentifier: ReaderSlot]>([:])

    /// The current epoch; starts at 1 (0 is a reader's "not reading", so an announcement is never 0). Seq_cst
    /// (`syringe_reclamation_epoch`; relaxed would do: it only bounds tags read before advances that happen before it).
    @inline(__always)
    fileprivate static func currentEpoch() -> UInt { epochWord.currentEpoch() }

    /// Announces in `slot` that its thread starts reading: the current epoch, shifted left by one, with the low bit
    /// set for a quick read; returns the announcement. Seq_cst load and store (`syringe_reclamation_announce`): the
    /// store pairs with a writer's unpublishing store and scan of the slots.
    @inline(__always)
    static func announce(in slot: ReaderSlot, quick: Bool) -> UInt {
        slot.announced.announceReading(epoch: epochWord, quick: quick)
    }

    /// Returns once every quick read that may have loaded an object unpublished before this call has ended. The
    /// caller has unpublished the object, holds no lock a reader could wait for (quick reads wait for none), and
    /// releases the object afterwards.
    static func waitForQuickReads() {
        // Quick reads that start from now on announce a new word, so a slot that still shows an old one is a
        // read that began before (and may hold the object).
        // Seq_cst add (stronger than needed; for progress, not safety: a reader's repeated quick reads announce a new
        // word once they read the new epoch).
        epochWord.advanceEpoch()
        let reading = slots.withLock { slots in
            slots.values.compactMap { slot -> (ReaderSlot, UInt)? in
                // Seq_cst, needed: pairs with the reader's announcement (after the caller's unpublishing store).
                let announced = slot.announced.quickReadAnnouncement()
                return announced != 0 ? (slot, announced) : nil
            }
        }
        for (slot, announced) in reading {
            // A quick read is a few dozen instructions; only a reader that lost its processor takes longer. Each load
            // acquires the reader's release store that ends the quick read.
            slot.announced.waitForQuickRead(announced: announced)
        }
    }

    /// The tag of an object unpublished just before this call: the current epoch, which is then advanced, so
    /// that a reader announcing from now on is known to have loaded the new object.
    fileprivate static func tagRetirement() -> UInt {
        // Seq_cst load, needed: after the caller's unpublishing store in the total order; then a seq_cst add
        // (`syringe_reclamation_tag_retirement`).
        epochWord.tagRetirement()
    }

    /// The oldest epoch a reader still reads in, or the current epoch if none reads: an object whose tag is
    /// older than it is held by no reader.
    fileprivate static func oldestReadingEpoch() -> UInt {
        // Read before the slots: an object retired while they are scanned may be held by a reader that announced
        // itself after its slot was read, and its tag is not older than this.
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

    /// Forgets a thread's slot when the thread exits. It releases nothing: what the thread's sections held back
    /// is released by the next write of its owner.
    static func unregister(_ slot: ReaderSlot) {
        slots.withLock { $0[ObjectIdentifier(slot)] = nil }
    }
}

/// The objects one owner's writers unpublished or let go of (a container's retired registry tables and unbound
/// registrations), each with the epoch it was retired in, until no reader may hold them. Kept under the owner's
/// lock. Whoever holds the lock may add to it (a resolve that builds a new full table retires the one it replaces),
/// but only writers and the owner's deinitializer take from it, so an object here is released only on a writing
/// thread.
///
/// An object is handed out for release only when, besides the epoch, the list's reference is the last one: a
/// reader outside a reading section (an awaited resolve, verification) may hold a table or a registration strongly
/// for a while, and its release must not be the one that deinitializes it. Such an object stays for a later write.
///
/// **Invariant.** Every tag is an epoch that has ended, and no object is listed twice (both checked, in debug builds,
/// on each reclaim); an object is handed out by ``takeReclaimable()`` only when every reader announced an epoch after
/// its tag and nothing else references it.
///
/// Use: under the owner's lock, right after unpublishing objects, ``add(_:)`` them; then, with the lock held
/// again once what the write let go of is released, ``takeReclaimable()``; drop what that returns after releasing
/// the lock (deinitializers may run).
struct RetiredObjects {
    private struct Entry {
        let tag: UInt
        var object: AnyObject
    }

    private var entries: [Entry] = []

    /// Whether no object waits.
    var isEmpty: Bool { entries.isEmpty }

    /// How many objects wait.
    var count: Int { entries.count }

    init() {}

    /// Keeps `objects`, which the caller has just unpublished or unbound (new readers cannot find them), until no
    /// reader that may have loaded them still reads, and nothing else keeps them. None of them may be here already,
    /// nor twice among them: a second reference from this list would keep an object from ever being the only one.
    mutating func add(_ objects: some Sequence<AnyObject>) {
        let tag = Reclamation.tagRetirement()
        entries.append(contentsOf: objects.lazy.map { Entry(tag: tag, object: $0) })
    }

    /// Removes the objects no reader can hold any more, and that nothing but this list references, and returns
    /// them, `nil` if there are none. The caller drops them after releasing its lock: dropping an object may run
    /// deinitializers.
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

    /// Checks, in debug builds, that every tag was read before the epoch moved past it, and that no object is here
    /// twice.
    private func checkInvariants() {
        #if DEBUG
            let now = Reclamation.currentEpoch()
            precondition(entries.allSatisfy { $0.tag < now }, "an object retired in an epoch that has not ended")
            precondition(
                Set(entries.map { ObjectIdentifier($0.object) }).count == entries.count, "an object retired twice")
        #endif
    }
}

/// One thread's announcement to ``Reclamation``: the epoch its current reading started in (shifted left by one,
/// the low bit set during a quick read), 0 when it does not read. Only the owning thread writes it; writers read
/// it when they reclaim.
final class ReaderSlot: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one stored property is the announcement word, accessed only atomically (through
    // `announced`) once the initializer has returned.
    // A line of its own: its thread writes it on every resolve (see `AtomicWordStorage`).
    let wordStorage = AtomicWordStorage(isolatedLine: ())
    var atomicWords: AtomicWords { wordStorage.words }

    init() {
        Reclamation.register(self)
    }

    deinit { wordStorage.free() }

    /// The announcement.
    @inline(__always)
    var announced: AtomicWord { AtomicWord(in: self, at: 0) }
}
