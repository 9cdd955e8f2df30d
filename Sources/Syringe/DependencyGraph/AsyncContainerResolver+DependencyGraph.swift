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
    /// - Parameter samples: Sample runtime arguments, so registrations that take them are walked too; called on the
    ///   main actor and again for the `async` registrations.
    /// - Returns: The graph, with ``DependencyGraph/mermaid`` and ``DependencyGraph/dot`` renderings.
    /// - Complexity: One resolution per registration and forwarded type, then O(*n* log *n* + *e*) to lay out.
    public func dependencyGraph(
        samples: @escaping @Sendable (VerificationSamples) -> Void = { _ in }
    ) async -> DependencyGraph {
        let container = self.container
        let verification = AsyncVerification(recordsDependencies: true)
        // The synchronous and `@MainActor` registrations, on the main actor; the `async` ones are set aside.
        let synchronous = await MainActor.run { () -> [VisitedRegistration] in
            MainActorPermit.$thread.withValue(currentThreadIdentity()) {
                var visited: [VisitedRegistration] = []
                let recorder = VerificationRecorder(recordsDependencies: true)
                _ = try? container.verify(samples: samples, recorder: recorder) { registration, description, outcome in
                    visited.append(VisitedRegistration(registration: registration, description: description, outcome: outcome))
                }
                verification.merge(recorder)
                return visited
            }
        }
        var outcomes = synchronous.filter {
            if case .asynchronous = $0.outcome { false } else { true }
        }
        let pending = synchronous.compactMap { visited -> SynchronousWalk.Pending? in
            guard case .asynchronous = visited.outcome else { return nil }
            return SynchronousWalk.Pending(registration: visited.registration, description: visited.description)
        }
        _ = await walkAsynchronous(pending, samples: samples, verification: verification) {
            outcomes.append(VisitedRegistration(registration: $0, description: $1, outcome: $2))
        }
        return verification.withFindings { recorder in
            DependencyGraphBuilder(
                container: container, recorder: recorder,
                outcomes: outcomes.map { ($0.registration, $0.description, $0.outcome) }
            ).graph
        }
    }
}

/// What became of one registration in a walk, handed back from the main actor.
struct VisitedRegistration: Sendable {
    let registration: Registration
    let description: RegistrationDescription
    let outcome: VerificationOutcome
}
