extension ServiceKeys.DeclaredKey where Parameters == ServiceKeys.Arguments, Execution == ServiceKeys.Synchronous {
    /// Declares a service whose value each request provides, with no default factory: a resolve of the key answers
    /// the value the running ``RequestScope`` was given (`RequestScope().provide(.key, value)`).
    ///
    /// Outside a running request scope, or in one that does not provide the value, a resolve throws
    /// ``ResolutionError/Kind/notProvidedByRequest(scopeRunning:)``. ``Container/verify(keys:samples:)`` and
    /// ``Container/dependencyGraph(keys:samples:)`` know such a key: run outside a request scope, they list it and
    /// the services that need it as provided by the request (``VerificationReport/providedByRequest``,
    /// ``DependencyGraph/NotWalkedReason/providedByRequest``) instead of failing; run inside a scope that provides
    /// the values, they check those services for real. A `.container` singleton that depends on it is a captive
    /// dependency. A test may register a value for the key (`register(.user) { _ in User.sample }`), which then
    /// answers as any registration does.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let account = Key<User>.providedByRequest(label: "account", name: "account")
    ///     static let greeting = Key<Greeting>(scope: .request) { r in Greeting(for: try r[.account]) }
    /// }
    /// let greeting = try RequestScope().provide(.account, User(name: "Ada")).run { try container[.greeting] }
    /// ```
    ///
    /// - Parameters:
    ///   - label: The key's name as the dependency graph shows it, usually its property's name (``label``).
    ///   - name: The registration name; `nil` (the default) for the unnamed registration of `Service`.
    ///   - fileID: Where the key is declared; recorded on its registration for messages.
    ///   - line: The line of the declaration.
    /// - Returns: The key.
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
    /// answers the value the running ``RequestScope`` was given (`RequestScope().provide(Type.self, value)`).
    ///
    /// Outside a running request scope, or in one that does not provide the value, a resolve throws
    /// ``ResolutionError/Kind/notProvidedByRequest(scopeRunning:)``. ``verify(samples:)`` and
    /// ``dependencyGraph(samples:)`` list it, and the services that need it, as provided by the request instead of
    /// failing (see ``ServiceKeys/DeclaredKey/providedByRequest(label:name:fileID:line:)``, the same for a declared
    /// key).
    ///
    /// ```swift
    /// container.registerProvidedByRequest(RequestID.self)
    /// container.register(AuditLog.self) { r in AuditLog(request: try r.require(RequestID.self)) }
    ///     .inObjectScope(.request)
    /// let log = try RequestScope().provide(RequestID.self, RequestID("abc")).run { try container.require(AuditLog.self) }
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type of the value.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration.
    /// - Returns: The registration, to forward with `implements`.
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
