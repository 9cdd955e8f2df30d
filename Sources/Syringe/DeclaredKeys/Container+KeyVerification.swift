extension Container {
    /// Verifies every registration, as ``verify(samples:)`` does, and the default of each of `keys` not registered
    /// yet (listed in ``VerificationReport/unusedKeyDefaults``), without registering it.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let all: [ServiceKeys] = [api, session, prices]
    /// }
    /// let report = try container.verify(keys: ServiceKeys.all)
    /// ```
    @discardableResult
    public func verify(
        keys: [ServiceKeys], samples: (VerificationSamples) -> Void = { _ in }
    ) throws(VerificationError) -> VerificationReport {
        try VerificationWalk(of: self, keys: keys).walked(samples: samples).report()
    }

    /// The dependency graph, as ``dependencyGraph(samples:)`` draws it, with the default of each of `keys` not
    /// registered yet drawn in the group ``unusedKeyGroup``.
    ///
    /// ```swift
    /// print(container.dependencyGraph(keys: ServiceKeys.all).mermaid)
    /// ```
    public func dependencyGraph(
        keys: [ServiceKeys], samples: (VerificationSamples) -> Void = { _ in }
    ) -> DependencyGraph {
        VerificationWalk(of: self, keys: keys, drawing: true).walked(samples: samples).graph
    }

    /// The group in which ``dependencyGraph(keys:samples:)`` draws the defaults of keys not used yet.
    ///
    /// ```swift
    /// let unused = graph.nodes.filter { $0.module == Container.unusedKeyGroup }
    /// ```
    public static let unusedKeyGroup = "declared keys, default not used yet"

    /// A child of this container that registers the defaults of the keys this one does not resolve yet, with their
    /// descriptions, leaving this container as it was. A plain child, not a derived container: the walk then records
    /// dependencies on this container's shared registrations themselves, not on stand-ins.
    func keyProbe(for keys: [ServiceKeys]) -> (Container, [RegistrationDescription]) {
        let probe = Container(parent: self, defaultObjectScope: root.defaultObjectScope)
        var unused: [RegistrationDescription] = []
        var seen: Set<ServiceKey> = []
        for key in keys where seen.insert(key.registryKey).inserted && !bindsInTree(key.registryKey) {
            key.installDefault(in: probe)
            if let binding = probe.registry.withLock({ $0.bindings[key.registryKey] }) {
                unused.append(binding.registration.describe())
            }
        }
        return (probe, unused)
    }
}

extension MainActorResolver {
    /// ``Container/verify(keys:samples:)`` from main-actor code, so `@MainActor` factories run too.
    ///
    /// ```swift
    /// @Test @MainActor func keysAreSoundOnMainActor() throws {
    ///     try container.mainActor.verify(keys: ServiceKeys.all)
    /// }
    /// ```
    @MainActor
    @discardableResult
    public func verify(
        keys: [ServiceKeys], samples: (VerificationSamples) -> Void = { _ in }
    ) throws(VerificationError) -> VerificationReport {
        try VerificationWalk(of: container, keys: keys).walkedOnMainActor(samples: samples).report()
    }
}

extension AsyncContainerResolver {
    /// ``Container/verify(keys:samples:)``, awaited, so `async` and actor-isolated factories run too: the one check
    /// of an app built from declared keys.
    ///
    /// ```swift
    /// @Test func keysAreSound() async throws {
    ///     try await container.async.verify(keys: ServiceKeys.all)
    /// }
    /// ```
    @discardableResult
    public func verify(
        keys: [ServiceKeys], samples: @escaping @Sendable (VerificationSamples) -> Void = { _ in }
    ) async throws(VerificationError) -> VerificationReport {
        try await VerificationWalk(of: container, keys: keys).awaited(samples: samples).report()
    }

    /// ``Container/dependencyGraph(keys:samples:)``, walked with `await`.
    ///
    /// ```swift
    /// print(await container.async.dependencyGraph(keys: ServiceKeys.all).mermaid)
    /// ```
    public func dependencyGraph(
        keys: [ServiceKeys], samples: @escaping @Sendable (VerificationSamples) -> Void = { _ in }
    ) async -> DependencyGraph {
        await VerificationWalk(of: container, keys: keys, drawing: true).awaited(samples: samples).graph
    }
}
