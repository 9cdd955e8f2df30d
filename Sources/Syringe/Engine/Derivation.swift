/// What makes a container derived (``Container/derived(registeringClosure:)``): a lookup that falls through to an
/// ancestor (in ``RegistryView``) and finds a registration whose scope keeps instances resolves this container's
/// stand-in of it (``standIn(for:)``), kept in its ``LifecycleStore``, so no instance is stored in an ancestor.
/// A value, carried by every table of the container: deriving allocates nothing for it.
struct Derivation: Sendable {
    /// The derived container's lifecycle, which keeps the stand-ins and their disposable instances.
    let lifecycle: LifecycleStore
    /// Notes every lookup that falls through to an ancestor (``Container/derivedRecording(registeringClosure:)``).
    let recorder: ResolutionRecorder?

    init(lifecycle: LifecycleStore, recorder: ResolutionRecorder? = nil) {
        self.lifecycle = lifecycle
        self.recorder = recorder
    }

    /// Whether `registration`'s scope keeps instances in the registration, so that a derived container must keep
    /// its own (``ObjectScope/perContainer`` and ``ObjectScope/request`` keep theirs elsewhere already).
    static func keepsInstances(_ registration: Unretained<Registration>) -> Bool {
        let kind = registration.with {
            $0.currentConfiguration.with { $0.kind }
        }
        switch kind {
        case .container, .weak, .custom: return true
        case .transient, .graph, .perContainer, .request: return false
        }
    }

    /// The stand-in of `hit`'s registration, made on first need. It stays until the container's registry is gone,
    /// so a reader may hold it unretained, even after the ancestor rebinds the key.
    func standIn(for hit: RegistryView.Hit) -> Unretained<Registration> {
        lifecycle.derivedStandIn(for: hit)
    }
}

extension LifecycleStore {
    /// For a derived container's store: the stand-in, kept here, of `hit`'s registration, made now if there is
    /// none; it serves every key bound to the original. The original is not told of it: when the ancestor rebinds
    /// the key, the next lookup makes another stand-in, and the old one stays, this store's to dispose. Returned
    /// unretained: kept until ``takeStandIns()``, which only the registry's deinitializer calls.
    func derivedStandIn(for hit: RegistryView.Hit) -> Unretained<Registration> {
        // By identity: a stand-in keeps its original alive, so an identifier found here names it.
        let original = hit.registration.identifier
        return state.withLock { state in
            if let found = state.derivedStandIn(of: original) { return Unretained(found) }
            // Borrowed, not copied out, and the stand-in moved into the state: five retains and releases fewer.
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
