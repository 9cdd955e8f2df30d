internal import CSyringeRuntime

/// Frees objects that lock-free readers may still be reading, once no reader can hold them any more
/// (epoch-based reclamation).
///
/// The resolve path reads the registry table of a container and the configuration of a registration without a
/// lock and without retaining them, so that threads resolving at the same time write no shared memory.
/// Writers replace such an object by publishing a new one, and hand the old one to ``retire(_:)`` instead of
/// releasing it. Readers announce themselves around every resolution (``ReaderSlot/enter()``): a reader
/// announces the epoch it started in, and an object retired in epoch `t` is released only when every
/// announced reader started after `t`. Releasing an object means dropping the reference kept here; the object
/// goes away when nothing else keeps it.
///
/// The protocol: a writer unpublishes the old object, reads the epoch as the object's tag, and then advances
/// the epoch; a reader reads the epoch, announces it, and then loads the published object. All these
/// operations are sequentially consistent, so a reader whose announcement a writer does not see loads the new
/// object, and a reader that announced an epoch no later than the tag keeps the old one alive.
///
/// A reading section may begin with a *quick read*: a few loads that run no user code, no lock and no factory
/// (the lock-free read of a kept singleton, see ``Registration/publishedInstance(typedAs:)``). A reader announces one
/// with the low bit of its announcement and clears the bit when the quick read ends. An object only quick reads
/// load is released by ``waitForQuickReads()`` instead of ``retire(_:)``: the writer waits the few instructions
/// those reads take, then releases it itself, so its release (and the deinitializer of what it holds) happens
/// when the writer's call returns, not whenever the longer reading sections around it end.
enum Reclamation {
    private struct Retired {
        let tag: UInt
        let object: AnyObject
    }

    /// The epoch, less one: a process word, which starts at 0 (see ``currentEpoch()``).
    private static var epochWord: AtomicWord { AtomicWord(processWord: .reclamationEpoch) }
    /// How many retired objects wait; readers check it, without a lock, when they leave.
    private static var pendingCount: AtomicWord { AtomicWord(processWord: .pendingRetirements) }
    /// Every thread's reader slot.
    private static let slots = Locked<[ObjectIdentifier: ReaderSlot]>([:])
    /// The retired objects, with the epoch each was retired in.
    private static let retired = Locked<[Retired]>([])

    /// The current epoch; starts at 1 (0 is a reader's "not reading", so an announcement is never 0). Seq_cst; as a
    /// retired object's tag, needed: after the unpublishing store (`syringe_reclamation_tag`).
    @inline(__always)
    private static func currentEpoch() -> UInt { epochWord.reclamationTag() }

    /// Whether some retired object waits to be released. Acquire; a hint only (pairs with nothing the protocol needs:
    /// a stale 0 delays a release to the next reclaim, a stale count costs a reclaim that frees nothing).
    @inline(__always)
    static var hasPending: Bool { pendingCount.loadAcquiring() != 0 }

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

    /// Keeps `object` until no reader that may have loaded it still reads, then drops it. The caller has
    /// already unpublished it (so new readers cannot find it) and holds no lock.
    static func retire(_ object: AnyObject) {
        let tag = currentEpoch()
        retired.withLock { retired in
            retired.append(Retired(tag: tag, object: object))
            // Under the lock, so that the count is the list's length whenever the lock is free (seq_cst, a counter:
            // stronger than needed).
            pendingCount.add(1)
        }
        // Seq_cst (stronger than needed: readers announcing from now on announce a later epoch than `tag`).
        epochWord.advanceEpoch()
        reclaim()
    }

    /// Drops the retired objects no reader can hold any more. Call without holding any lock: dropping an
    /// object may run deinitializers.
    static func reclaim() {
        // Only objects retired before this point are considered: one retired while the readers are scanned may
        // be held by a reader that announced itself after its slot was read.
        let now = currentEpoch()
        let oldestReader = slots.withLock { slots in
            slots.values.reduce(now) { oldest, slot in
                // Seq_cst, needed: pairs with the reader's announcement; acquires its leaving store.
                let announced = slot.announced.announcedEpoch()
                return announced == 0 ? oldest : min(oldest, announced)
            }
        }
        let released = retired.withLock { retired -> [Retired] in
            checkInvariants(retired)
            let (free, keep) = retired.reduce(into: ([Retired](), [Retired]())) { split, item in
                if item.tag < oldestReader { split.0.append(item) } else { split.1.append(item) }
            }
            retired = keep
            if !free.isEmpty { pendingCount.subtract(UInt(free.count)) }  // seq_cst counter, under the lock
            return free
        }
        // Dropped here, outside every lock: a deinitializer may run.
        withExtendedLifetime(released) {}
    }

    /// Checks, in debug builds, the retired list against the epoch and the pending count: every tag was read
    /// before the epoch moved past it, and the count is the list's length (both change under the list's lock).
    /// Call with the list's lock held.
    private static func checkInvariants(_ retired: [Retired]) {
        #if DEBUG
            let now = currentEpoch()
            precondition(retired.allSatisfy { $0.tag <= now }, "an object retired in an epoch that has not begun")
            precondition(pendingCount.load() == UInt(retired.count), "the pending count is not the list's length")
        #endif
    }

    static func register(_ slot: ReaderSlot) {
        slots.withLock { $0[ObjectIdentifier(slot)] = slot }
    }

    static func unregister(_ slot: ReaderSlot) {
        slots.withLock { $0[ObjectIdentifier(slot)] = nil }
        if hasPending { reclaim() }
    }
}

/// One thread's announcement to ``Reclamation``: the epoch its current reading started in (shifted left by one,
/// the low bit set during a quick read), 0 when it does not read. Only the owning thread writes it; writers read
/// it when they reclaim.
final class ReaderSlot: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one stored property is the announcement word, accessed only atomically (through
    // `announced`) once the initializer has returned.
    private final var atomicWords: UInt = 0
    var atomicWordCount: Int { 1 }

    init() {
        checkAtomicWordLayout(&atomicWords)
        Reclamation.register(self)
    }

    /// The announcement.
    @inline(__always)
    var announced: AtomicWord { AtomicWord(in: self, at: 0) }
}
