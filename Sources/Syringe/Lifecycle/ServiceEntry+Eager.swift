extension ServiceEntry {
    /// Marks a singleton to be made ahead of its first use: when its module finishes loading (before
    /// `loaded(resolver:)` runs) or at ``Container/startEagerSingletons()``. Only ``ObjectScope/container`` and
    /// ``ObjectScope/perContainer`` registrations are made eagerly; other scopes ignore the mark.
    ///
    /// ```swift
    /// container.register(CrashReporter.self) { _ in CrashReporter() }
    ///     .inObjectScope(.container)
    ///     .eager()
    /// ```
    @discardableResult
    public func eager() -> Self {
        registration.lifecycle.markEager(registration)
        return self
    }
}
