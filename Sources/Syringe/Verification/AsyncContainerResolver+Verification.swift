extension AsyncContainerResolver {
    /// Verifies every registration, `async` and `@MainActor` ones included, and reports every problem at once.
    ///
    /// The synchronous and `@MainActor` registrations are verified on the main actor, as
    /// ``MainActorResolver/verify(samples:)`` does; then each registration with an `async` factory is awaited the
    /// same throwaway way: every instance, of every scope, lives only in that resolution's object graph, so no
    /// singleton is created or kept, and the synchronous registrations it reaches are checked as `verify()`
    /// checks them. Captive dependencies are found across `async` and synchronous factories. One report, one
    /// error: ``VerificationReport/asynchronous`` is empty unless a registration could not be reached at all.
    ///
    /// ```swift
    /// @Test func containerIsSound() async throws {
    ///     try await AppAssembler.makeContainer().async.verify { samples in
    ///         samples.provide(Session.self, argument: "ana")
    ///     }
    /// }
    /// ```
    ///
    /// > Warning: Factories run, with their side effects, as in ``Container/verify(samples:)``. Two child tasks
    /// > of one `async` factory that race for the same graph-scoped service may each make one, as in a normal
    /// > awaited resolution.
    ///
    /// - Parameter samples: Provides sample runtime arguments for registrations that take them; called once, on
    ///   the main actor.
    /// - Returns: What was verified and what could not be.
    /// - Throws: ``VerificationError`` listing every failed resolution and every captive dependency.
    @discardableResult
    public func verify(
        samples: @escaping @Sendable (VerificationSamples) -> Void = { _ in }
    ) async throws(VerificationError) -> VerificationReport {
        try await VerificationWalk(of: container).awaited(samples: samples).report()
    }
}
