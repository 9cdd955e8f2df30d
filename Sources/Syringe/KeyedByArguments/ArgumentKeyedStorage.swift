// The instances of one registration keyed by its arguments (ServiceEntry+KeyedByArguments.swift), by key, with a
// least-recently-used order when the registration has a limit.
//
// Kept in the registration's `State` (``Registration/State/keyedInstances``), behind its lock, as a value: a resolve
// reaches it through the lock's pointer, with no dynamic cast, no class to retain and no exclusivity check.
// Two layers:
// - `KeptInstances`, not generic: the instances in slots of one array, and their order of use as a doubly linked
//   list through the slots' indices. A hit moves its slot to the front by rewriting indices in place: nothing is
//   allocated, and evicting the least recently used slot costs O(1).
// - `KeyedInstances<Maker>`: the slot of each key, in a dictionary typed by the registration's argument types (one
//   `Hashable` argument is its own key: its own `==` and hash, no `AnyHashable`). Its code is generic over the key,
//   found at run time, so the most common keys (`Int`, `String`) have tables of their own whose code the compiler
//   specializes.

/// The instances of one keyed registration, by the keys its arguments make (see ``ArgumentKeying``).
protocol KeyedInstanceTable {
    /// The instance kept for `arguments` (one value, or a tuple), marked as the most recently used; `nil` when none
    /// is kept, or when the arguments make no key.
    mutating func instance(for arguments: Any) -> Any?

    /// Keeps `instance` for `arguments` unless another one is kept for them already (another thread made it
    /// first). Returns the one kept, or `instance` itself when it cannot be kept (a weak scope and a value type, or
    /// arguments that make no key), and whether it is `instance`.
    mutating func keep(_ instance: Any, for arguments: Any) -> (kept: Any, isNew: Bool)
}

/// The table of a registration whose arguments make keys by `Maker`, its code generic (the key type found at run
/// time).
struct GenericKeyedInstanceTable<Maker: ArgumentKeyMaker>: KeyedInstanceTable {
    var instances: KeyedInstances<Maker>

    mutating func instance(for arguments: Any) -> Any? { instances.instance(for: arguments) }
    mutating func keep(_ instance: Any, for arguments: Any) -> (kept: Any, isNew: Bool) {
        instances.keep(instance, for: arguments)
    }
}

/// The table of a registration with one `Int` argument, its code specialized for `Int` keys.
struct IntKeyedInstanceTable: KeyedInstanceTable {
    var instances: KeyedInstances<OneArgument<Int>>

    mutating func instance(for arguments: Any) -> Any? { instances.instance(for: arguments) }
    mutating func keep(_ instance: Any, for arguments: Any) -> (kept: Any, isNew: Bool) {
        instances.keep(instance, for: arguments)
    }
}

/// The table of a registration with one `String` argument, its code specialized for `String` keys.
struct StringKeyedInstanceTable: KeyedInstanceTable {
    var instances: KeyedInstances<OneArgument<String>>

    mutating func instance(for arguments: Any) -> Any? { instances.instance(for: arguments) }
    mutating func keep(_ instance: Any, for arguments: Any) -> (kept: Any, isNew: Bool) {
        instances.keep(instance, for: arguments)
    }
}

/// The instances kept by key: the slot of each key, and the slots.
struct KeyedInstances<Maker: ArgumentKeyMaker> {
    private var slotsByKey: [Maker.Key: Int] = [:]
    /// The key of each occupied slot, by index, to forget it when the slot is evicted.
    private var keysBySlot: [Maker.Key?] = []
    private var slots: KeptInstances

    init(strongly: Bool, limit: Int?) {
        slots = KeptInstances(strongly: strongly, limit: limit)
    }

    @inline(__always)
    mutating func instance(for arguments: Any) -> Any? {
        guard let key = Maker.key(of: arguments), let slot = slotsByKey[key] else { return nil }
        if let instance = slots.instance(inSlot: slot) { return instance }
        remove(slot)  // a weakly kept instance, gone
        return nil
    }

    @inline(__always)
    mutating func keep(_ instance: Any, for arguments: Any) -> (kept: Any, isNew: Bool) {
        guard let key = Maker.key(of: arguments) else { return (instance, true) }
        if let slot = slotsByKey[key] {
            if let kept = slots.instance(inSlot: slot) { return (kept, false) }
            remove(slot)
        }
        guard let slot = slots.occupySlot(with: instance) else { return (instance, true) }
        slotsByKey[key] = slot
        if slot < keysBySlot.count {
            keysBySlot[slot] = key
        } else {
            keysBySlot.append(key)  // a new slot is always the next index
        }
        if let limit = slots.limit, slotsByKey.count > limit, let evicted = slots.slotToEvict() { remove(evicted) }
        return (instance, true)
    }

    private mutating func remove(_ slot: Int) {
        if let key = keysBySlot[slot] { slotsByKey[key] = nil }
        keysBySlot[slot] = nil
        slots.vacate(slot)
    }
}

/// The kept instances in slots, and their order of use as a doubly linked list through the slots' indices (kept
/// only with a limit). Not generic: the same compiled code serves every key type.
struct KeptInstances {
    /// One kept instance, and its neighbours in the order of use (indices into `slots`, -1 for none).
    private struct Slot {
        /// The instance, when kept strongly (`.container`); `()` otherwise. Not optional, so that a hit copies an
        /// `Any` rather than an `Optional<Any>` (whose copy goes through its generic value witness).
        var strong: Any = ()
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
    let keepsStrongly: Bool
    /// The most instances kept; `nil` for no bound (then the order of use is not kept either).
    let limit: Int?
    private var slots: [Slot] = []
    /// The indices of vacant slots, reused before the array grows.
    private var vacant: [Int] = []
    /// The most recently used slot, -1 when none.
    private var newest = -1
    /// The least recently used slot, the next to evict, -1 when none.
    private var oldest = -1

    init(strongly: Bool, limit: Int?) {
        self.keepsStrongly = strongly
        self.limit = limit
    }

    /// The instance in `slot`, marked as the most recently used; `nil` when a weakly kept one is gone.
    @inline(__always)
    mutating func instance(inSlot slot: Int) -> Any? {
        if keepsStrongly {
            if limit != nil, slot != newest { moveToNewest(slot) }
            return slots[slot].strong
        }
        guard let kept = slots[slot].weak?.instance else { return nil }
        if limit != nil, slot != newest { moveToNewest(slot) }
        return kept
    }

    /// Puts `instance` in a slot, as the most recently used. Returns the slot, or `nil` when a weak scope cannot keep
    /// it (a value type).
    mutating func occupySlot(with instance: Any) -> Int? {
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
    mutating func vacate(_ slot: Int) {
        if limit != nil { unlink(slot) }
        slots[slot] = Slot()
        vacant.append(slot)
    }

    /// The slot to evict when a new one takes the count over the limit: a weakly kept instance already gone if
    /// there is one (found by a scan), else the least recently used. `nil` only when nothing is kept.
    func slotToEvict() -> Int? {
        if !keepsStrongly,
            let dead = slots.indices.first(where: { slots[$0].isOccupied && slots[$0].weak?.isAlive != true })
        {
            return dead
        }
        return oldest >= 0 ? oldest : nil
    }

    // MARK: The order of use

    @inline(never)
    private mutating func moveToNewest(_ slot: Int) {
        unlink(slot)
        linkAsNewest(slot)
    }

    private mutating func linkAsNewest(_ slot: Int) {
        slots[slot].older = newest
        slots[slot].newer = -1
        if newest >= 0 { slots[newest].newer = slot } else { oldest = slot }
        newest = slot
    }

    private mutating func unlink(_ slot: Int) {
        let older = slots[slot].older
        let newer = slots[slot].newer
        if older >= 0 { slots[older].newer = newer } else if oldest == slot { oldest = newer }
        if newer >= 0 { slots[newer].older = older } else if newest == slot { newest = older }
        slots[slot].older = -1
        slots[slot].newer = -1
    }
}
