// Launch contexts (LaunchContext.swift): registrations that apply only when the process was launched a certain way.
//
// The context is decided when the registrations are made, so resolves pay nothing. Which registration holds a key
// does not depend on the order they were made in: the registry remembers, per key, the precedence of the context
// whose registration holds it, and `add` (Container+Registration.swift) skips a later registration of a lower one.
// While no context was ever used, that costs `add` one check of `LaunchPrecedences.isInUse` under the lock it
// already holds.

extension Container {
    /// Makes the registrations of `register` only when the process was launched in one of `contexts`.
    ///
    /// `register` runs at once, with this container, if ``LaunchEnvironment/current`` matches one of the
    /// contexts, and not at all otherwise. Its registrations take precedence over this container's registrations
    /// of the same services made outside any context, made before or after, and over those of contexts of lower
    /// precedence (see ``LaunchContext``): a UI test's `-mockAPI` argument wins over the preview's, which wins over
    /// a test run's. Everything `register` can do works: any `register` form, `autoregister`, values, scopes.
    ///
    /// ```swift
    /// container.register(API.self) { _ in LiveAPI() }.inObjectScope(.container)
    /// container.whenLaunched(.argument("-mockAPI")) { c in
    ///     c.register(API.self) { _ in MockAPI() }.inObjectScope(.container)
    /// }
    /// container.whenLaunched(.preview, .test) { c in
    ///     c.register(Analytics.self) { _ in SilentAnalytics() }
    /// }
    /// ```
    ///
    /// A registration that a registration of a higher context holds the key against is not made: its entry can be
    /// configured but is never resolved. Inside `withOverrides` or a derived container, the same call limits an
    /// override to a context.
    ///
    /// > Important: In a release build of Syringe (no `DEBUG` compilation condition), ``LaunchContext/preview``,
    /// > ``LaunchContext/test`` and ``LaunchContext/environment(_:equals:)`` never match, and
    /// > ``LaunchContext/argument(_:allowedInRelease:)`` matches only if allowed: anyone can launch a shipped app
    /// > with any argument or environment variable. Allow an argument only for what a UI test of the release build
    /// > needs, and what is safe in a user's hands.
    ///
    /// ```swift
    /// // Debug builds, and release builds launched with the argument (UI tests of the Release configuration):
    /// container.whenLaunched(.argument("-uiTestStubs", allowedInRelease: true)) { c in
    ///     c.register(API.self) { _ in StubAPI() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - contexts: The contexts in which the registrations apply; any one is enough.
    ///   - register: Makes the registrations, on the container it receives (this one).
    /// - Returns: Whether the process was launched in one of the contexts (and `register` ran).
    @discardableResult
    public func whenLaunched(_ contexts: LaunchContext..., register: (Container) -> Void) -> Bool {
        let environment = LaunchEnvironment.current
        guard let precedence = contexts.filter(environment.matches).map(\.precedence).max() else { return false }
        registry.withLock { $0.launch.activeContexts += 1 }
        defer { registry.withLock { $0.launch.activeContexts -= 1 } }
        LaunchPrecedences.$registering.withValue(.init(container: ObjectIdentifier(self), precedence: precedence)) {
            register(self)
        }
        return true
    }
}

/// Per key, the precedence of the launch context whose registration holds it, in the registry.
struct LaunchPrecedences {
    /// The registration that holds a key, and its context's precedence.
    struct Holder {
        let registration: ObjectIdentifier
        let precedence: Int
    }

    /// The container ``Container/whenLaunched(_:register:)`` registers into on this task, and its precedence.
    struct Registering: Sendable {
        let container: ObjectIdentifier
        let precedence: Int
    }

    @TaskLocal static var registering: Registering?

    var holders = [ServiceKey: Holder]()
    /// How many `whenLaunched` calls run on this container now.
    var activeContexts = 0

    /// Whether a context was used: only then does a registration look at the holders.
    var isInUse: Bool { activeContexts > 0 || !holders.isEmpty }
}

extension Container.Registry {
    /// Whether `registration`, about to bind `key` in `container`, may: not when a registration of a launch context
    /// of higher precedence holds the key (registrations outside any context have precedence 0). Records the
    /// registration as the key's holder when it is made in a context.
    mutating func admitsLaunch(_ registration: Registration, for key: ServiceKey, in container: Container) -> Bool {
        let registering = LaunchPrecedences.registering
        let precedence = registering?.container == ObjectIdentifier(container) ? registering?.precedence ?? 0 : 0
        if let holder = launch.holders[key], holder.precedence > precedence,
            let bound = bindings[key], ObjectIdentifier(bound.registration) == holder.registration
        {
            return false
        }
        launch.holders[key] =
            precedence > 0
            ? LaunchPrecedences.Holder(registration: ObjectIdentifier(registration), precedence: precedence) : nil
        return true
    }
}
