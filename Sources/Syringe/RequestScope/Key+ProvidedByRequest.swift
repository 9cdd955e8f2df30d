extension ServiceKeys.DeclaredKey where Parameters == ServiceKeys.Arguments, Execution == ServiceKeys.Synchronous {
    /// Declares a service whose value each request provides, with no default factory: a resolve answers the value
    /// the running ``RequestScope`` was given, and throws ``ResolutionError/Kind/notProvidedByRequest(scopeRunning:)``
    /// outside a scope or when the scope does not provide it. Verification lists such keys as provided by the request.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let account = Key<User>.providedByRequest(label: "account", name: "account")
    ///     static let greeting = Key<Greeting>(scope: .request) { r in Greeting(for: try r[.account]) }
    /// }
    /// let greeting = try RequestScope().provide(.account, User(name: "Ada")).run { try container[.greeting] }
    /// ```
    public static func providedByRequest(
        label: String? = nil, name: String? = nil, fileID: String = #fileID, line: UInt = #line
    ) -> ServiceKeys.DeclaredKey<Service, Parameters, Execution> {
        let request = ServiceRequest(serviceType: Service.self, name: name)
        return ServiceKeys.DeclaredKey(
            label: label, name: name, scope: nil, settings: nil, fileID: fileID, line: line,
            runDefault: { _, _ in
                do {
                    return try RequestScopeFailure.providedValue(Service.self, name: name)
                } catch let failure as RequestScopeFailure {
                    throw ResolutionError(kind: failure.kind, request: request)
                }
            }
        ) { container, _ in
            container.providedByRequestRegistration(Service.self, name: name, fileID: fileID, line: line)
        }
    }
}

extension Container {
    /// Registers `serviceType` (with `name`) as a value each request provides, with no factory of its own: a resolve
    /// answers the value the running ``RequestScope`` was given, as
    /// ``ServiceKeys/DeclaredKey/providedByRequest(label:name:fileID:line:)`` does for a key.
    ///
    /// ```swift
    /// container.registerProvidedByRequest(RequestID.self)
    /// container.register(AuditLog.self) { r in AuditLog(request: try r.require(RequestID.self)) }
    ///     .inObjectScope(.request)
    /// let log = try RequestScope().provide(RequestID.self, RequestID("abc")).run { try container.require(AuditLog.self) }
    /// ```
    @discardableResult
    public func registerProvidedByRequest<Service>(
        _ serviceType: Service.Type, name: String? = nil, fileID: String = #fileID, line: UInt = #line
    ) -> ServiceEntry<Service> {
        let registration = providedByRequestRegistration(Service.self, name: name, fileID: fileID, line: line)
        return ServiceEntry(
            registration: add(registration, as: Service.self, arguments: noArgumentsKey), container: self)
    }

    /// A registration of `Service` whose factory answers the value the running request scope provides.
    func providedByRequestRegistration<Service>(
        _: Service.Type, name: String?, fileID: String, line: UInt
    ) -> Registration {
        PlainRegistration(
            body: { _ in try RequestScopeFailure.providedValue(Service.self, name: name) }, name: name, fileID: fileID,
            line: line, configuration: .of(scope: ObjectScope.providedByRequest, completions: []), lifecycle: lifecycle
        )
    }
}
