extension ServiceEntry {
    /// Marks a singleton to be made ahead of its first use.
    ///
    /// An eager registration is made when the module that registers it finishes loading
    /// (``Container/load(_:)-(Assembly...)`` or an ``Assembler``, after every assembly of the call has assembled
    /// and before `loaded(resolver:)` runs), or when the app calls ``Container/startEagerSingletons()``. Only
    /// ``ObjectScope/container`` and ``ObjectScope/perContainer`` registrations without runtime arguments are
    /// made eagerly; the mark has no effect on other scopes.
    ///
    /// ```swift
    /// container.register(CrashReporter.self) { _ in CrashReporter() }
    ///     .inObjectScope(.container)
    ///     .eager()
    /// try container.startEagerSingletons()
    /// ```
    ///
    /// - Returns: This entry.
    @discardableResult
    public func eager() -> Self {
        registration.lifecycle.markEager(registration)
        return self
    }
}
