// The context is decided when registrations are made, so resolves pay nothing. The registry remembers, per key, the
// precedence of the context whose registration holds it, and `add` skips a later registration of a lower one; while
// no context was ever used, that costs `add` one check of `LaunchPrecedences.isInUse`.

extension Container {
    /// Makes the registrations of `register` only when the process was launched in one of `contexts`.
    ///
    /// `register` runs at once, with this container, if ``LaunchEnvironment/current`` matches one of the
    /// contexts. Its registrations take precedence over those made outside any context, before or after, and over
    /// those of contexts of lower precedence (see ``LaunchContext``).
    ///
    /// ```swift
    /// container.register(API.self) { _ in LiveAPI() }
    /// container.whenLaunched(.argument("-mockAPI"), .preview) { c in c.register(API.self) { _ in MockAPI() } }
    /// ```
    ///
    /// > Important: In a release build of Syringe, only ``LaunchContext/simulator`` and arguments allowed in
    /// > release can match: anyone can launch a shipped app with any argument or environment variable.
    ///
    /// - Returns: Whether `register` ran.
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
    /// Whether `registration` may bind `key` in `container`: not when one of a launch context of higher precedence
    /// holds it (outside any context: 0). Records it as the key's holder when it is made in a context.
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
