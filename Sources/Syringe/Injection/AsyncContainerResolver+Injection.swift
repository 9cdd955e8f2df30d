extension AsyncContainerResolver {
    /// Fills the `@Injected` properties of an object with `await`, `async` and actor-isolated services included,
    /// then tells it injection is complete (``InjectionCompletionAware``).
    ///
    /// The same as ``Container/inject(into:isolation:)`` (one resolution for all the properties, the same
    /// errors, the same completion callback and re-injection rules), except that each property is resolved as
    /// ``require(_:name:arguments:)`` resolves it: an `async` factory is awaited, a `@MainActor` one runs on the
    /// main actor. An optional property is `nil` when its type is not registered; an array property receives
    /// every registration of its element type, awaited in turn.
    ///
    /// ```swift
    /// container.register(Database.self) { _ in try await Database.connect() }.inObjectScope(.container)
    ///
    /// final class ReportJob {
    ///     @Injected var database: Database
    /// }
    ///
    /// let job = ReportJob()
    /// try await container.async.inject(into: job)
    /// ```
    ///
    /// A property marked `@Injected(reinjected: true)` is re-injected as by ``Container/inject(into:isolation:)``,
    /// on `isolation`: synchronously, so its registration must not be `async`.
    ///
    /// - Parameters:
    ///   - target: The object (or value) whose marked properties to fill.
    ///   - isolation: The caller's actor, found by the compiler; re-injection runs there.
    /// - Throws: ``ResolutionError`` for the first required property that cannot be resolved, with
    ///   ``ResolutionError/injectedProperty`` naming it and its owner. Properties before it are filled.
    public func inject<Target>(
        into target: Target, isolation: isolated (any Actor)? = #isolation
    ) async throws(ResolutionError) {
        let root = AsyncResolution.Root(container: container)
        let resolution = AsyncResolution(root: root)
        defer {
            resolution.end()
            root.finish()
        }
        try await PropertyInjector.fill(
            target, awaiting: resolution, registration: nil, reinjector: container, isolation: isolation)
        PropertyInjector.notifyCompletion(of: target, from: container)
    }
}
