extension AsyncContainerResolver {
    /// The container's dependency graph, as ``Container/dependencyGraph(samples:)``, with `@MainActor`, `async` and
    /// actor-isolated registrations awaited too (the walk of ``verify(samples:)``, whose factories run).
    ///
    /// ```swift
    /// print(await container.async.dependencyGraph().mermaid)
    /// ```
    public func dependencyGraph(
        samples: @escaping @Sendable (VerificationSamples) -> Void = { _ in }
    ) async -> DependencyGraph {
        await VerificationWalk(of: container, drawing: true).awaited(samples: samples).graph
    }
}
