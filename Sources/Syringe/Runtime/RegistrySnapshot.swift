/// The registrations one resolution sees, as tables taken when it starts (the container's own at once, its
/// ancestors' on the first miss), so every nested resolve sees the same registry even while other threads
/// register.
///
/// The tables are not retained: build a view only inside a ``Reclamation`` reading section
/// (``ResolvingThread/enterReading()``) and use it only until the section ends, or from a
/// ``RegistrySnapshot``, which retains its tables.
struct RegistryView {
    private let own: Unretained<RegistryTable>
    private let parent: Unretained<Container>?
    /// The parent's table, once a key missed in `own` (kept apart from the further ancestors' so that the
    /// common child container allocates nothing).
    private var parentTable: Unretained<RegistryTable>?
    /// The tables of the parent's ancestors, nearest first, once a key missed in `own`.
    private var ancestors: [Unretained<RegistryTable>]?

    /// A binding found in a view: the entry at `index` of `table`, and the registration a resolve of it uses.
    ///
    /// Invariant: the registration is the entry's own, or, below a derived container, the stand-in there of the
    /// entry's registration, an ancestor's that keeps instances (see ``Derivation``); then `table` and `index`
    /// still name the ancestor's binding, which gives the stand-in's service type and name (checked in debug
    /// builds). Neither is retained: the table keeps its registrations for the reading section, and a derived
    /// container's ``LifecycleStore`` keeps its stand-ins until the container's registry is gone, which is after
    /// every resolve through the container.
    struct Hit {
        let table: Unretained<RegistryTable>
        let index: Int
        /// The registration, not retained (its table, or for a stand-in its derived container, keeps it).
        let registration: Unretained<Registration>

        /// The entry at `index` of `table`, resolved with its own registration.
        @inline(__always)
        init(table: Unretained<RegistryTable>, index: Int) {
            self.table = table
            self.index = index
            registration = table.with { $0.entry(at: index).registration }
        }

        /// `original`'s binding, resolved with `standIn`, a derived container's stand-in of its registration.
        init(standIn: Unretained<Registration>, for original: Hit) {
            table = original.table
            index = original.index
            registration = standIn
            checkStandIn(of: original)
        }

        /// Checks, in debug builds, what ``binding`` relies on: the registration is a stand-in of `original`'s.
        private func checkStandIn(of original: Hit) {
            #if DEBUG
                let standIn = registration.object as? StandInRegistration
                precondition(
                    standIn.map { original.registration.refers(to: $0.original) } == true,
                    "a hit's registration is neither its binding's nor a stand-in of it")
            #endif
        }

        /// The binding, retained: the table's, or for a stand-in the table's service type and name bound to it.
        var binding: Container.Binding {
            let found = table.with { $0.bindings[index] }
            if registration.refers(to: found.registration) { return found }
            var standIn = Container.Binding(
                registration: registration.object, serviceType: found.serviceType, name: found.name)
            standIn.order = found.order
            return standIn
        }
    }

    /// The view of `container`. Borrowing it and inlined, so that neither the container nor its store is
    /// retained: every thread resolving from the container shares their reference counts.
    @inline(__always)
    init(of container: borrowing Container) {
        own = Unretained(container.registry).with { $0.currentTable() }
        if let parent = container.parent {
            self.parent = Unretained(parent)
        } else {
            self.parent = nil
        }
    }

    init(_ snapshot: RegistrySnapshot) {
        own = Unretained(snapshot.own)
        parent = nil
        parentTable = snapshot.ancestors.first.map { Unretained($0) }
        ancestors = snapshot.ancestors.dropFirst().map { Unretained($0) }
    }

    /// The binding for `key` in the container or, failing that, the nearest ancestor.
    @inline(__always)
    mutating func lookup(_ key: ServiceKey) -> Hit? {
        // Hashed before the table is borrowed (see `RegistryTable.index(of:hash:)`).
        let hash = key.registryHash
        if let index = own.with({ $0.index(of: key, hash: hash) }) {
            return Hit(table: own, index: index)
        }
        if own.with({ $0.base != nil }), let hit = Self.baseLookup(key, below: own) {
            return hit
        }
        guard parent != nil || ancestors != nil else { return nil }
        return ancestorLookup(key)
    }

    /// The binding for `key` in `table`, itself or (for a layer) its base.
    fileprivate static func find(_ key: ServiceKey, in table: Unretained<RegistryTable>) -> Hit? {
        if let index = table.with({ $0.index(of: key) }) { return Hit(table: table, index: index) }
        return baseLookup(key, below: table)
    }

    /// The binding for `key` in the base of the layer `table` (see ``RegistryTable/base``). The base is kept alive
    /// by the layer, so it needs no retain either.
    @inline(never)
    private static func baseLookup(_ key: ServiceKey, below table: Unretained<RegistryTable>) -> Hit? {
        guard let base = table.with({ $0.base }) else { return nil }
        guard let index = base.index(of: key) else { return nil }
        return Hit(table: Unretained(base), index: index)
    }

    /// The binding for `key`, retained.
    mutating func binding(for key: ServiceKey) -> Container.Binding? {
        lookup(key)?.binding
    }

    private mutating func ancestorLookup(_ key: ServiceKey) -> Hit? {
        loadAncestors()
        // The nearest derived container on the way up (see ``Derivation``): a registration found above it that
        // keeps instances answers with its stand-in there. `nil` for every chain without a derived container.
        // Held as the table that carries it, not copied out of it (a copy retains its fields).
        var derived = Self.derivedTable(own)
        if let table = parentTable {
            if let hit = Self.find(key, in: table) { return Self.redirect(hit, through: derived) }
            if derived == nil { derived = Self.derivedTable(table) }
        }
        for table in ancestors ?? [] {
            if let hit = Self.find(key, in: table) { return Self.redirect(hit, through: derived) }
            if derived == nil { derived = Self.derivedTable(table) }
        }
        return nil
    }

    /// `table`, if it is a derived container's (it carries a ``Derivation``).
    @inline(__always)
    private static func derivedTable(_ table: Unretained<RegistryTable>) -> Unretained<RegistryTable>? {
        table.with { $0.derivation != nil } ? table : nil
    }

    /// ``redirect(_:through:)`` through the derivation `table` carries, if any.
    @inline(__always)
    private static func redirect(_ hit: Hit, through table: Unretained<RegistryTable>?) -> Hit {
        guard let table else { return hit }
        return redirect(hit, below: table)
    }

    /// ``redirect(_:through:)`` below a derived container's `table`: out of line, so that a lookup of a container
    /// without a derived one on its way up (a child container's) only checks for `nil`.
    @inline(never)
    private static func redirect(_ hit: Hit, below table: Unretained<RegistryTable>) -> Hit {
        // The derivation is read in place, not copied out (a copy retains and releases its two references): most hits
        // (transient and graph registrations, no recorder) need nothing of it.
        let keeps = Derivation.keepsInstances(hit.registration)
        guard keeps || table.with({ $0.derivation?.recorder != nil }) else { return hit }
        return table.with { table in redirect(hit, keeps: keeps, in: table) }
    }

    /// ``redirect(_:through:)`` with the derivation `table` carries, read in place: passing it copied it out of
    /// the table, which retained and released its two references on every lookup that reached a stand-in.
    private static func redirect(_ hit: Hit, keeps: Bool, in table: RegistryTable) -> Hit {
        guard table.derivation != nil else { return hit }
        ResolvingThread.installed?.with { $0.endQuickRead() }
        table.derivation?.recorder?.note(hit.binding)
        guard keeps, let standIn = table.derivation?.standIn(for: hit) else { return hit }
        return Hit(standIn: standIn, for: hit)
    }

    /// Takes the ancestors' tables, if not taken yet.
    private mutating func loadAncestors() {
        guard ancestors == nil, let parent else { return }
        // The parent borrowed, not copied out: a copy of it, of its registry and of its own parent were each retained
        // and released. Most parents have no parent of their own (a derived container's app container).
        let (table, grandparent) = parent.with { parent in
            (parent.registry.currentTable(), parent.parent.map { Unretained($0) })
        }
        parentTable = table
        var tables: [Unretained<RegistryTable>] = []
        var next = grandparent?.object
        while let container = next {
            tables.append(container.registry.currentTable())
            next = container.parent
        }
        ancestors = tables
    }

    /// One binding found by ``allBindings(of:)``: a struct, not a tuple, so that an array of them is destroyed by
    /// compiled code rather than the runtime's generic tuple path.
    struct Found {
        /// The key's place in its container's registration order.
        let order: UInt64
        let name: String?
        let hit: Hit
    }

    /// Every binding of `serviceType` without runtime arguments this view sees, for multi-injection: the
    /// container's own, then each ancestor's keys that no nearer container binds; each key once, in its
    /// container's registration order.
    ///
    /// Each table's part is the list it keeps for the type (``RegistryTable/multiBindings(of:)``): a container
    /// without ancestors gives its table's list as it is, with no scan, sort or allocation.
    ///
    /// - Complexity: O(*t*) for a container without ancestors, once its table has a list for the type (*t* types
    ///   asked for before); with ancestors, O(*k*) more for the *k* bindings found, whose keys are compared.
    mutating func allBindings(of serviceType: ObjectIdentifier) -> [Found] {
        loadAncestors()
        let ownBindings = own.with { $0.multiBindings(of: serviceType) }
        guard let parentTable else { return ownBindings }
        var found = ownBindings
        // The keys of nearer containers, which shadow an ancestor's: kept only while an ancestor follows.
        var shadowed: Set<ServiceKey> = []
        func visit(_ table: Unretained<RegistryTable>, hasAncestor: Bool, isOwn: Bool) {
            let start = isOwn ? 0 : found.count
            if !isOwn { found += table.with { $0.multiBindings(of: serviceType) } }
            guard hasAncestor || !shadowed.isEmpty else { return }
            var kept = start
            for index in start..<found.count {
                let key = ServiceKey(serviceType: serviceType, argumentsType: noArgumentsKey, name: found[index].name)
                if shadowed.contains(key) { continue }
                if hasAncestor { shadowed.insert(key) }
                found.swapAt(kept, index)
                kept += 1
            }
            found.removeSubrange(kept...)
        }
        visit(own, hasAncestor: true, isOwn: true)
        // Below a derived container, an ancestor's registration that keeps instances answers with its stand-in
        // there, as in ``ancestorLookup(_:)``.
        var derivation = own.with { $0.derivation }
        let ancestors = ancestors ?? []
        for (index, table) in ([parentTable] + ancestors).enumerated() {
            let start = found.count
            visit(table, hasAncestor: index < ancestors.count, isOwn: false)
            if derivation != nil {
                for position in start..<found.count {
                    let redirected = Self.redirect(found[position].hit, through: derivation)
                    found[position] = Found(
                        order: found[position].order, name: found[position].name, hit: redirected)
                }
            }
            if derivation == nil { derivation = table.with { $0.derivation } }
        }
        return found
    }

    /// `hit`, an ancestor's binding, or, below a derived container (`derivation`), the same binding
    /// resolved with its stand-in there if the registration keeps instances. The stand-in is kept by `derivation`.
    private static func redirect(_ hit: Hit, through derivation: Derivation?) -> Hit {
        guard let derivation else { return hit }
        let recorder = derivation.recorder
        let keeps = Derivation.keepsInstances(hit.registration)
        guard keeps || recorder != nil else { return hit }
        // The recorder and the stand-ins are reached under locks: a quick read ends before any lock (a writer
        // holding it may wait for quick reads). The resolve then reads the instance on the locked path.
        ResolvingThread.installed?.with { $0.endQuickRead() }
        recorder?.note(hit.binding)
        guard keeps else { return hit }
        return Hit(standIn: derivation.standIn(for: hit), for: hit)
    }
}

/// The registrations of a container and its ancestors, retained: for readers outside a reading section
/// (``Container/verify(samples:)``, `await`ed resolutions) and for views that such readers share.
struct RegistrySnapshot {
    let own: RegistryTable
    let ancestors: [RegistryTable]

    init(of container: Container) {
        own = container.registry.retainedTable()
        var ancestors: [RegistryTable] = []
        var next = container.parent
        while let container = next {
            ancestors.append(container.registry.retainedTable())
            next = container.parent
        }
        self.ancestors = ancestors
    }

    /// Whether the container or an ancestor binds `key` in this snapshot (nothing else is looked up or noted).
    func binds(_ key: ServiceKey) -> Bool {
        own.binding(for: key) != nil || ancestors.contains { $0.binding(for: key) != nil }
    }

    /// The binding for `key` in the container or, failing that, the nearest ancestor.
    func binding(for key: ServiceKey) -> Container.Binding? {
        if let binding = own.binding(for: key) { return binding }
        // As ``RegistryView``: below a derived container, an ancestor's registration that keeps instances
        // answers with its stand-in there.
        var derivation = own.derivation
        for table in ancestors {
            // Unretained: this snapshot retains its tables, and a table its base.
            if let hit = RegistryView.find(key, in: Unretained(table)) {
                guard let derivation else { return hit.binding }
                derivation.recorder?.note(hit.binding)
                guard Derivation.keepsInstances(hit.registration) else { return hit.binding }
                return RegistryView.Hit(standIn: derivation.standIn(for: hit), for: hit).binding
            }
            if derivation == nil { derivation = table.derivation }
        }
        return nil
    }
}
