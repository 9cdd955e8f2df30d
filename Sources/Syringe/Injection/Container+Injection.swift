extension Container {
    /// Fills the `@Injected` properties of an object the container did not make, then tells it injection is
    /// complete (``InjectionCompletionAware``).
    ///
    /// The properties are resolved in one resolution, as a factory's dependencies are: graph-scoped services are
    /// shared among them. Called from inside a factory or `initCompleted` closure of this container, it joins
    /// that resolution.
    ///
    /// ```swift
    /// final class SettingsViewController: UIViewController {
    ///     @Injected var store: SettingsStore
    ///     @Injected var analytics: Analytics?
    /// }
    ///
    /// let controller = SettingsViewController()
    /// try container.inject(into: controller)
    /// ```
    ///
    /// Classes are the usual targets. A struct works too, passed by value: an `@Injected` property keeps its
    /// value in a box that the struct's copies share, so the copy the caller keeps sees the filled values.
    ///
    /// A property marked `@Injected(reinjected: true)` must resolve to a registration that keeps one instance
    /// (`.container`, `.perContainer` or `.weak`), and its owner must be a class: the container then keeps the
    /// object, weakly, and fills the property again when that registration is registered again or its instance
    /// reset. Re-injection runs on the actor the object was injected on (`isolation`, the caller's by default):
    /// an object injected from `@MainActor` code is re-injected on the main actor.
    ///
    /// - Parameters:
    ///   - target: The object (or value) whose marked properties to fill.
    ///   - isolation: The caller's actor, found by the compiler; re-injection runs there.
    /// - Throws: ``ResolutionError`` for the first required property that cannot be resolved, with
    ///   ``ResolutionError/injectedProperty`` naming it and its owner. Properties before it are filled.
    /// - Complexity: One resolve per marked property, and one `Mirror` of the object: the first object of a type
    ///   is reflected in full, later ones only at their marked properties.
    public func inject<Target>(
        into target: Target, isolation: isolated (any Actor)? = #isolation
    ) throws(ResolutionError) {
        // Boxed once: each conversion of a `Target` to `Any` copies it into a new existential.
        let instance: Any = target
        let plan = PropertyInjector.plan(of: instance)
        // A kept `.container` instance of a class type is read as `resolve(_:)` reads it; the other properties
        // are filled in one resolution of this container (joining the running one).
        try PropertyInjector.fill(
            instance, plan: plan, quickReadsFrom: self, resolver: self, registration: nil, isolation: isolation)
        PropertyInjector.notifyCompletion(of: instance, plan: plan, from: self)
    }

    /// Runs `body` inside one resolution of this container, so that the resolves it makes on this container
    /// share one object graph and one path: the running resolution of this thread if there is one, else a new one
    /// in the thread's pooled context, as a top-level resolve starts (Container+Resolution.swift).
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
