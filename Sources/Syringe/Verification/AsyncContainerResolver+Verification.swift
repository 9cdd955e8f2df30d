extension AsyncContainerResolver {
    /// Verifies every registration, `async` and `@MainActor` ones included, and reports every problem at once.
    ///
    /// The synchronous and `@MainActor` registrations are verified on the main actor, then each `async` one is
    /// awaited in a throwaway graph of its own (no singleton is created or kept).
    ///
    /// ```swift
    /// @Test func containerIsSound() async throws {
    ///     try await AppAssembler.makeContainer().async.verify { samples in
    ///         samples.provide(Session.self, argument: "ana")
    ///     }
    /// }
    /// ```
    ///
    /// > Warning: Factories run, with their side effects, as in ``Container/verify(samples:)``. `samples` is called
    /// > once, on the main actor.
    @discardableResult
    public func verify(
        samples: @escaping @Sendable (VerificationSamples) -> Void = { _ in }
    ) async throws(VerificationError) -> VerificationReport {
        try await VerificationWalk(of: container).awaited(samples: samples).report()
    }
}
