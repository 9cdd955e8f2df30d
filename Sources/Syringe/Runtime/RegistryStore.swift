/// A container's registrations: the bindings and behaviors behind a lock, for writers and for the rare
/// reader that needs them all, and a ``RegistryTable`` of the bindings published for the resolve path.
///
/// The table is built on the first resolve after a change and published through an atomic word, so resolves
/// read it with no lock and no retain (inside a ``Reclamation`` reading section). Every change of the bindings
/// unpublishes it; the next resolve builds a new one. A burst of registrations therefore costs one table,
/// built once, not a copy per registration. When only a few keys were added since the last full table, the new
/// table holds just those keys, layered over the full one, so registrations that alternate with resolves
/// cost amortized O(√n) each instead of a copy of all n bindings.
///
/// A replaced or removed registration is released as soon as no resolve can still read it: the unpublished
/// table is retired through ``Reclamation``, and a full table that held the old binding is let go at once (see
/// ``Container/Registry/fullTable``), so the next table after a replacement of an older key is a full one. The
/// registration's kept instances are released, and the ``Disposable`` ones disposed, when the change is made
/// (see ``LifecycleStore/retire(_:)``).
final class RegistryStore: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the stored properties are `let`s of Sendable types, and the atomic word, accessed only
    // through `published` after the initializer.
    /// The published table (`Unmanaged<RegistryTable>` bits), 0 when none is; then the container's
    /// ``InjectionStore`` (retained bits), 0 until first needed; then the registry's lock and state (retained
    /// ``Locked`` bits), 0 until first needed (see ``AtomicWordOwner``).
    let wordStorage = AtomicWordStorage(count: 3)
    var atomicWords: AtomicWords { wordStorage.words }
    private var published: AtomicWord { AtomicWord(in: self, at: 0) }
    /// Set once, from 0 to a retained ``InjectionStore``, and never changed again until the deinitializer
    /// releases it: a store read from it lives as long as this registry (see ``injectionStore()``).
    private var injectionWord: AtomicWord { AtomicWord(in: self, at: 1) }
    /// The bindings and behaviors behind their lock, made on first need (see ``state``): a derived container that
    /// registers nothing of its own, a test's usual one, never makes them (an allocation, a lock, and the
    /// destruction of an empty registry, ~800 instructions per test). Set once, from 0 to a retained `Locked`, and
    /// never changed again until the deinitializer releases it.
    private var stateWord: AtomicWord { AtomicWord(in: self, at: 2) }
    /// The lifecycle of the container whose registrations these are: it retires the registrations the
    /// bindings let go of.
    private let lifecycle: LifecycleStore
    /// For a derived container, where its ancestors' shared-scope registrations keep its instances; every
    /// table this store builds carries it.
    let derivation: Derivation?
    /// A derived container's first table, empty, published by the initializer (a test's container is resolved
    /// from at once, mostly with nothing of its own: its first resolve then takes no lock and builds nothing).
    /// Kept as long as this store, also once a registration unpublished it, so that it needs no retiring: a
    /// reader holds a container's table only while it resolves through the container, which keeps this store.
    private let initialTable: RegistryTable?

    /// The registrations of a new container, with `behaviors`. The registry is made now only if there are
    /// behaviors to keep; otherwise on first need (``state``).
    init(behaviors: [any Behavior], lifecycle: LifecycleStore, derivation: Derivation? = nil) {
        let initialTable = derivation.map { RegistryTable(emptyWith: $0) }
        self.lifecycle = lifecycle
        self.derivation = derivation
        self.initialTable = initialTable
        // Published before the store is shared with any other thread: a plain store suffices. Until the registry is
        // made, `initialTable` keeps the table; the registry then keeps it (see `makeState()`), as
        // `checkInvariants(_:)` wants.
        // Seq_cst store (release would do: no thread can see the store yet); pairs with the readers' loads.
        if let initialTable { published.store(Unretained(initialTable).bits) }
        if !behaviors.isEmpty { withRegistry { $0.behaviors = behaviors } }
    }

    deinit {
        // The bindings go first, destroyed in specialized code (see `BindingMap.removeAll()`), outside the lock:
        // releasing a registration may release what its factory captured, and run that code's deinitializers. No
        // other thread can reach this store any more, but the lock is taken all the same (it costs little, and the
        // registry is only ever touched under it).
        let stateBits = stateWord.load()  // seq_cst; the deinitializer's thread owns the store by now
        if stateBits != 0 {
            var bindings = Locked<Container.Registry>(borrowingBits: stateBits).withLock { $0.takeAllBindings() }
            bindings.removeAll()
        }
        // The container and its views are gone, so nothing resolves through its lifecycle store any more. Its
        // stand-ins (the registrations keeping its `.perContainer` instances, and a derived container's) keep the
        // store, which keeps them: let them go, and the instances they kept with them.
        let standIns = lifecycle.takeStandIns()
        withExtendedLifetime(standIns) {}
        let injection = injectionWord.load()  // seq_cst; as above
        if injection != 0 { Unretained<InjectionStore>.releaseRetainedBits(injection) }
        // Last, as when it was a stored property: the registry's tables, and the registrations only they still hold.
        if stateBits != 0 { Locked<Container.Registry>.releaseRetainedBits(stateBits) }
    }

    /// The container's property-injection state (shared with its views, which share this registry), made on first
    /// need: most containers, a test's derived one among them, never inject properties nor auto-create, and a
    /// container without one is three allocations and a lock lighter.
    ///
    /// Invariant: the word is 0 until a compare-and-exchange sets it, once, to a retained store, which stays
    /// until this registry's deinitializer releases it; so the store read here (retained for the caller) is the
    /// only one the container ever has.
    func injectionStore() -> InjectionStore {
        // Acquire; pairs with the compare-and-exchange below (seq_cst, a release), which publishes the store made.
        if let made = Unretained<InjectionStore>(bits: injectionWord.loadAcquiring()) { return made.object }
        let store = InjectionStore()
        let bits = Unretained.retainedBits(of: store)
        // Seq_cst (release and acquire would do): publishes `store` once; on failure, acquires the winner's.
        let (exchanged, current) = injectionWord.compareExchange(expected: 0, desired: bits)
        if exchanged { return store }
        // Another thread made one first: this one was never published.
        Unretained<InjectionStore>.releaseRetainedBits(bits)
        checkInjectionStore(current)
        return Unretained<InjectionStore>(bits: current)!.object
    }

    /// The bits of the registry's lock (retained by the word), made now if this is their first use.
    ///
    /// Invariant: the word is 0 until a compare-and-exchange sets it, once, to a retained `Locked`, which stays until
    /// the deinitializer releases it; so the lock read here is the only one this store ever has, and every change of
    /// the bindings is made under it. Before it is made, nothing has changed the published word since the
    /// initializer: it is `initialTable` (or 0), which the new registry therefore keeps as its table.
    @inline(__always)
    private var registryBits: UInt {
        // Acquire; pairs with the compare-and-exchange in `makeState()` (seq_cst, a release).
        let bits = stateWord.loadAcquiring()
        return bits != 0 ? bits : makeState()
    }

    /// Runs `body` with the registry, under its lock (made now if this is its first use), without retaining the
    /// lock's object: the word keeps it as long as this store (a `Locked` made from the bits retained and released
    /// it around every registration).
    @inline(__always)
    private func withRegistry<Result>(_ body: (inout Container.Registry) throws -> Result) rethrows -> Result {
        try Locked<Container.Registry>.withLock(borrowingBits: registryBits, body)
    }

    /// Makes the registry and its lock, and returns the bits of the one published (this one, or another thread's).
    @inline(never)
    private func makeState() -> UInt {
        // Made with no captured value, then given its table: a closure that captures one made the optimizer build the
        // registry on the stack, copy it into the buffer and destroy the original (~480 instructions).
        let made = Locked(making: { Container.Registry() })
        if let initialTable {
            made.withLock { $0.table = initialTable }
            checkUnchangedBeforeRegistry(initialTable)
        }
        let bits = made.retainedBits()
        // Seq_cst (release and acquire would do): publishes the registry once; on failure, acquires the winner's.
        let (exchanged, current) = stateWord.compareExchange(expected: 0, desired: bits)
        if exchanged { return bits }
        // Another thread made it first: use that one; this one was never shared.
        Locked<Container.Registry>.releaseRetainedBits(bits)
        return current
    }

    /// Checks, in debug builds, what `makeState()` relies on: while no registry is made, the published word is the
    /// first table (every change of it goes through the registry). Read in that order: a registry seen missing after
    /// the load was missing at the load too (the word only goes from 0 to a registry); one made meanwhile by another
    /// thread may have published another table, and this thread's registry then loses the race.
    private func checkUnchangedBeforeRegistry(_ initialTable: RegistryTable) {
        #if DEBUG
            // Seq_cst loads, so that the second is not done before the first; pairs with `makeState()`'s exchange.
            let current = published.load()
            precondition(
                current == Unretained(initialTable).bits || stateWord.load() != 0,
                "the published table changed before the registry was made")
        #endif
    }

    /// Whether the container's injection state, if made yet, has re-injection watches: what registering,
    /// unregistering and resetting check first, one load while none is made. Makes no store.
    var hasInjectionWatches: Bool {
        // Unretained: a published store lives as long as this registry (see `injectionStore()`).
        // Acquire; pairs with the compare-and-exchange in `injectionStore()`.
        Unretained<InjectionStore>(bits: injectionWord.loadAcquiring())?.with { $0.hasWatches } ?? false
    }

    /// Checks, in debug builds, that a store that won the race is the one published for good.
    private func checkInjectionStore(_ bits: UInt) {
        #if DEBUG
            // Seq_cst; after this thread's own exchange or acquire load of the word.
            precondition(bits != 0 && injectionWord.load() == bits, "the injection store was replaced")
        #endif
    }

    /// Runs `body` with exclusive access to the bindings and behaviors. If it changed the bindings, the
    /// published table is withdrawn, and the registrations it unbound for good are retired: their instances
    /// released and disposed, once the lock is released. The table and the registrations are then released on this
    /// thread once no resolve can still read them, or by a later write (see ``Reclamation``): never by a resolve.
    /// Inlined: out of line, its generic closure made each registration ~90 instructions dearer.
    @inline(__always)
    func withLock<Result>(_ body: (inout Container.Registry) throws -> Result) rethrows -> Result {
        var released: Container.Registry.Released?
        let (result, waiting) = try withRegistry { registry -> (Result, Bool) in
            let version = registry.version
            let result = try body(&registry)
            guard registry.version != version else { return (result, false) }
            // The common change (a new key before any resolve) publishes, lets go of and retires nothing: it stops
            // here, with no call, no array and nothing to release (registration's instruction count).
            guard registry.table != nil || registry.released != nil || !registry.retired.isEmpty else {
                return (result, false)
            }
            return (result, retireAfterChange(&registry, released: &released))
        }
        guard waiting else { return result }
        finishWrite(released: released)
        return result
    }

    /// Under the lock, after a change: unpublishes the published table and retires it with what the change let go
    /// of (the full table it replaced, unbound registrations). Returns whether anything waits in the retired list.
    @inline(never)
    private func retireAfterChange(
        _ registry: inout Container.Registry, released: inout Container.Registry.Released?
    ) -> Bool {
        var retiring: [AnyObject] = []
        if let table = registry.table {
            registry.table = nil
            // Seq_cst, needed: the unpublishing store of the reclamation protocol, before the tag load in
            // `retired.add(_:)`; pairs with the readers' announcements and their loads in `currentTable()`.
            published.store(0)
            checkInvariants(registry)
            // The first table of a derived container is kept by this store, and needs no retiring. Nor does the
            // full table while the registry keeps it to layer the next tables over: it is retired when a change
            // lets it go (`takeReleased()`, with a later tag), and a second reference from the retired list would
            // only keep it from ever being released there.
            if table !== initialTable, table !== registry.fullTable { retiring.append(table) }
        }
        if let taken = registry.takeReleased() {
            released = taken
            // The full table a change let go of, unless it is the published table retired above.
            if let fullTable = taken.fullTable, fullTable !== retiring.first { retiring.append(fullTable) }
            retiring += taken.registrations as [AnyObject]
        }
        if !retiring.isEmpty { registry.retired.add(retiring) }
        // Every change is a write: it releases what this and earlier writes retired, once no reader holds it.
        return !registry.retired.isEmpty
    }

    /// After the lock: releases what the change let go of, and drops what no reader holds any more. Here, on the
    /// writing thread, outside the lock, since a deinitializer may run. Dropping a table may leave what only it held
    /// besides the list (its registrations, the full table under it) referenced by the list alone: taken again,
    /// until a round frees nothing.
    @inline(never)
    private func finishWrite(released: consuming Container.Registry.Released?) {
        if let released = consume released { release(released) }
        while let reclaimed = withRegistry({ $0.retired.takeReclaimable() }) {
            withExtendedLifetime(reclaimed) {}
        }
    }

    /// Releases what changes of the bindings let go of, outside the lock: retires this container's unbound
    /// registrations (a registration of another container, bound here by ``Container/forward(_:name:to:)``,
    /// is its own container's to retire), then drops the references, which may run deinitializers.
    @inline(never)
    private func release(_ released: Container.Registry.Released) {
        let own = released.registrations.filter { $0.lifecycle === lifecycle }
        if !own.isEmpty { lifecycle.retire(own) }
    }

    /// The published table, built now if there is none. Call only inside a ``Reclamation`` reading section
    /// (``ResolvingThread/enterReading()``): the table is not retained, and stays valid until the section ends.
    @inline(__always)
    func currentTable() -> Unretained<RegistryTable> {
        // Sequentially consistent, not only acquiring: the reclamation protocol needs this load ordered after the
        // thread's announcement (a store), which an acquire load is not (on ARM64 it may be done first, and a
        // writer could then free the table this thread goes on to read). On x86 and ARM64 it is the same load
        // instruction or one as cheap (LDAR instead of LDAPR).
        if let table = Unretained<RegistryTable>(bits: published.load()) { return table }
        return Self.buildTable(of: Unretained(self))
    }

    /// ``currentTable()``'s rare case, out of line and given the store unretained: the caller's fast path then
    /// borrows the store across no call that may release objects, and needs no retain of it.
    @inline(never)
    private static func buildTable(of store: Unretained<RegistryStore>) -> Unretained<RegistryTable> {
        store.with { Unretained($0.buildTable()) }
    }

    /// Checks, in debug builds, that the published word is the table the registry keeps (0 when it keeps none), so
    /// an unretained read of it is kept alive by the registry until the next change unpublishes and retires it.
    /// Call with the lock held.
    private func checkInvariants(_ registry: Container.Registry) {
        #if DEBUG
            // Seq_cst; under the registry's lock, which every store of the word holds.
            precondition(published.load() == (registry.table.map { Unretained($0).bits } ?? 0), "published table is not the kept one")
        #endif
    }

    /// The current table, retained, for readers outside a reading section (verification, `await`ed resolves).
    func retainedTable() -> RegistryTable {
        buildTable()
    }

    /// Builds and publishes the table if none is published, and returns it (kept by the state until the next
    /// change, so an unretained reference stays valid through the caller's reading section).
    private func buildTable() -> RegistryTable {
        // Taking the lock may wait for a writer, and a writer may wait for this thread's quick read to end.
        ResolvingThread.installed?.with { $0.endQuickRead() }
        return withRegistry { registry in
            if let table = registry.table { return table }
            let table: RegistryTable
            if let full = registry.fullTable, RegistryTable.canLayer(registry.changedKeys.count, over: full.count) {
                let bindings = registry.bindings
                // A key added since `full` and removed again has no binding: `full` does not hold it either.
                table = RegistryTable(
                    changes: registry.changedKeys.compactMap { key in bindings[key].map { (key, $0) } }, over: full
                )
            } else {
                // The full table this one replaces is retired, not released: a resolve may still read it, and a
                // resolve (this may be one) releases nothing.
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
