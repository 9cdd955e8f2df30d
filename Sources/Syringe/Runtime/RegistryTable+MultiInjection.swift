/// The bindings of one service type without arguments in one table, in registration order: a node of the table's
/// list of `resolveAll` answers.
///
/// Invariant: `found` is what ``RegistryTable/collectMultiBindings(of:)`` gives (debug: checked on every read), and
/// the node lives as long as its table (added in front by a compare-and-exchange, never removed before the table's
/// deinitializer), so whoever may read the table may read its nodes unretained.
final class MultiBindingList: @unchecked Sendable {
    // @unchecked Sendable: every stored property is a `let`; the hits refer to the table that keeps this node or to
    // that table's base, which the table keeps.
    let serviceType: ObjectIdentifier
    let found: [RegistryView.Found]
    /// The node published before this one (kept by this one).
    let next: MultiBindingList?
    let length: Int

    init(serviceType: ObjectIdentifier, found: [RegistryView.Found], next: MultiBindingList?) {
        self.serviceType = serviceType
        self.found = found
        self.next = next
        self.length = (next?.length ?? 0) + 1
    }
}

extension RegistryTable {
    /// How many service types a table keeps lists for.
    static let multiBindingListLimit = 32

    /// The bindings of `serviceType` without arguments here and in a layer's base, in registration order, kept from
    /// the first call. Call only while the table is kept alive (a reading section, or a snapshot).
    func multiBindings(of serviceType: ObjectIdentifier) -> [RegistryView.Found] {
        // Acquire; pairs with `publish`'s compare-and-exchange (seq_cst, a release): the node is seen fully made.
        let head = multiBindingsWord.loadAcquiring()
        if let found = Self.search(serviceType, from: head) {
            checkMultiBindings(found, of: serviceType)
            return found
        }
        let found = collectMultiBindings(of: serviceType)
        publish(found, of: serviceType, over: head)
        return found
    }

    /// The list of `serviceType` among the nodes from `head`, if any.
    private static func search(_ serviceType: ObjectIdentifier, from head: UInt) -> [RegistryView.Found]? {
        // Unretained: the table keeps every node (the invariant).
        var node = Unretained<MultiBindingList>(bits: head)
        while let current = node {
            if current.with({ $0.serviceType == serviceType }) { return current.with { $0.found } }
            node = current.with { $0.next.map { Unretained($0) } }
        }
        return nil
    }

    /// Adds `found` in front of this table's lists, unless the list is full or another thread added the type.
    private func publish(_ found: [RegistryView.Found], of serviceType: ObjectIdentifier, over head: UInt) {
        var expected = head
        while true {
            let next = Unretained<MultiBindingList>(bits: expected)?.object
            guard (next?.length ?? 0) < Self.multiBindingListLimit else { return }
            let bits = Unretained.retainedBits(of: MultiBindingList(serviceType: serviceType, found: found, next: next))
            // Seq_cst (release and acquire would do); pairs with the acquire load in `multiBindings(of:)`.
            let (exchanged, current) = multiBindingsWord.compareExchange(expected: expected, desired: bits)
            if exchanged { return }
            Unretained<MultiBindingList>.releaseRetainedBits(bits)
            if Self.search(serviceType, from: current) != nil { return }
            expected = current
        }
    }

    /// Releases the lists, from the deinitializer.
    func releaseMultiBindings() {
        let head = multiBindingsWord.load()  // seq_cst; from the deinitializer, which no reader can race
        if head != 0 { Unretained<MultiBindingList>.releaseRetainedBits(head) }
    }

    /// The bindings ``multiBindings(of:)`` keeps for `serviceType`, collected now.
    func collectMultiBindings(of serviceType: ObjectIdentifier) -> [RegistryView.Found] {
        let table = Unretained(self)
        var found: [RegistryView.Found] = []
        var count = 0
        for index in 0..<self.count where matches(index, serviceType) { count += 1 }
        found.reserveCapacity(count)
        for index in 0..<self.count where matches(index, serviceType) {
            // The fields, not the binding: no retain of its registration.
            let (order, name) = (bindings[index].order, bindings[index].name)
            found.append(RegistryView.Found(order: order, name: name, hit: RegistryView.Hit(table: table, index: index)))
        }
        if let base {
            found += base.multiBindings(of: serviceType).filter { binding in
                let key = ServiceKey(serviceType: serviceType, argumentsType: noArgumentsKey, name: binding.name)
                return index(of: key) == nil
            }
        }
        // In the order they were added, unless keys were removed since (or a layer's base holds some).
        if !found.indices.dropFirst().allSatisfy({ found[$0 - 1].order < found[$0].order }) {
            found.sort { $0.order < $1.order }
        }
        return found
    }

    private func matches(_ index: Int, _ serviceType: ObjectIdentifier) -> Bool {
        let entry = entry(at: index)
        return entry.serviceType == serviceType && entry.argumentsType == noArgumentsKey
    }

    /// Checks, in debug builds, that a kept list is the one this table gives for `serviceType`.
    private func checkMultiBindings(_ found: [RegistryView.Found], of serviceType: ObjectIdentifier) {
        #if DEBUG
            let collected = collectMultiBindings(of: serviceType)
            precondition(
                found.count == collected.count
                    && zip(found, collected).allSatisfy {
                        $0.order == $1.order && $0.name == $1.name && $0.hit.table === $1.hit.table
                            && $0.hit.index == $1.hit.index
                    },
                "a kept multi-injection list is not its table's"
            )
        #endif
    }
}
