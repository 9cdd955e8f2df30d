/// A container's bindings behind a lock, and the ``RegistryTable`` published for lock-free reading sections: every
/// change unpublishes and retires it; the next resolve builds one (a layer over the full table when few keys changed).
///
/// Invariant: the published word is the table the registry keeps, 0 when none (checked on build and on change);
/// before the registry is made, it is `initialTable` or 0. The injection and registry words each go once from 0 to a
/// retained object, which stays until the deinitializer.
final class RegistryStore: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the stored properties are `let`s of Sendable types, and the atomic words, accessed only
    // atomically after the initializer.
    /// The published table (unretained); the ``InjectionStore`` and registry ``Locked`` (retained, made on first need).
    let wordStorage = AtomicWordStorage(count: 3)
    var atomicWords: AtomicWords { wordStorage.words }
    private var published: AtomicWord { AtomicWord(in: self, at: 0) }
    private var injectionWord: AtomicWord { AtomicWord(in: self, at: 1) }
    private var stateWord: AtomicWord { AtomicWord(in: self, at: 2) }
    private let lifecycle: LifecycleStore
    let derivation: Derivation?
    /// A derived container's first table, empty, published at once and kept as long as this store (never retired).
    private let initialTable: RegistryTable?

    init(behaviors: [any Behavior], lifecycle: LifecycleStore, derivation: Derivation? = nil) {
        let initialTable = derivation.map { RegistryTable(emptyWith: $0) }
        self.lifecycle = lifecycle
        self.derivation = derivation
        self.initialTable = initialTable
        // Seq_cst store (release would do: no other thread sees the store yet); pairs with the readers' loads.
        if let initialTable { published.store(Unretained(initialTable).bits) }
        if !behaviors.isEmpty { withRegistry { $0.behaviors = behaviors } }
    }

    deinit {
        // The bindings go first, destroyed outside the lock (their release may run user deinitializers).
        let stateBits = stateWord.load()  // seq_cst; the deinitializer's thread owns the store by now
        if stateBits != 0 {
            var bindings = Locked<Container.Registry>(borrowingBits: stateBits).withLock { $0.takeAllBindings() }
            bindings.removeAll()
        }
        // The stand-ins keep the lifecycle store, which keeps them: let them go, with their instances.
        let standIns = lifecycle.takeStandIns()
        withExtendedLifetime(standIns) {}
        let injection = injectionWord.load()  // seq_cst; as above
        if injection != 0 { Unretained<InjectionStore>.releaseRetainedBits(injection) }
        // Last: the registry's tables, and the registrations only they still hold.
        if stateBits != 0 { Locked<Container.Registry>.releaseRetainedBits(stateBits) }
    }

    /// The container's property-injection state, made on first need.
    func injectionStore() -> InjectionStore {
        // Acquire; pairs with the compare-and-exchange below (seq_cst, a release), which publishes the store made.
        if let made = Unretained<InjectionStore>(bits: injectionWord.loadAcquiring()) { return made.object }
        let store = InjectionStore()
        let bits = Unretained.retainedBits(of: store)
        // Seq_cst (release and acquire would do): publishes `store` once; on failure, acquires the winner's.
        let (exchanged, current) = injectionWord.compareExchange(expected: 0, desired: bits)
        if exchanged { return store }
        Unretained<InjectionStore>.releaseRetainedBits(bits)
        checkInjectionStore(current)
        return Unretained<InjectionStore>(bits: current)!.object
    }

    @inline(__always)
    private var registryBits: UInt {
        // Acquire; pairs with the compare-and-exchange in `makeState()` (seq_cst, a release).
        let bits = stateWord.loadAcquiring()
        return bits != 0 ? bits : makeState()
    }

    /// Runs `body` with the registry under its lock, not retained (the word keeps it).
    @inline(__always)
    private func withRegistry<Result>(_ body: (inout Container.Registry) throws -> Result) rethrows -> Result {
        try Locked<Container.Registry>.withLock(borrowingBits: registryBits, body)
    }

    @inline(never)
    private func makeState() -> UInt {
        // Made with no captured value, then given its table (a capture cost a copy of the registry: ~480 instructions).
        let made = Locked(making: { Container.Registry() })
        if let initialTable {
            made.withLock { $0.table = initialTable }
            checkUnchangedBeforeRegistry(initialTable)
        }
        let bits = made.retainedBits()
        // Seq_cst (release and acquire would do): publishes the registry once; on failure, acquires the winner's.
        let (exchanged, current) = stateWord.compareExchange(expected: 0, desired: bits)
        if exchanged { return bits }
        Locked<Container.Registry>.releaseRetainedBits(bits)
        return current
    }

    private func checkUnchangedBeforeRegistry(_ initialTable: RegistryTable) {
        #if DEBUG
            // Seq_cst loads, so that the second is not done before the first; pairs with `makeState()`'s exchange.
            let current = published.load()
            precondition(
                current == Unretained(initialTable).bits || stateWord.load() != 0,
                "the published table changed before the registry was made")
        #endif
    }

    /// Whether the container's injection state, if made yet, has re-injection watches. Makes no store.
    var hasInjectionWatches: Bool {
        // Acquire; pairs with `injectionStore()`'s exchange. Unretained: a store lives as long as this registry.
        Unretained<InjectionStore>(bits: injectionWord.loadAcquiring())?.with { $0.hasWatches } ?? false
    }

    private func checkInjectionStore(_ bits: UInt) {
        #if DEBUG
            // Seq_cst; after this thread's own exchange or acquire load of the word.
            precondition(bits != 0 && injectionWord.load() == bits, "the injection store was replaced")
        #endif
    }

    /// Runs `body` with exclusive access to the registry; if the bindings changed, retires the published table and
    /// what the change unbound. Inlined: out of line, each registration cost ~90 instructions more.
    @inline(__always)
    func withLock<Result>(_ body: (inout Container.Registry) throws -> Result) rethrows -> Result {
        var released: Container.Registry.Released?
        let (result, waiting) = try withRegistry { registry -> (Result, Bool) in
            let version = registry.version
            let result = try body(&registry)
            guard registry.version != version else { return (result, false) }
            // The common change (a new key before any resolve) has nothing to retire: it stops here, with no call.
            guard registry.table != nil || registry.released != nil || !registry.retired.isEmpty else {
                return (result, false)
            }
            return (result, retireAfterChange(&registry, released: &released))
        }
        guard waiting else { return result }
        finishWrite(released: released)
        return result
    }

    /// Under the lock: unpublishes and retires the table; returns whether anything waits in the retired list.
    @inline(never)
    private func retireAfterChange(
        _ registry: inout Container.Registry, released: inout Container.Registry.Released?
    ) -> Bool {
        var retiring: [AnyObject] = []
        if let table = registry.table {
            registry.table = nil
            // Seq_cst, needed: the reclamation's unpublishing store, before the tag load in `retired.add(_:)`; pairs
            // with the readers' announcements and their loads in `currentTable()`.
            published.store(0)
            checkInvariants(registry)
            // Not the first table (this store keeps it) nor the kept full table (retired when a change lets it go).
            if table !== initialTable, table !== registry.fullTable { retiring.append(table) }
        }
        if let taken = registry.takeReleased() {
            released = taken
            if let fullTable = taken.fullTable, fullTable !== retiring.first { retiring.append(fullTable) }
            retiring += taken.registrations as [AnyObject]
        }
        if !retiring.isEmpty { registry.retired.add(retiring) }
        return !registry.retired.isEmpty
    }

    /// After the lock, on the writing thread: releases what the change let go of and what no reader holds.
    @inline(never)
    private func finishWrite(released: consuming Container.Registry.Released?) {
        if let released = consume released { release(released) }
        while let reclaimed = withRegistry({ $0.retired.takeReclaimable() }) {
            withExtendedLifetime(reclaimed) {}
        }
    }

    /// Retires this container's unbound registrations (a forwarded one is its own container's), outside the lock.
    @inline(never)
    private func release(_ released: Container.Registry.Released) {
        let own = released.registrations.filter { $0.lifecycle === lifecycle }
        if !own.isEmpty { lifecycle.retire(own) }
    }

    /// The published table, built if there is none. Call only inside a reading section, which keeps it valid.
    @inline(__always)
    func currentTable() -> Unretained<RegistryTable> {
        // Seq_cst, needed: the reclamation's load after the announcement store (an acquire load could be done first).
        if let table = Unretained<RegistryTable>(bits: published.load()) { return table }
        return Self.buildTable(of: Unretained(self))
    }

    /// ``currentTable()``'s rare case, out of line, so the fast path needs no retain of the store.
    @inline(never)
    private static func buildTable(of store: Unretained<RegistryStore>) -> Unretained<RegistryTable> {
        store.with { Unretained($0.buildTable()) }
    }

    private func checkInvariants(_ registry: Container.Registry) {
        #if DEBUG
            // Seq_cst; under the registry's lock, which every store of the word holds.
            precondition(published.load() == (registry.table.map { Unretained($0).bits } ?? 0), "published table is not the kept one")
        #endif
    }

    /// The current table, retained, for readers outside a reading section.
    func retainedTable() -> RegistryTable {
        buildTable()
    }

    /// Builds and publishes the table if none is published, and returns it (kept by the registry until a change).
    private func buildTable() -> RegistryTable {
        // Taking the lock may wait for a writer, which may wait for this thread's quick read to end.
        ResolvingThread.installed?.with { $0.endQuickRead() }
        return withRegistry { registry in
            if let table = registry.table { return table }
            let table: RegistryTable
            if let full = registry.fullTable, RegistryTable.canLayer(registry.changedKeys.count, over: full.count) {
                let bindings = registry.bindings
                table = RegistryTable(
                    changes: registry.changedKeys.compactMap { key in bindings[key].map { (key, $0) } }, over: full
                )
            } else {
                // The replaced full table is retired, not released: a resolve may still read it.
                table = RegistryTable(registry.bindings, derivation: derivation)
                registry.adoptFullTable(table)
            }
            registry.table = table
            // Seq_cst (release would do: the table is made before it); pairs with the loads in `currentTable()`.
            published.store(Unretained(table).bits)
            checkInvariants(registry)
            return table
        }
    }
}
