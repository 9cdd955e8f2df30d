// The instances of one registration keyed by its arguments (ServiceEntry+KeyedByArguments.swift), by key, with a
// least-recently-used order when the registration has a limit.
//
// Two layers, so that the resolve path needs no dynamic cast and the bookkeeping no generic code:
// - `ArgumentKeyedStorage`, not generic: the instances in slots of one array, and the order of use as a doubly
//   linked list through the slots' indices. A hit moves its slot to the front by rewriting four indices in place:
//   nothing is allocated, and evicting the least recently used slot costs O(1).
// - `TypedArgumentKeyedStorage<Key>`: the key of each slot, in a dictionary typed by the registration's argument
//   types (one `Hashable` argument is its own key, so its hash is the argument's own, with no `AnyHashable`).
//
// Used only under its registration's lock (as every ``InstanceStorage``), so it needs no lock of its own.

/// The instances of one registration keyed by its arguments: the slots and their order of use. The keys are its
/// subclass's (``TypedArgumentKeyedStorage``), reached through ``instance(for:)`` and ``keep(_:for:)``.
class ArgumentKeyedStorage: InstanceStorage {
    /// What ``instance(for:)`` found for a resolve's arguments.
    enum Lookup {
        /// The instance kept for these arguments (now the most recently used).
        case found(Any)
        /// None is kept for these arguments.
        case missing
        /// The arguments make no key: a value is not of the registered argument type and not `Hashable`.
        case unkeyable
    }

    /// One kept instance, and its neighbours in the order of use (indices into `slots`, -1 for none).
    private struct Slot {
        /// The instance, when kept strongly (`.container`).
        var strong: Any?
        /// The instance, when kept weakly (`.weak`).
        var weak: WeakInstance?
        /// Whether the slot holds an instance (a dead weak one included); a vacant slot is reused first.
        var isOccupied = false
        /// The slot used just before this one (towards the least recently used).
        var older = -1
        /// The slot used just after this one (towards the most recently used).
        var newer = -1
    }

    /// Whether instances are kept strongly (`.container`) or weakly (`.weak`).
    final let keepsStrongly: Bool
    /// The most instances kept; `nil` for no bound (then the order of use is not kept either).
    final let limit: Int?
    private final var slots: [Slot] = []
    /// The indices of vacant slots, reused before the array grows.
    private final var vacant: [Int] = []
    /// The most recently used slot, -1 when none (kept only with a limit).
    private final var newest = -1
    /// The least recently used slot, the next to evict, -1 when none (kept only with a limit).
    private final var oldest = -1

    init(strongly: Bool, limit: Int?) {
        self.keepsStrongly = strongly
        self.limit = limit
    }

    /// Always `nil`: the instances are found by key. Setting `nil`, as `resetObjectScope` does, forgets them all.
    final var instance: Any? {
        get { nil }
        set { if newValue == nil { removeAll() } }
    }

    /// The instance kept for `arguments`, marked as the most recently used.
    func instance(for arguments: Any) -> Lookup { .unkeyable }

    /// Keeps `instance` for `arguments` unless another one is kept for them already (another thread made it
    /// first). Returns the one kept, or `instance` itself when it cannot be kept (a weak scope and a value type), and
    /// whether it is `instance`.
    func keep(_ instance: Any, for arguments: Any) -> (kept: Any, isNew: Bool) { (instance, true) }

    /// Forgets every instance.
    func removeAll() {
        slots.removeAll()
        vacant.removeAll()
        newest = -1
        oldest = -1
    }

    // MARK: Slots, for the subclass

    /// The instance in `slot`, marked as the most recently used; `nil` when a weakly kept one is gone.
    @inline(__always)
    final func instance(inSlot slot: Int) -> Any? {
        let kept = keepsStrongly ? slots[slot].strong : slots[slot].weak?.instance
        if limit != nil, kept != nil, slot != newest { moveToNewest(slot) }
        return kept
    }

    /// Puts `instance` in a slot, as the most recently used. Returns the slot, or `nil` when a weak scope cannot keep
    /// it (a value type).
    final func occupySlot(with instance: Any) -> Int? {
        var slot = Slot(isOccupied: true)
        if keepsStrongly {
            slot.strong = instance
        } else {
            guard let weak = WeakInstance(instance) else { return nil }
            slot.weak = weak
        }
        let index: Int
        if let reused = vacant.popLast() {
            index = reused
            slots[index] = slot
        } else {
            index = slots.count
            slots.append(slot)
        }
        if limit != nil { linkAsNewest(index) }
        return index
    }

    /// Empties `slot` for reuse.
    final func vacate(_ slot: Int) {
        if limit != nil { unlink(slot) }
        slots[slot] = Slot()
        vacant.append(slot)
    }

    /// The slot to evict when a new one takes the count over the limit: a weakly kept instance already gone if
    /// there is one (found by a scan), else the least recently used. `nil` only when nothing is kept.
    final func slotToEvict() -> Int? {
        if !keepsStrongly, let dead = slots.indices.first(where: { slots[$0].isOccupied && slots[$0].weak?.isAlive != true }) {
            return dead
        }
        return oldest >= 0 ? oldest : nil
    }

    // MARK: The order of use

    private final func moveToNewest(_ slot: Int) {
        unlink(slot)
        linkAsNewest(slot)
    }

    private final func linkAsNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot } else { oldest = slot }
        newest = slot
    }

    private final func unlink(_ slot: Int) {
        let older = slots[slot].older
        let newer = slots[slot].newer
        if older >= 0 { slots[older].newer = newer } else if oldest == slot { oldest = newer }
        if newer >= 0 { slots[newer].older = older } else if newest == slot { newest = older }
        slots[slot].older = -1
        slots[slot].newer = -1
    }
}

/// The instances of one keyed registration whose arguments make keys of type `Key` (see ``ArgumentKeying``).
final class TypedArgumentKeyedStorage<Key: KeyOfArguments>: ArgumentKeyedStorage {
    private var slotsByKey: [Key: Int] = [:]
    /// The key of each occupied slot, by index, to forget it when the slot is evicted.
    private var keysBySlot: [Key?] = []

    override func instance(for arguments: Any) -> Lookup {
        guard let key = Key.key(of: arguments) else { return .unkeyable }
        guard let slot = slotsByKey[key] else { return .missing }
        if let instance = instance(inSlot: slot) { return .found(instance) }
        remove(slot)  // a weakly kept instance, gone
        return .missing
    }

    override func keep(_ instance: Any, for arguments: Any) -> (kept: Any, isNew: Bool) {
        guard let key = Key.key(of: arguments) else { return (instance, true) }
        if let slot = slotsByKey[key] {
            if let kept = self.instance(inSlot: slot) { return (kept, false) }
            remove(slot)
        }
        guard let slot = occupySlot(with: instance) else { return (instance, true) }
        slotsByKey[key] = slot
        if slot < keysBySlot.count {
            keysBySlot[slot] = key
        } else {
            keysBySlot.append(key)  // a new slot is always the next index
        }
        if let limit, slotsByKey.count > limit, let evicted = slotToEvict() { remove(evicted) }
        return (instance, true)
    }

    override func removeAll() {
        super.removeAll()
        slotsByKey.removeAll()
        keysBySlot.removeAll()
    }

    private func remove(_ slot: Int) {
        if let key = keysBySlot[slot] { slotsByKey[key] = nil }
        keysBySlot[slot] = nil
        vacate(slot)
    }
}
