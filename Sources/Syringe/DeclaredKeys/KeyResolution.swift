// The one resolution of a declared key, for every kind and every receiver: look the key up as an ordinary
// registration of its type, name and argument types; on the key's own miss, register its default in the root of
// the tree (once, `installDefault`) and resolve it. A synchronous resolve joins the resolution that asked; an awaited
// one resolves again (an awaited resolution reads the registry afresh at every resolve).

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

    /// Whether this container itself binds `key`.
    func bindsOwn(_ key: ServiceKey) -> Bool {
        registry.withLock { $0.bindings[key] != nil }
    }

    /// Whether this container or an ancestor binds `key`.
    func bindsInTree(_ key: ServiceKey) -> Bool {
        var container: Container? = self
        while let current = container {
            if current.bindsOwn(key) { return true }
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
    /// registration it was made from.
    func requireDefault<Service, each Argument>(
        _ key: ServiceKey, as serviceType: Service.Type, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        let packed = (repeat each arguments)
        guard let active = ResolvingThread.installed?.with({ $0.activeContext(of: self) }),
            let binding = RegistrySnapshot(of: self).binding(for: key)
        else {
            return try resolveTopLevel(
                key: key, as: Service.self, name: key.name, arguments: packed, joinsActive: false
            ) { argumentTypeList(repeat (each Argument).self) }
        }
        let request = WrappedRequest(
            key: key, name: key.name, arguments: ArgumentBox(packed),
            argumentTypes: argumentTypeList(repeat (each Argument).self))
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
    /// Binds `registration` under `key`, its own key, unless this container already binds `key`: the check and the
    /// binding are one step under the registry's lock, so a registration made by hand is never replaced by a
    /// default. Behaviors and re-injection hear of a default that was bound, as of any registration.
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
}

extension ServiceKeys {
    /// Registers the key's default in `container` unless the container already binds the key (the user's
    /// registration, or another thread's default): built, configured with the key's settings, then bound in one
    /// step under the registry's lock, so a registration made by hand is never replaced. One installation at a
    /// time per key; no lock is held while the settings run but the key's own. A key's settings that resolve the
    /// key itself re-enter here on the installing thread: nothing is installed then, and that resolve fails as a
    /// miss, never a deadlock.
    func installDefault(in container: Container) {
        let thread = currentThreadIdentity()
        guard installer.withLock({ $0 != thread }) else { return }
        installation.withLock { installations in
            installer.withLock { $0 = thread }
            defer { installer.withLock { $0 = 0 } }
            guard !container.bindsOwn(registryKey) else { return }
            installDefault(container)
            installations += 1
        }
    }

    /// For a key that ``answersUnregistered``: registers its default in the root of `container`'s tree unless the
    /// tree binds the key; returns whether it is bound now (`false` for any other key, or while the key's own
    /// settings install it). The lookup that follows then finds the default instead of the wrapper's empty answer.
    func installDefaultIfUnbound(in container: Container) -> Bool {
        guard answersUnregistered else { return false }
        if container.bindsInTree(registryKey) { return false }
        installDefault(in: container.root)
        return container.bindsInTree(registryKey)
    }

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

    /// The step every resolve of a key takes after its lookup failed with `error`: on the key's own miss, its
    /// default is registered in the root of `container`'s tree; any other error is thrown as it is.
    func installDefault(after error: ResolutionError, in container: Container) throws(ResolutionError) {
        guard isMiss(error) else { throw error }
        // A key declared before another of its type, name and argument types, and not used until then: its
        // default would answer the other key too.
        if let collision = KeyDeclarations.collision(of: self) { throw collisionError(collision) }
        installDefault(in: container.root)
    }

    /// The error of a resolve of this key, which `collision` breaks: it names every colliding declaration.
    func collisionError(_ collision: KeyCollision) -> ResolutionError {
        ResolutionError(kind: .keyCollision(collision), request: request)
    }

    /// Throws the key's collision error if another key with its type, name and argument types was declared before
    /// it: such a key would resolve the other key's registration.
    @usableFromInline
    func checkCollision() throws(ResolutionError) {
        guard collides, let collision = KeyDeclarations.collision(of: self) else { return }
        throw collisionError(collision)
    }

    /// A synchronous resolve of this key through `resolver` that failed with `error`: on the key's own miss, its
    /// default is registered and resolved, joining the resolution that asked.
    @usableFromInline
    func requireDefault<Service, each Argument>(
        after error: ResolutionError, through resolver: any Resolver, as serviceType: Service.Type,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        // The resolver a factory receives is the container; inside an `async` factory, the awaited resolution.
        if let container = resolver as? Container {
            try installDefault(after: error, in: container)
            return try container.requireDefault(registryKey, as: Service.self, arguments: repeat each arguments)
        }
        if let resolution = resolver as? AsyncResolution {
            try installDefault(after: error, in: resolution.root.container)
            return try resolution.require(Service.self, name: registryKey.name, arguments: repeat each arguments)
        }
        // A resolver of the user's own, not a container: there is no registry to keep the default in, so the
        // default factory makes the service on every such resolve (only synchronous keys have one to run).
        guard isMiss(error), let runDefault else { throw error }
        do {
            return try unpack(runDefault(resolver, (repeat each arguments)), as: Service.self) {
                ResolutionError(kind: .wrongInstanceType(actual: Service.self), request: request)
            }
        } catch let failure as ResolutionError {
            throw failure
        } catch {
            throw ResolutionError(kind: .factoryFailed(underlying: error), request: request)
        }
    }

    /// An awaited resolve of this key: `resolve` looks it up; on the key's own miss, its default is registered in
    /// the root of `container`'s tree and `resolve` runs again, finding it.
    func requireAwaited<Service>(
        in container: Container?, _ resolve: () async throws(ResolutionError) -> Service
    ) async throws(ResolutionError) -> Service {
        try checkCollision()
        if let container { _ = installDefaultIfUnbound(in: container) }
        do {
            return try await resolve()
        } catch {
            guard let container else { throw error }
            try installDefault(after: error, in: container)
            return try await resolve()
        }
    }

    /// ``requireAwaited(in:_:)`` from `container.async`, on the caller's executor (as `resolve` runs).
    nonisolated(nonsending) func requireAwaitedOnCallersExecutor<Service>(
        in container: Container, _ resolve: nonisolated(nonsending) () async throws(ResolutionError) -> Service
    ) async throws(ResolutionError) -> Service {
        _ = installDefaultIfUnbound(in: container)
        do {
            return try await resolve()
        } catch {
            try installDefault(after: error, in: container)
            return try await resolve()
        }
    }
}

extension ServiceKeys {
    /// A synchronous resolve of this key, with `arguments`, through `resolver`: the registration of the key's type,
    /// name and argument types, else its default (``requireDefault(after:through:as:arguments:)``). Every
    /// synchronous receiver, and `@Injected(.key)` filled synchronously, resolves a key here.
    @usableFromInline
    func require<Service, each Argument>(
        _ serviceType: Service.Type, from resolver: any Resolver, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try checkCollision()
        if answersUnregistered {
            // Installed now, the default is resolved as a first use resolves it (joining the running resolution).
            if let container = resolver as? Container, installDefaultIfUnbound(in: container) {
                return try container.requireDefault(registryKey, as: Service.self, arguments: repeat each arguments)
            }
            if let resolution = resolver as? AsyncResolution {
                _ = installDefaultIfUnbound(in: resolution.root.container)
            }
        }
        do {
            return try resolver.require(Service.self, name: registryKey.name, arguments: repeat each arguments)
        } catch {
            return try requireDefault(
                after: error, through: resolver, as: Service.self, arguments: repeat each arguments)
        }
    }
}
