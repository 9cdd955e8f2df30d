extension Container {
    /// Overrides a declared key in this container: the registration of the key's type and name, in the key's scope
    /// (when it sets one).
    ///
    /// It replaces the key's default, or an earlier override, for this container and the containers below it
    /// (children, derived test containers); the parent's registration is unchanged. It is an ordinary
    /// registration: configure it further as any other (`inObjectScope`, `initCompleted`, `implements`).
    ///
    /// ```swift
    /// let test = app.derived { c in
    ///     c.register(.api) { _ in MockAPI() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service, resolving its dependencies through the resolver it receives.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func register<Service>(
        _ key: ServiceKeys.Key<Service>,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any Resolver) throws -> Service
    ) -> ServiceEntry<Service> {
        let entry = register(Service.self, name: key.name, fileID: fileID, line: line, factory: factory)
        if let scope = key.scope { entry.inObjectScope(scope) }
        return entry
    }
}
