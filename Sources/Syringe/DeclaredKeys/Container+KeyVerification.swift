// `verify()` and `dependencyGraph()` with declared keys that may not have been used yet.
//
// A key used once is an ordinary registration, which `verify()` and `dependencyGraph()` see as any other. A key
// never used is a `static let` nobody has read: Swift cannot list the static members of a type at run time, so
// those keys are named by the caller (`verify(keys: [ServiceKeys.api, …])`, or a list of the app's keys kept next
// to them). Their defaults are then checked in a child container that registers them, so that the container
// itself is left as it was (nothing registered, no instance kept).

extension Container {
    /// Verifies every registration, as ``verify(samples:)`` does, and the default of each of `keys` that this
    /// container and its ancestors do not register yet (a key not used so far), without registering it here.
    ///
    /// The defaults not used yet are listed in the report's ``VerificationReport/unusedKeyDefaults`` (and
    /// among ``VerificationReport/verified`` when they resolve). A key that was used, or overridden, is an
    /// ordinary registration and is verified as one.
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

    /// The dependency graph, as ``dependencyGraph(samples:)`` draws it, with the default of each of `keys` that is
    /// not registered yet drawn too, in a group of its own (its node's ``DependencyGraph/Node/module`` is
    /// ``unusedKeyGroup``).
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

    /// A child of this container that registers the defaults of the keys this one does not resolve yet, in the
    /// scope the root would give them, with the descriptions of those defaults. A plain child, not a derived
    /// container: verification keeps no instance anyway, and the walk then records the dependencies on this
    /// container's shared registrations themselves (not on a derived container's stand-ins).
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
    /// Verifies every registration from main-actor code, as ``verify(samples:)`` does (so `@MainActor` factories
    /// run too), and the default of each of `keys` not used yet, without registering it in the container.
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
    /// Verifies every registration, awaited, as ``verify(samples:)`` does (so `async` and actor-isolated factories
    /// run too), and the default of each of `keys` not used yet, of any kind, without registering it in the
    /// container: the one check of an app built from declared keys, before their first use.
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

    /// The dependency graph walked with `await`, as ``dependencyGraph(samples:)`` draws it, with the default of each
    /// of `keys` not used yet drawn too, in the group ``Container/unusedKeyGroup``.
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
