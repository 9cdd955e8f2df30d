// The one resolution of a declared key: look it up as an ordinary registration; on the key's own miss, register its
// default in the root of the tree (once) and resolve it. A synchronous resolve joins the resolution that asked; an
// awaited one resolves again (it reads the registry afresh at every resolve).

extension Container {
    /// The container at the top of this one's tree: where a key's default is kept, shared by the whole tree.
    var root: Container {
        var container = self
        while let parent = container.parent { container = parent }
        return container
    }

    func configuration(for scope: ObjectScope?) -> Registration.Configuration {
        guard let scope else { return defaultConfiguration }
        return .of(scope: scope, completions: [])
    }

    func bindsOwn(_ key: ServiceKey) -> Bool {
        registry.withLock { $0.bindings[key] != nil }
    }

    func bindsInTree(_ key: ServiceKey) -> Bool {
        var container: Container? = self
        while let current = container {
            if current.bindsOwn(key) { return true }
            container = current.parent
        }
        return false
    }

    /// Resolves `key`, whose default was just registered. Inside a resolution of this container running on this
    /// thread it joins it (one object graph, cycles found, the whole path in errors), looking the binding up afresh:
    /// the running resolution's registry view predates the default. Anywhere else it is a resolution of its own.
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
    /// Binds `registration` under `key` unless this container already binds it, in one step under the registry's
    /// lock, so a registration made by hand is never replaced by a default. Behaviors and re-injection hear of it.
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
    /// Registers the key's default in `container` unless the container already binds the key. One installation at
    /// a time per key, holding no lock but the key's own while the settings run; settings that resolve the key
    /// re-enter here on the installing thread, install nothing, and that resolve fails as a miss (no deadlock).
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

    /// For a key that ``answersUnregistered``: registers its default in the root unless the tree binds the key, so
    /// the lookup finds it instead of the wrapper's empty answer; returns whether it installed and bound it.
    func installDefaultIfUnbound(in container: Container) -> Bool {
        guard answersUnregistered else { return false }
        if container.bindsInTree(registryKey) { return false }
        installDefault(in: container.root)
        return container.bindsInTree(registryKey)
    }

    /// Whether `error` says that no registration answers this key's own request (not a dependency's miss).
    func isMiss(_ error: ResolutionError) -> Bool {
        guard ObjectIdentifier(error.request.serviceType) == ObjectIdentifier(serviceType),
            error.request.name == registryKey.name
        else { return false }
        switch error.kind {
        case .notRegistered, .nameMismatch, .argumentMismatch, .optionalityMismatch: return true
        default: return false
        }
    }

    /// After a lookup failed with `error`: on the key's own miss, registers its default in the root; else throws.
    func installDefault(after error: ResolutionError, in container: Container) throws(ResolutionError) {
        guard isMiss(error) else { throw error }
        // A key declared before a colliding one, unused until then: its default would answer the other key too.
        if let collision = KeyDeclarations.collision(of: self) { throw collisionError(collision) }
        installDefault(in: container.root)
    }

    func collisionError(_ collision: KeyCollision) -> ResolutionError {
        ResolutionError(kind: .keyCollision(collision), request: request)
    }

    /// Throws if another key with its type, name and argument types was declared before it.
    @usableFromInline
    func checkCollision() throws(ResolutionError) {
        guard collides, let collision = KeyDeclarations.collision(of: self) else { return }
        throw collisionError(collision)
    }

    /// After a synchronous resolve failed with `error`: on the key's own miss, registers the default and resolves it.
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
        // A resolver of the user's own has no registry to keep the default in: the default factory runs every time.
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

    /// An awaited resolve: `resolve` looks the key up; on its own miss, the default is registered and `resolve` reruns.
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
    /// A synchronous resolve of this key through `resolver`: its registration, else its default. Every synchronous
    /// receiver, and `@Injected(.key)` filled synchronously, resolves a key here.
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
