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
        if hasInjectionWatches { reinjectAfterBinding(key) }
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

    /// Resolves `key`, whose default was just registered, from this container. Inside a resolution of this
    /// container running on this thread (a factory's first use of the key) it joins that resolution, as any nested
    /// resolve does: one object graph, so graph-scoped instances are shared with the factory that asked; cycles
    /// through the key are found, and errors carry the whole path. Anywhere else it is a resolution of its own.
    ///
    /// The running resolution's registry view was taken when it began, before the default was registered: the
    /// key's binding is looked up afresh here and resolved as that registration, as a ``Lazy`` resolves the
    /// registration it was made from. Its later uses in the same resolution take this path again; resolutions
    /// begun after it find the default with one lookup.
    func requireDefault<Service, Arguments>(
        _ key: ServiceKey, as serviceType: Service.Type, arguments: Arguments, argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        guard let active = ResolvingThread.installed?.with({ $0.activeContext(of: self) }),
            let binding = RegistrySnapshot(of: self).binding(for: key)
        else {
            return try resolveTopLevel(
                key: key, as: Service.self, name: key.name, arguments: arguments, joinsActive: false,
                argumentTypes: argumentTypes)
        }
        let request = WrappedRequest(
            key: key, name: key.name, arguments: ArgumentBox(arguments), argumentTypes: argumentTypes())
        // Not retained: the running resolution keeps its context until it finishes, after this call. The closure
        // throws only `ResolutionError`; `with` rethrows it untyped.
        do {
            return try active.with { context in
                try context.resolve(bound: binding.registration, as: Service.self, request: request)
            }
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw ResolutionError(
                kind: .factoryFailed(underlying: error), request: request.serviceRequest(Service.self))
        }
    }
}

extension Container {
    /// A synchronous resolve of a declared key of any kind (the main-actor resolver's), with `arguments`: on the
    /// key's own miss, its default is registered in the root of the tree and resolved, joining the resolution
    /// that asked (``requireDefault(_:as:arguments:argumentTypes:)``).
    func requireDeclared<Service, each Argument>(
        _ key: ServiceKeys, as serviceType: Service.Type, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        do {
            return try require(Service.self, name: key.registryKey.name, arguments: repeat each arguments)
        } catch {
            guard key.isMiss(error) else { throw error }
            key.installDefault(root)
            return try requireDefault(key.registryKey, as: Service.self, arguments: (repeat each arguments)) {
                argumentTypeList(repeat (each Argument).self)
            }
        }
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

    /// After `error`, a failed resolve of this key through `resolver`: on the key's own miss, registers its default
    /// in the root of the resolver's tree and resolves the key again, joining the resolution that asked (see
    /// ``Container/requireDefault(_:as:arguments:argumentTypes:)``). Any other error is thrown as it is.
    ///
    /// - Parameters:
    ///   - arguments: The request's runtime arguments, packed as a request packs them (`()` for none).
    ///   - again: Resolves the key through an awaited resolution (the resolver of an `async` factory), which reads
    ///     the registry afresh at every resolve and so finds the default just registered.
    /// - Returns: `nil` for a resolver that is neither a container nor an awaited resolution: there is no registry
    ///   to keep the default in, and the caller runs the default factory itself.
    func requireDefault<Service, Arguments>(
        after error: ResolutionError, through resolver: any Resolver, as serviceType: Service.Type,
        arguments: Arguments, argumentTypes: () -> [Any.Type],
        again: (any Resolver) throws(ResolutionError) -> Service
    ) throws(ResolutionError) -> Service? {
        guard isMiss(error) else { throw error }
        // The resolver a factory receives is the container; inside an `async` factory, the awaited resolution.
        if let container = resolver as? Container {
            installDefault(container.root)
            return try container.requireDefault(
                registryKey, as: Service.self, arguments: arguments, argumentTypes: argumentTypes)
        }
        if let resolution = resolver as? AsyncResolution {
            installDefault(resolution.root.container.root)
            return try again(resolution)
        }
        return nil
    }

    /// The error for a default factory run outside any container (``requireDefault(after:through:as:arguments:argumentTypes:again:)``
    /// returned `nil`) that threw `error`.
    func factoryError(_ error: any Error) -> ResolutionError {
        if let failure = error as? ResolutionError { return failure }
        return ResolutionError(kind: .factoryFailed(underlying: error), request: request)
    }
}
