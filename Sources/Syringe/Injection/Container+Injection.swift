extension Container {
    /// Fills the `@Injected` properties of an object the container did not make, in one resolution (joining the
    /// running one inside a factory), then tells it (``InjectionCompletionAware``).
    ///
    /// Throws for the first required property that cannot be resolved (``ResolutionError/injectedProperty``
    /// names it). A re-injected property's object is kept weakly and re-injected on `isolation`, the caller's actor.
    ///
    /// ```swift
    /// final class SettingsViewController: UIViewController {
    ///     @Injected var store: SettingsStore
    /// }
    /// try container.inject(into: SettingsViewController())
    /// ```
    public func inject<Target>(
        into target: Target, isolation: isolated (any Actor)? = #isolation
    ) throws(ResolutionError) {
        // Boxed once: each conversion of a `Target` to `Any` copies it into a new existential.
        let instance: Any = target
        let plan = PropertyInjector.plan(of: instance)
        try PropertyInjector.fill(
            instance, plan: plan, quickReadsFrom: self, resolver: self, registration: nil, isolation: isolation)
        PropertyInjector.notifyCompletion(of: instance, plan: plan, from: self)
    }

    /// Runs `body` inside one resolution of this container (one object graph, one path): the thread's running
    /// one if any, else a new one, as a top-level resolve starts (Container+Resolution.swift).
    func inOneResolution(_ body: () throws(ResolutionError) -> Void) throws(ResolutionError) {
        let installed = ResolvingThread.installed
        if installed?.with({ $0.activeContext(of: self) }) != nil {
            return try body()
        }
        // The thread's state is used without retaining it (its slot owns it); only a state made now is held.
        var made: ResolvingThread?
        let thread = ResolvingThread.borrowed(installed, keepingAlive: &made)
        defer { withExtendedLifetime(made) {} }
        // A reading section without its quick read: the resolves inside take locks.
        let quick = thread.with { $0.enterReadingWithQuickRead() }
        defer { thread.with { $0.leaveReading() } }
        if quick { thread.with { $0.endQuickRead() } }
        try thread.withResolution(of: self, registry: RegistryView(of: self), graph: pinnedGraph) {
            _ throws(ResolutionError) in try body()
        }
    }
}
