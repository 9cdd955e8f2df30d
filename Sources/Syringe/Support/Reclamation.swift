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
enum Reclamation {
    private struct Retired {
        let tag: UInt
        let object: AnyObject
    }

    /// The current epoch; starts at 1 (0 is a reader's "not reading").
    private static let epoch = AtomicWord(1)
    /// How many retired objects wait; readers check it, without a lock, when they leave.
    private static let pendingCount = AtomicWord(0)
    /// Every thread's reader slot.
    private static let slots = Locked<[ObjectIdentifier: ReaderSlot]>([:])
    /// The retired objects, with the epoch each was retired in.
    private static let retired = Locked<[Retired]>([])

    /// Whether some retired object waits to be released.
    @inline(__always)
    static var hasPending: Bool { pendingCount.loadAcquiring() != 0 }

    /// The epoch a reader announces when it starts reading.
    @inline(__always)
    static func currentEpoch() -> UInt { epoch.load() }

    /// Keeps `object` until no reader that may have loaded it still reads, then drops it. The caller has
    /// already unpublished it (so new readers cannot find it) and holds no lock.
    static func retire(_ object: AnyObject) {
        let tag = epoch.load()
        retired.withLock { $0.append(Retired(tag: tag, object: object)) }
        pendingCount.add(1)
        epoch.add(1)
        reclaim()
    }

    /// Drops the retired objects no reader can hold any more. Call without holding any lock: dropping an
    /// object may run deinitializers.
    static func reclaim() {
        // Only objects retired before this point are considered: one retired while the readers are scanned may
        // be held by a reader that announced itself after its slot was read.
        let now = epoch.load()
        let oldestReader = slots.withLock { slots in
            slots.values.reduce(now) { oldest, slot in
                let announced = slot.announced.load()
                return announced == 0 ? oldest : min(oldest, announced)
            }
        }
        let released = retired.withLock { retired -> [Retired] in
            let (free, keep) = retired.reduce(into: ([Retired](), [Retired]())) { split, item in
                if item.tag < oldestReader { split.0.append(item) } else { split.1.append(item) }
            }
            retired = keep
            return free
        }
        if !released.isEmpty { pendingCount.subtract(UInt(released.count)) }
        // `released` goes out of scope here, outside every lock.
    }

    static func register(_ slot: ReaderSlot) {
        slots.withLock { $0[ObjectIdentifier(slot)] = slot }
    }

    static func unregister(_ slot: ReaderSlot) {
        slots.withLock { $0[ObjectIdentifier(slot)] = nil }
        if hasPending { reclaim() }
    }
}

/// One thread's announcement to ``Reclamation``: the epoch its current reading started in, 0 when it does not
/// read. Only the owning thread writes it; writers read it when they reclaim.
final class ReaderSlot: Sendable {
    let announced = AtomicWord(0)

    init() {
        Reclamation.register(self)
    }
}
