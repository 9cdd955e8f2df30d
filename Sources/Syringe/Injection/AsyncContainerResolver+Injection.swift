extension AsyncContainerResolver {
    /// ``Container/inject(into:isolation:)`` with `await`: an `async` factory is awaited, a `@MainActor` one runs
    /// on the main actor. Re-injection stays synchronous, so a re-injected property's factory must not be `async`.
    ///
    /// ```swift
    /// final class ReportJob {
    ///     @Injected var database: Database
    /// }
    /// try await container.async.inject(into: ReportJob())
    /// ```
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
