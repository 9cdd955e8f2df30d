/// The registrations one resolution sees, fixed when it starts. Invariant: the tables are not retained, so a view
/// is built in a reading section and used until it ends, or from a ``RegistrySnapshot``, which retains its tables.
struct RegistryView {
    private let own: Unretained<RegistryTable>
    private let parent: Unretained<Container>?
    /// The parent's table and its ancestors' (nearest first), once a key missed; apart, so a child allocates nothing.
    private var parentTable: Unretained<RegistryTable>?
    private var ancestors: [Unretained<RegistryTable>]?

    /// A binding found in a view: the entry at `index` of `table`, and the registration a resolve of it uses.
    /// Invariant: the registration is the entry's own, or, below a derived container, the stand-in there of the
    /// entry's registration (checked in debug builds). Neither is retained: the table keeps its registrations for the
    /// reading section, and the derived container's ``LifecycleStore`` keeps its stand-ins longer than any resolve.
    struct Hit {
        let table: Unretained<RegistryTable>
        let index: Int
        let registration: Unretained<Registration>

        @inline(__always)
        init(table: Unretained<RegistryTable>, index: Int) {
            self.table = table
            self.index = index
            registration = table.with { $0.entry(at: index).registration }
        }

        /// `original`'s binding, resolved with a derived container's stand-in of its registration.
        init(standIn: Unretained<Registration>, for original: Hit) {
            table = original.table
            index = original.index
            registration = standIn
            checkStandIn(of: original)
        }

        private func checkStandIn(of original: Hit) {
            #if DEBUG
                let standIn = registration.object as? StandInRegistration
                precondition(
                    standIn.map { original.registration.refers(to: $0.original) } == true,
                    "a hit's registration is neither its binding's nor a stand-in of it")
            #endif
        }

        /// The binding, retained: the table's, or its service type and name bound to the stand-in.
        var binding: Container.Binding {
            let found = table.with { $0.bindings[index] }
            if registration.refers(to: found.registration) { return found }
            var standIn = Container.Binding(
                registration: registration.object, serviceType: found.serviceType, name: found.name)
            standIn.order = found.order
            return standIn
        }
    }

    /// The view of `container`, borrowed and inlined so that neither it nor its store is retained.
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

    /// The binding for `key` in the base of the layer `table`, which keeps it alive.
    @inline(never)
    private static func baseLookup(_ key: ServiceKey, below table: Unretained<RegistryTable>) -> Hit? {
        guard let base = table.with({ $0.base }) else { return nil }
        guard let index = base.index(of: key) else { return nil }
        return Hit(table: Unretained(base), index: index)
    }

    mutating func binding(for key: ServiceKey) -> Container.Binding? {
        lookup(key)?.binding
    }

    private mutating func ancestorLookup(_ key: ServiceKey) -> Hit? {
        loadAncestors()
        // The nearest derived container on the way up, held as its table (a copy would retain its fields).
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

    @inline(__always)
    private static func derivedTable(_ table: Unretained<RegistryTable>) -> Unretained<RegistryTable>? {
        table.with { $0.derivation != nil } ? table : nil
    }

    @inline(__always)
    private static func redirect(_ hit: Hit, through table: Unretained<RegistryTable>?) -> Hit {
        guard let table else { return hit }
        return redirect(hit, below: table)
    }

    /// ``redirect(_:through:)`` below a derived container's `table`: out of line, so other lookups only check `nil`.
    @inline(never)
    private static func redirect(_ hit: Hit, below table: Unretained<RegistryTable>) -> Hit {
        // The derivation is read in place, not copied out (a copy retains its two references).
        let keeps = Derivation.keepsInstances(hit.registration)
        guard keeps || table.with({ $0.derivation?.recorder != nil }) else { return hit }
        return table.with { table in redirect(hit, keeps: keeps, in: table) }
    }

    private static func redirect(_ hit: Hit, keeps: Bool, in table: RegistryTable) -> Hit {
        guard table.derivation != nil else { return hit }
        ResolvingThread.installed?.with { $0.endQuickRead() }
        table.derivation?.recorder?.note(hit.binding)
        guard keeps, let standIn = table.derivation?.standIn(for: hit) else { return hit }
        return Hit(standIn: standIn, for: hit)
    }

    private mutating func loadAncestors() {
        guard ancestors == nil, let parent else { return }
        // The parent borrowed, not copied out (each copy was retained and released).
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

    /// One binding found by ``allBindings(of:)`` (a struct: an array of tuples is destroyed by generic code).
    struct Found {
        let order: UInt64
        let name: String?
        let hit: Hit
    }

    /// Every binding of `serviceType` without arguments this view sees: the container's own, then each ancestor's
    /// keys no nearer container binds, each in its container's registration order.
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
        // Below a derived container, stand-ins answer, as in ``ancestorLookup(_:)``.
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

    /// `hit`, or below a derived container, the same binding resolved with its stand-in there if it keeps instances.
    private static func redirect(_ hit: Hit, through derivation: Derivation?) -> Hit {
        guard let derivation else { return hit }
        let recorder = derivation.recorder
        let keeps = Derivation.keepsInstances(hit.registration)
        guard keeps || recorder != nil else { return hit }
        // The recorder and stand-ins take locks: the quick read ends first (a writer holding one may wait for it).
        ResolvingThread.installed?.with { $0.endQuickRead() }
        recorder?.note(hit.binding)
        guard keeps else { return hit }
        return Hit(standIn: derivation.standIn(for: hit), for: hit)
    }
}

/// The registrations of a container and its ancestors, retained: for readers outside a reading section.
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

    /// Whether the container or an ancestor binds `key` (nothing is noted).
    func binds(_ key: ServiceKey) -> Bool {
        own.binding(for: key) != nil || ancestors.contains { $0.binding(for: key) != nil }
    }

    /// The binding for `key` in the container or, failing that, the nearest ancestor.
    func binding(for key: ServiceKey) -> Container.Binding? {
        if let binding = own.binding(for: key) { return binding }
        // As ``RegistryView``: below a derived container, stand-ins answer.
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
