/// What makes a container derived (``Container/derived(registeringClosure:)``): its ancestors' shared-scope
/// registrations (``ObjectScope/container``, ``ObjectScope/weak``, custom scopes) keep this container's own
/// instances in stand-ins of its own, so that resolving through it never stores an instance in an ancestor.
///
/// A lookup that falls through to an ancestor and finds such a registration is answered with the ancestor's
/// binding and, as the registration to resolve, its stand-in here (``standIn(for:)``, ``RegistryView/Hit``): the
/// resolve path then reads and keeps the stand-in's instance exactly as it would the registration's own. A lookup of the
/// container's own registrations never reaches here, and neither does any lookup of a container that is not
/// derived: the check is made in ``RegistryView``'s fall-through to the ancestors.
///
/// The stand-ins live in the container's ``LifecycleStore`` (the stand-ins beside those of
/// ``ObjectScope/perContainer``), so `shutdown()` and `resetObjectScope(_:)` reach them as they do those, and
/// one lock covers finding or making them.
///
/// A value, not an object: every table of the derived container carries it (``RegistryTable/derivation``), so
/// deriving allocates nothing for it.
struct Derivation: Sendable {
    /// The derived container's lifecycle, which keeps the stand-ins and their disposable instances.
    let lifecycle: LifecycleStore
    /// Notes every lookup that falls through to an ancestor, for a recording container (see
    /// ``Container/derivedRecording(registeringClosure:)``); `nil` otherwise.
    let recorder: ResolutionRecorder?

    init(lifecycle: LifecycleStore, recorder: ResolutionRecorder? = nil) {
        self.lifecycle = lifecycle
        self.recorder = recorder
    }

    /// Whether `registration`'s scope keeps instances in the registration, so that a derived container must
    /// keep its own: ``ObjectScope/container``, ``ObjectScope/weak`` and custom scopes. Transient and graph
    /// instances are never kept, ``ObjectScope/perContainer`` ones are already kept by the resolving
    /// container, and ``ObjectScope/request`` ones by the running ``RequestScope``.
    static func keepsInstances(_ registration: Unretained<Registration>) -> Bool {
        let kind = registration.with {
            $0.currentConfiguration.with { $0.kind }
        }
        switch kind {
        case .container, .weak, .custom: return true
        case .transient, .graph, .perContainer, .request: return false
        }
    }

    /// The stand-in of `hit`'s registration (an ancestor's, read in the caller's reading section or snapshot),
    /// made on first need. It stays, kept by this container's lifecycle, until the container's registry is gone,
    /// so a reader may hold it unretained in a reading section, even after the ancestor bound the key to another
    /// registration.
    func standIn(for hit: RegistryView.Hit) -> Unretained<Registration> {
        lifecycle.derivedStandIn(for: hit)
    }
}

extension LifecycleStore {
    /// For a derived container's store: the stand-in, kept here, of `hit`'s registration (an ancestor's, in a
    /// scope that keeps instances), made now if there is none. The stand-in runs the original's `initCompleted`
    /// closures, and serves every key bound to the original (its forwarded types). One lock, no user code under
    /// it. The original is not told of the stand-in (unlike a ``ObjectScope/perContainer`` one): when the
    /// ancestor rebinds the key, the next lookup finds the new registration, and with it another stand-in; the old
    /// one stays, with its instances, this store's to dispose.
    ///
    /// - Returns: The stand-in, not retained: this store keeps it until ``takeStandIns()``, which only the
    ///   registry's deinitializer calls, once nothing resolves through the container.
    func derivedStandIn(for hit: RegistryView.Hit) -> Unretained<Registration> {
        // Compared by identity: the stand-in keeps its original alive, so an identifier found here is that of the
        // registration it names. The hit's table keeps `hit`'s registration alive during the caller's reading
        // section.
        let original = hit.registration.identifier
        return state.withLock { state in
            if let found = state.derivedStandIn(of: original) { return Unretained(found) }
            // The original and its configuration borrowed, not copied out (each copy was retained and released,
            // and the configuration's scope and closures again around the call), and the new stand-in moved into
            // the state: five retains and releases fewer per stand-in.
            let standIn = hit.registration.with { registration in
                registration.currentConfiguration.with { configuration in
                    // A built-in scope's shared configuration (most registrations) is the stand-in's too.
                    configuration.isShared && !configuration.isRegisteredInstance
                        ? StandInRegistration(of: registration, sharedConfiguration: configuration, lifecycle: self)
                        : StandInRegistration(
                            of: registration, scope: configuration.scope, completions: configuration.completions,
                            lifecycle: self)
                }
            }
            let made = Unretained<Registration>(standIn)
            state.appendDerived(Derived(original: original, standIn: consume standIn))
            return made
        }
    }
}
