extension Container {
    /// Resolves every visible registration (and forwarded type) once, in a throwaway object graph, and throws a
    /// ``VerificationError`` listing every failed resolution and captive dependency.
    ///
    /// No singleton is created, reused or left behind. Registrations that take runtime arguments without a sample,
    /// and `async`, actor-isolated or `@MainActor` ones, are reported as not verified (see
    /// ``AsyncContainerResolver/verify(samples:)`` and ``MainActorResolver/verify(samples:)``).
    ///
    /// ```swift
    /// try container.verify { samples in samples.provide(Animal.self, name: "dog", arguments: "Hachi") }
    /// ```
    ///
    /// > Warning: Factories run, with their side effects. What a factory resolves through a captured container,
    /// > a ``Lazy`` or a ``Provider`` resolves normally and may create singletons.
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
    /// `origin`: the innermost registration whose factory (or scope) failed, if any.
    case failed(ResolutionError, origin: Registration?)
    /// Set aside: an `async` one, until the walk awaits it.
    case notWalked(DependencyGraph.NotWalkedReason)
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
