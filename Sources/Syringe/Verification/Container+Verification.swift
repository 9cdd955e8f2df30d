extension Container {
    /// Resolves every registration once, in a throwaway way, and reports every problem at once.
    ///
    /// Each registration visible from this container (its own and its ancestors', named ones and every type
    /// forwarded with `implements`) is resolved in a fresh object graph. Instances of every scope are kept in
    /// that graph only: no singleton is created or stored, singletons that already exist are not reused (their
    /// factories run again, to check them), and nothing is left in the container afterwards.
    ///
    /// It reports:
    /// - every registration that cannot be resolved, with its ``ResolutionError`` (a missing dependency, a
    ///   cycle, a factory that throws, a forwarded type the instance does not conform to…);
    /// - every captive dependency: a `.container`-scoped registration whose factory or `initCompleted`
    ///   closures resolve, directly or through others, a `.transient`, `.graph` or `.weak` one. Accept an
    ///   intended capture with ``ServiceEntry/allowsCaptiveDependencies()``;
    /// - registrations that take runtime arguments, as not verifiable, unless `samples` provides arguments;
    /// - registrations with an `async` or actor-isolated factory, as not verifiable: a synchronous call cannot
    ///   run them (resolve them in a test with `try await container.async.require(…)`). A synchronous
    ///   factory that depends on an `async` one is a failure, as its synchronous resolve would be;
    /// - `@MainActor` registrations (`isolatedTo: MainActor.self`), and synchronous ones that depend on them,
    ///   with the `async` ones, as not verifiable: only main-actor code may run them. Call
    ///   ``MainActorResolver/verify(samples:)`` (`container.mainActor.verify()`) from main-actor code to verify
    ///   them for real, in the same report, or ``AsyncContainerResolver/verify(samples:)``
    ///   (`try await container.async.verify()`) to verify the `async` ones as well.
    ///
    /// ```swift
    /// let container = Container()
    /// container.register(Animal.self, name: "dog") { _, name in Dog(name: name) }
    /// container.register(PetOwner.self) { r in PetOwner(pet: try r.require(Animal.self, name: "dog", argument: "Hachi")) }
    ///
    /// // In a unit test, or at start-up in debug builds:
    /// try container.verify { samples in
    ///     samples.provide(Animal.self, name: "dog", arguments: "Hachi")
    /// }
    /// ```
    ///
    /// > Warning: Factories run, with their side effects. Verification sees only what factories resolve
    /// > through the resolver they receive: a factory that resolves through a captured container, or a
    /// > ``Lazy`` or ``Provider`` used inside a factory, resolves normally and may create singletons.
    ///
    /// - Parameter samples: Provides sample runtime arguments for registrations that take them.
    /// - Returns: What was verified and what could not be (registrations lacking sample arguments).
    /// - Throws: ``VerificationError`` listing every failed resolution and every captive dependency.
    /// - Complexity: One resolution per registration and forwarded type.
    @discardableResult
    public func verify(
        samples: (VerificationSamples) -> Void = { _ in }
    ) throws(VerificationError) -> VerificationReport {
        try VerificationWalk(of: self).walked(samples: samples).report()
    }
}

/// What became of one registration in a verification walk.
enum VerificationOutcome {
    case verified
    /// Its resolution failed; `origin` is the innermost registration whose factory (or scope) failed, if the
    /// failure happened inside one.
    case failed(ResolutionError, origin: Registration?)
    /// Its factory is `async` (or isolated to another global actor).
    case asynchronous
    /// It is, or depends on, a `@MainActor` registration, and the walk does not run on the main actor.
    case mainActor
    /// It takes runtime arguments and no sample was given.
    case needsArguments
    /// It is, or depends on, a value each request provides, and no request scope runs.
    case providedByRequest
}

extension ResolutionContext {
    /// Resolves `key` as the service type known only at run time, checking the instance's type as a typed
    /// resolve does.
    @discardableResult
    func resolveOpened(
        key: ServiceKey, as serviceType: Any.Type, name: String?, arguments: Any, argumentTypes: [Any.Type]
    ) throws(ResolutionError) -> Any {
        func resolve<Service>(_: Service.Type) throws(ResolutionError) -> Any {
            try self.resolve(key: key, as: Service.self, name: name, arguments: arguments) { argumentTypes }
        }
        return try resolve(serviceType)
    }
}
