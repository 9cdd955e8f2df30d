/// A shorter-lived service captured by a `.container`-scoped one, which keeps one instance of it for good while
/// other resolves get new ones: ``Container/verify(samples:)`` reports it, unless
/// ``ServiceEntry/allowsCaptiveDependencies()`` marks it intended.
///
/// ```swift
/// for captive in error.captiveDependencies { print(captive.owner, "captures", captive.captured) }
/// ```
public struct CaptiveDependency: Sendable, Hashable, CustomStringConvertible {
    /// The `.container`-scoped registration that keeps the dependency.
    ///
    /// ```swift
    /// print(captive.owner) // Cache [container] at MyApp/App.swift:11
    /// ```
    public let owner: RegistrationDescription
    /// The shorter-lived registration it captures.
    ///
    /// ```swift
    /// print(captive.captured.scope) // transient
    /// ```
    public let captured: RegistrationDescription
    /// The requests from the owner down to the captured service, inclusive.
    ///
    /// ```swift
    /// print(captive.path.map(\.description).joined(separator: " -> ")) // Cache -> Clock
    /// ```
    public let path: [ServiceRequest]

    /// Creates a finding. ``Container/verify(samples:)`` creates these.
    ///
    /// ```swift
    /// let captive = CaptiveDependency(owner: cacheRegistration, captured: clockRegistration, path: [])
    /// ```
    public init(owner: RegistrationDescription, captured: RegistrationDescription, path: [ServiceRequest]) {
        self.owner = owner
        self.captured = captured
        self.path = path
    }

    /// The finding as text, with the path and how to fix it.
    ///
    /// ```swift
    /// print(captive)  // Cache [container] at MyApp/App.swift:10 captures Clock [transient] at …
    /// ```
    public var description: String {
        let ownerType = typeName(owner.request.serviceType)
        return [
            "\(owner) captures \(captured)",
            "    Path: " + path.map(\.description).joined(separator: " -> "),
            "    The singleton \(ownerType) keeps one \(captured.request) for the container's lifetime, while other resolves get new ones.",
            "    To fix: give \(typeName(captured.request.serviceType)) the .container scope, inject a Provider<\(typeName(captured.request.serviceType))> instead, or mark the \(ownerType) registration with .allowsCaptiveDependencies() if the capture is intended.",
        ].joined(separator: "\n")
    }
}

extension ServiceEntry {
    /// Accepts that this `.container`-scoped service keeps shorter-lived dependencies for its whole life:
    /// ``Container/verify(samples:)`` stops reporting them as captive dependencies.
    ///
    /// ```swift
    /// container.register(Cache.self) { r in Cache(clock: try r.require(Clock.self)) }
    ///     .inObjectScope(.container)
    ///     .allowsCaptiveDependencies()  // one (transient) clock for the cache's life is fine
    /// ```
    @discardableResult
    public func allowsCaptiveDependencies() -> Self {
        registration.state.withLock { $0.allowsCaptiveDependencies = true }
        return self
    }
}
