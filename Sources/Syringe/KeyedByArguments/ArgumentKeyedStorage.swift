// The instances of a keyed registration by key, in its `State` behind its lock as a value (no cast, no retain, no
// exclusivity check on a hit). `KeptInstances` (not generic) holds them in slots with their order of use as a
// linked list through the indices: a hit allocates nothing, an eviction is O(1). `KeyedInstances<Maker>` maps keys
// to slots; its code is generic over a key found at run time, so `Int` and `String` get tables of their own.

/// The instances of one keyed registration, by the keys its arguments make (see ``ArgumentKeying``).
protocol KeyedInstanceTable {
    /// The instance kept for `arguments` (one value, or a tuple), marked as the most recently used; `nil` when none
    /// is kept, or when the arguments make no key.
    mutating func instance(for arguments: Any) -> Any?

    /// Keeps `instance` for `arguments` unless another thread kept one first. Returns the one kept (`instance` when
    /// it cannot be: a value type in a weak scope, arguments that make no key), and whether it is `instance`.
    mutating func keep(_ instance: Any, for arguments: Any) -> (kept: Any, isNew: Bool)
}

/// The table of keys made by `Maker`, its code generic.
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

/// The kept instances in slots, and (with a limit) their order of use as a doubly linked list through the indices.
struct KeptInstances {
    /// One kept instance, and its neighbours in the order of use (indices into `slots`, -1 for none).
    private struct Slot {
        /// The instance, when kept strongly (`.container`); `()` otherwise. Not optional: a hit copies an `Any`,
        /// not an `Optional<Any>` through its generic value witness.
        var strong: Any = ()
        var weak: WeakInstance?
        /// Whether the slot holds an instance (a dead weak one included); a vacant slot is reused first.
        var isOccupied = false
        /// The neighbours in the order of use.
        var older = -1
        var newer = -1
    }

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

    mutating func vacate(_ slot: Int) {
        if limit != nil { unlink(slot) }
        slots[slot] = Slot()
        vacant.append(slot)
    }

    /// The slot to evict past the limit: a dead weak one if a scan finds one, else the least recently used.
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
