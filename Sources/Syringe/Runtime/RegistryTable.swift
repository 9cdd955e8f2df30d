/// An immutable copy of one container's bindings for the resolve path, read unretained (so retired through
/// ``Reclamation``): an open-addressing table whose hot entries hold no reference-counted fields.
///
/// Invariant: every occupied slot names an entry, and a probe for each entry's key finds it (debug: checked).
final class RegistryTable: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: every stored property is a `let` of a Sendable type, but for the atomic word, accessed
    // only through `multiBindingsWord` after the initializer (see RegistryTable+MultiInjection.swift).
    /// The newest multi-injection list (retained bits), 0 for none.
    let wordStorage = AtomicWordStorage(count: 1)
    var atomicWords: AtomicWords { wordStorage.words }
    var multiBindingsWord: AtomicWord { AtomicWord(in: self, at: 0) }

    /// What the resolve path needs of a binding; `registration` is kept alive by `bindings`.
    struct Entry: Sendable {
        let serviceType: ObjectIdentifier
        let argumentsType: ArgumentsKey
        let hasName: Bool
        let registration: Unretained<Registration>
    }

    private let entries: [Entry]
    /// The bindings, in the order of `entries`: they own the registrations.
    let bindings: [Container.Binding]
    /// The index of an entry plus one, 0 for an empty slot; a power of two at least twice the entries.
    private let slots: [Int32]
    private let mask: Int
    /// For a layer: the full table it lies over, which answers the keys the layer does not hold (all current).
    let base: RegistryTable?
    /// For a derived container's table: where the ancestors' shared-scope registrations keep its instances.
    let derivation: Derivation?

    convenience init(_ map: BindingMap, derivation: Derivation? = nil) {
        self.init(bindings: map, over: nil, derivation: derivation)
    }

    /// A layer over the full table `base`: the keys bound since it was built.
    convenience init(changes: [(ServiceKey, Container.Binding)], over base: RegistryTable) {
        var bound = BindingMap()
        for (key, binding) in changes {
            bound.updateValue(binding, forKey: key, keepingOrder: true)
        }
        self.init(bindings: bound, over: base, derivation: base.derivation)
    }

    /// The empty table of a new derived container: it shares its arrays with every empty table.
    init(emptyWith derivation: Derivation) {
        entries = []
        bindings = []
        slots = RegistryTable.emptySlots
        mask = RegistryTable.emptySlots.count - 1
        base = nil
        self.derivation = derivation
        checkInvariants()
    }

    deinit {
        releaseMultiBindings()
        wordStorage.free()
    }

    private static let emptySlots = [Int32](repeating: 0, count: 8)

    /// Whether a layer of `changed` keys over a full table of `count` beats a new full table (up to √count).
    static func canLayer(_ changed: Int, over count: Int) -> Bool {
        changed <= 32 || changed * changed <= count
    }

    private init(bindings dictionary: BindingMap, over base: RegistryTable?, derivation: Derivation?) {
        var entries: [Entry] = []
        var bindings: [Container.Binding] = []
        if !dictionary.isEmpty {
            entries.reserveCapacity(dictionary.count)
            bindings.reserveCapacity(dictionary.count)
        }
        var capacity = 8
        while capacity < 2 * dictionary.count { capacity *= 2 }
        var slots = dictionary.isEmpty ? RegistryTable.emptySlots : [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for (key, binding) in dictionary {
            entries.append(
                Entry(
                    serviceType: key.serviceType, argumentsType: key.argumentsType, hasName: key.name != nil,
                    registration: Unretained(binding.registration)
                )
            )
            bindings.append(binding)
            var slot = key.registryHash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entries.count)
        }
        self.entries = entries
        self.bindings = bindings
        self.slots = slots
        self.mask = mask
        self.base = base
        self.derivation = derivation
        checkInvariants()
    }

    func checkInvariants() {
        #if DEBUG
            precondition(entries.count == bindings.count, "entries and bindings differ in number")
            precondition(slots.count == mask + 1 && slots.count > entries.count, "slots do not cover the mask")
            precondition(slots.allSatisfy { $0 >= 0 && Int($0) <= entries.count }, "a slot names no entry")
            for (index, binding) in bindings.enumerated() {
                let entry = entries[index]
                precondition(entry.registration.refers(to: binding.registration), "an entry's registration is not its binding's")
                let key = ServiceKey(
                    serviceType: entry.serviceType, argumentsType: entry.argumentsType, name: binding.name)
                precondition(self.index(of: key) == index, "a probe for an entry's key does not find it")
            }
        #endif
    }

    /// The number of bindings this table itself holds (not its base).
    var count: Int { entries.count }

    func binding(for key: ServiceKey) -> Container.Binding? {
        if let index = index(of: key) { return bindings[index] }
        return base?.binding(for: key)
    }

    /// The index of the entry for `key` in this table itself (not its base), if any.
    @inline(__always)
    func index(of key: ServiceKey) -> Int? {
        index(of: key, hash: key.registryHash)
    }

    /// ``index(of:)`` with the hash computed by the caller before borrowing the table (else it retains the table).
    @inline(__always)
    func index(of key: ServiceKey, hash: Int) -> Int? {
        var slot = hash & mask
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                while true {
                    let stored = Int(slots[slot])
                    if stored == 0 { return nil }
                    let entry = entries[stored - 1]
                    if entry.serviceType == key.serviceType, entry.argumentsType == key.argumentsType,
                        entry.hasName == (key.name != nil),
                        !entry.hasName || bindings[stored - 1].name == key.name
                    {
                        return stored - 1
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    @inline(__always)
    func entry(at index: Int) -> Entry {
        entries.withUnsafeBufferPointer { $0[index] }
    }
}
