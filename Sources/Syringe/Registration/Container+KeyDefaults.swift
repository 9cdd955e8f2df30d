// How a declared key's default factory becomes an ordinary registration: on the first resolve of the key that
// misses in a container tree, in the root of that tree, and only if no registration of the key's type, name and
// argument types is there yet (another thread's, or the user's).

extension Container {
    /// The container at the top of this one's tree (itself if it has no parent): where a key's default
    /// registration is kept, so that every container of the tree, derived test containers included, shares it.
    var root: Container {
        var container = self
        while let parent = container.parent { container = parent }
        return container
    }

    /// The configuration of a key's default registration in this container: the key's scope, or this container's
    /// default scope when the key sets none.
    func configuration(for scope: ObjectScope?) -> Registration.Configuration {
        guard let scope else { return defaultConfiguration }
        return .of(scope: scope, completions: [])
    }

    /// Binds `registration` under `key`, its own key, unless this container already binds `key`: the check and the
    /// binding are one step under the registry's lock, so two threads that miss a key at once register its
    /// default once, and a registration made by hand is never replaced by a default. Behaviors and re-injection
    /// hear of a default that was bound, as of any registration.
    func bindDefault<Service>(_ registration: Registration, as serviceType: Service.Type, for key: ServiceKey) {
        let outcome: (bound: Bool, behaviors: [any Behavior]) = registry.withLock { registry in
            guard registry.bindings[key] == nil else { return (false, []) }
            registry.bind(registration, as: Service.self, for: key)
            return (true, registry.behaviors)
        }
        guard outcome.bound else { return }
        if !outcome.behaviors.isEmpty {
            let entry = ServiceEntry<Service>(registration: registration, container: self)
            for behavior in outcome.behaviors {
                behavior.container(self, didRegisterType: Service.self, toService: entry, withName: registration.name)
            }
        }
        if injection.hasWatches { reinjectAfterBinding(key) }
    }

    /// Whether this container or an ancestor binds `key`.
    func bindsInTree(_ key: ServiceKey) -> Bool {
        var container: Container? = self
        while let current = container {
            if current.registry.withLock({ $0.bindings[key] != nil }) { return true }
            container = current.parent
        }
        return false
    }

    /// Resolves `key` in a resolution of its own, not joining one that runs on this thread: that one's registry
    /// was taken when it began, before the default it missed was registered.
    func requireFreshly<Service, Arguments>(
        _ key: ServiceKey, as serviceType: Service.Type, arguments: Arguments, argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        try resolveTopLevel(
            key: key, as: Service.self, name: key.name, arguments: arguments, joinsActive: false,
            argumentTypes: argumentTypes)
    }
}

extension ServiceKeys {
    /// Whether `error` says that no registration answers this key's own request, so that its default applies (not
    /// a failure inside a registration that answers it, nor a dependency's miss).
    func isMiss(_ error: ResolutionError) -> Bool {
        guard ObjectIdentifier(error.request.serviceType) == ObjectIdentifier(serviceType),
            error.request.name == registryKey.name
        else { return false }
        switch error.kind {
        case .notRegistered, .nameMismatch, .argumentMismatch, .optionalityMismatch: return true
        default: return false
        }
    }

    /// After `error`, a failed resolve of this key through `resolver`: registers the default in the root of the
    /// resolver's tree if the error is this key's miss, and tells whether the resolve should be made again
    /// (freshly, see ``Container/requireFreshly(_:as:arguments:argumentTypes:)``) in the returned container.
    func containerToRetry(after error: ResolutionError, through resolver: any Resolver) -> Container? {
        guard isMiss(error) else { return nil }
        // The resolver a factory receives is the container; inside an `async` factory, the awaited resolution.
        guard let container = resolver as? Container ?? (resolver as? AsyncResolution)?.root.container else {
            return nil
        }
        installDefault(container.root)
        return container
    }
}
