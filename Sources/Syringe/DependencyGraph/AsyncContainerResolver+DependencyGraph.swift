// The dependency graph walked by an awaited verification: `async` factories and factories isolated to any actor
// (a global actor, an actor instance) are run too, so their nodes and edges are drawn instead of "not walked".

extension AsyncContainerResolver {
    /// The container's dependency graph with every registration walked: as ``Container/dependencyGraph(samples:)``,
    /// and `@MainActor`, `async` and actor-isolated registrations (`isolatedTo:` any global actor, `on:` an actor
    /// instance) are resolved too, each awaited, with the edges their factories resolve.
    ///
    /// The walk is the one ``verify(samples:)`` makes: the synchronous and `@MainActor` registrations on the main
    /// actor, then each `async` one awaited, its factory run on its actor; every instance lives only in that walk,
    /// so no singleton is created or kept. A registration is "not walked" only when it takes runtime arguments and
    /// no sample was given.
    ///
    /// ```swift
    /// let graph = await container.async.dependencyGraph()
    /// print(graph.mermaid)
    /// ```
    ///
    /// > Warning: Factories run, with their side effects, as in ``verify(samples:)``.
    ///
    /// - Parameter samples: Sample runtime arguments, so registrations that take them are walked too; called once, on
    ///   the main actor.
    /// - Returns: The graph, with ``DependencyGraph/mermaid`` and ``DependencyGraph/dot`` renderings.
    /// - Complexity: One resolution per registration and forwarded type, then O(*n* log *n* + *e*) to lay out.
    public func dependencyGraph(
        samples: @escaping @Sendable (VerificationSamples) -> Void = { _ in }
    ) async -> DependencyGraph {
        await VerificationWalk(of: container, drawing: true).awaited(samples: samples).graph
    }
}
