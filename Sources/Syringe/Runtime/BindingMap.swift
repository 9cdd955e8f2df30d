/// A container's bindings by key, behind the registry's lock: an open-addressing hash map with the cheap
/// ``ServiceKey/registryHash`` (a dictionary's SipHash of every name was a third of a registration's cost).
///
/// Invariant: the bindings lie densely in one array; the slots, a power of two at most half full, each hold a key's
/// hash with its binding's index plus one, so growing never hashes again.
struct BindingMap: Sequence {
    typealias Element = (key: ServiceKey, value: Container.Binding)

    /// One binding as stored: the name is the key's, not kept twice.
    struct Entry {
        let key: ServiceKey
        var registration: Registration
        var serviceType: Any.Type
        let order: UInt64

        init(
            _ key: consuming ServiceKey, _ registration: consuming Registration, _ serviceType: Any.Type,
            order: UInt64
        ) {
            self.key = key
            self.registration = registration
            self.serviceType = serviceType
            self.order = order
        }

        var binding: Container.Binding {
            Container.Binding(registration: registration, serviceType: serviceType, name: key.name, order: order)
        }

        var element: Element { (key, binding) }
    }

    private var elements: [Entry] = []
    /// Linear probing: 0 for an empty slot, else the key's hash (low 32 bits) in the high half and the index of its
    /// element plus one in the low half. Empty until the first insertion.
    private var slots: [UInt64] = []
    private var nextOrder: UInt64 = 0

    init() {}

    var count: Int { elements.count }

    var isEmpty: Bool { elements.isEmpty }

    var underestimatedCount: Int { elements.count }

    func makeIterator() -> LazyMapSequence<[Entry], Element>.Iterator {
        elements.lazy.map(\.element).makeIterator()
    }

    /// Calls `body` with each key that `isIncluded` accepts and its binding, in no particular order.
    func forEach(where isIncluded: (ServiceKey) -> Bool, _ body: (ServiceKey, Container.Binding) -> Void) {
        elements.withUnsafeBufferPointer { elements in
            for index in elements.indices where isIncluded(elements[index].key) {
                body(elements[index].key, elements[index].binding)
            }
        }
    }

    subscript(key: ServiceKey) -> Container.Binding? {
        guard !slots.isEmpty, let index = find(key, hash: key.registryHash).index else { return nil }
        return elements[index].binding
    }

    /// Binds `key` to `binding`; returns the old binding. A new key takes the next place in registration order,
    /// or the binding's own when `keepingOrder`.
    @discardableResult
    mutating func updateValue(
        _ binding: Container.Binding, forKey key: ServiceKey, keepingOrder: Bool = false
    ) -> Container.Binding? {
        if keepingOrder {
            return bind(binding.registration, as: binding.serviceType, forKey: key, order: binding.order)
        }
        return updateValue(binding.registration, as: binding.serviceType, forKey: key)
    }

    /// Binds `key` (consumed: its name is not copied) to `registration` as `serviceType`; returns the old binding.
    @discardableResult
    mutating func updateValue(
        _ registration: consuming Registration, as serviceType: Any.Type, forKey key: consuming ServiceKey
    ) -> Container.Binding? {
        bind(registration, as: serviceType, forKey: key, order: nil)
    }

    /// ``updateValue(_:as:forKey:)``, a new key taking the place `order` if given.
    @inline(__always)
    private mutating func bind(
        _ registration: consuming Registration, as serviceType: Any.Type, forKey key: consuming ServiceKey,
        order: UInt64?
    ) -> Container.Binding? {
        let hash = key.registryHash
        if !slots.isEmpty {
            let (slot, index) = find(key, hash: hash)
            if let index {
                let old = elements[index].binding
                elements[index].registration = registration
                elements[index].serviceType = serviceType
                return old
            }
            if 2 * (elements.count + 1) <= slots.count {
                insert(Entry(key, registration, serviceType, order: takeOrder(order)), hash: hash, at: slot)
                return nil
            }
        }
        grow()
        let slot = find(key, hash: hash).slot
        insert(Entry(key, registration, serviceType, order: takeOrder(order)), hash: hash, at: slot)
        return nil
    }

    /// The place of a new key: `order` if given (and later keys go after it), else the next place.
    @inline(__always)
    private mutating func takeOrder(_ order: UInt64?) -> UInt64 {
        guard let order else {
            defer { nextOrder &+= 1 }
            return nextOrder
        }
        if order >= nextOrder { nextOrder = order &+ 1 }
        return order
    }

    @discardableResult
    mutating func removeValue(forKey key: ServiceKey) -> Container.Binding? {
        guard !slots.isEmpty else { return nil }
        let (slot, found) = find(key, hash: key.registryHash)
        guard let index = found else { return nil }
        let last = elements.count - 1
        if index != last {
            // The last element fills the gap: its slot now points to `index`.
            let moved = find(elements[last].key, hash: elements[last].key.registryHash).slot
            slots[moved] = slots[moved] & ~0xFFFF_FFFF | UInt64(index + 1)
            elements.swapAt(index, last)
        }
        let removed = elements.removeLast().binding
        vacate(slot)
        return removed
    }

    /// The slot of `key` and the index of its element, or the empty slot where it belongs and `nil`.
    @inline(__always)
    private func find(_ key: ServiceKey, hash: Int) -> (slot: Int, index: Int?) {
        let tag = UInt64(UInt32(truncatingIfNeeded: hash))
        let mask = slots.count - 1
        var slot = Int(tag) & mask
        return slots.withUnsafeBufferPointer { slots in
            elements.withUnsafeBufferPointer { elements in
                while true {
                    let stored = slots[slot]
                    if stored == 0 { return (slot, nil) }
                    if stored >> 32 == tag {
                        let index = Int(truncatingIfNeeded: stored & 0xFFFF_FFFF) - 1
                        if elements[index].key == key { return (slot, index) }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    @inline(__always)
    private mutating func insert(_ entry: consuming Entry, hash: Int, at slot: Int) {
        elements.append(entry)
        slots[slot] = UInt64(UInt32(truncatingIfNeeded: hash)) << 32 | UInt64(elements.count)
    }

    /// Removes every binding, in specialized code (a container's teardown). Each registration first forgets its
    /// instances: a kept instance holding a ``Lazy`` of itself would otherwise keep itself alive through it.
    mutating func removeAll() {
        while let entry = elements.popLast() { entry.registration.forgetInstances() }
        slots = []
    }

    /// Doubles the slots (to 16 at first), moving each by its stored hash.
    private mutating func grow() {
        let capacity = Swift.max(16, 2 * slots.count)
        let mask = capacity - 1
        var grown = [UInt64](repeating: 0, count: capacity)
        grown.withUnsafeMutableBufferPointer { grown in
            for stored in slots where stored != 0 {
                var slot = Int(truncatingIfNeeded: stored >> 32) & mask
                while grown[slot] != 0 { slot = (slot + 1) & mask }
                grown[slot] = stored
            }
        }
        slots = grown
    }

    /// Empties `slot`, then moves later slots of its probe run back (no tombstones).
    private mutating func vacate(_ slot: Int) {
        let mask = slots.count - 1
        slots.withUnsafeMutableBufferPointer { slots in
            var hole = slot
            var next = (hole + 1) & mask
            while slots[next] != 0 {
                let home = Int(truncatingIfNeeded: slots[next] >> 32) & mask
                // The entry at `next` may move to `hole` unless its home lies after the hole (cyclically).
                if (next &- home) & mask >= (next &- hole) & mask {
                    slots[hole] = slots[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            slots[hole] = 0
        }
    }
}
