/// What makes a container derived (``Container/derived(registeringClosure:)``): the stand-ins in which the
/// ancestors' shared-scope registrations (``ObjectScope/container``, ``ObjectScope/weak``, custom scopes) keep
/// this container's own instances, so that resolving through it never stores an instance in an ancestor.
///
/// A lookup that falls through to an ancestor and finds such a registration is answered with a one-binding
/// table holding the stand-in (``table(for:binding:)``), in place of the ancestor's binding: the resolve path
/// then reads and keeps the stand-in's instance exactly as it would the registration's own, quick read
/// included. A lookup of the container's own registrations never reaches here, and neither does any lookup of
/// a container that is not derived: the check is made in ``RegistryView``'s fall-through to the ancestors.
///
/// The stand-ins are the container's ``LifecycleStore`` stand-ins (as for ``ObjectScope/perContainer``), so
/// `shutdown()`, `resetObjectScope(_:)` and an ancestor's unregistering reach them as they do those.
final class Derivation: Sendable {
    /// The derived container's lifecycle, which keeps the stand-ins and their disposable instances.
    let lifecycle: LifecycleStore
    /// For each key answered so far, the table of its stand-in binding. A table stays here as long as the
    /// derivation (so a reader holding it unretained in a reading section is safe), unless the ancestor bound
    /// the key to another registration since: the old table is then retired through ``Reclamation``.
    private let tables = Locked<[ServiceKey: RegistryTable]>([:])

    init(lifecycle: LifecycleStore) {
        self.lifecycle = lifecycle
    }

    /// The derived container (and every view of it) is gone: its stand-ins go with it. They keep its lifecycle
    /// store, which keeps them, so without this the store, the stand-ins and the instances they keep (a test's
    /// singletons, and the mocks they captured) would outlive the container.
    deinit {
        let standIns = lifecycle.takeStandIns()
        withExtendedLifetime(standIns) {}
    }

    /// Whether `registration`'s scope keeps instances in the registration, so that a derived container must
    /// keep its own: ``ObjectScope/container``, ``ObjectScope/weak`` and custom scopes. Transient and graph
    /// instances are never kept, and ``ObjectScope/perContainer`` ones are already kept by the resolving
    /// container.
    static func keepsInstances(_ registration: Unmanaged<Registration>) -> Bool {
        let kind = registration._withUnsafeGuaranteedRef {
            $0.currentConfiguration._withUnsafeGuaranteedRef { $0.kind }
        }
        switch kind {
        case .container, .weak, .custom: return true
        case .transient, .graph, .perContainer: return false
        }
    }

    /// The table holding, under `key`, the stand-in of `binding`'s registration (an ancestor's) with
    /// `binding`'s service type and name. Made on first need.
    func table(for key: ServiceKey, binding: Container.Binding) -> RegistryTable {
        let original = binding.registration
        let cached = tables.withLock { $0[key] }
        if let cached, Self.original(in: cached) === original { return cached }
        // Made outside the lock: `localRegistration` takes the lifecycle's and the ancestor's locks.
        let configuration = original.configuration
        let standIn = lifecycle.localRegistration(
            for: original, scope: configuration.scope, completions: configuration.completions
        )
        var map = BindingMap()
        map.updateValue(
            Container.Binding(registration: standIn, serviceType: binding.serviceType, name: binding.name),
            forKey: key
        )
        let made = RegistryTable(map)
        let (table, stale) = tables.withLock { tables -> (RegistryTable, RegistryTable?) in
            if let current = tables[key], Self.original(in: current) === original { return (current, nil) }
            let stale = tables.updateValue(made, forKey: key)
            return (made, stale)
        }
        if let stale { Reclamation.retire(stale) }
        return table
    }

    /// The registration whose stand-in `table` holds.
    private static func original(in table: RegistryTable) -> Registration? {
        (table.bindings.first?.registration as? StandInRegistration)?.original
    }
}
