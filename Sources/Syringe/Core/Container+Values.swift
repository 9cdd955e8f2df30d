// Values and existing instances: ordinary typed registrations whose factory hands out the one value captured, in a
// scope of their own that keeps (and so disposes) nothing, which `inObjectScope` leaves alone.

extension Container {
    /// Registers a value, resolved as itself under `name`: a constant such as a retry count or a base URL.
    ///
    /// The container never disposes it, even if it is ``Disposable``; `inObjectScope` changes nothing on its entry,
    /// and `initCompleted` closures run on every resolve. Otherwise it answers like any registration.
    ///
    /// ```swift
    /// container.register(value: 5, name: "retries")
    /// container.register(value: URL(string: "https://api.example.com")!, name: "base")
    /// container.register(Client.self) { r in
    ///     Client(retries: try r.require(Int.self, name: "retries"), base: try r.require(URL.self, name: "base"))
    /// }
    /// ```
    @discardableResult
    public func register<Value: Sendable>(
        value: Value, name: String? = nil, fileID: String = #fileID, line: UInt = #line
    ) -> ServiceEntry<Value> {
        addFixedRegistration(value, name: name, fileID: fileID, line: line, configuration: .registeredValue)
    }

    /// Registers an instance made elsewhere, resolved as `serviceType` (`Sendable`) under `name`: a shared session,
    /// a store the app already opened.
    ///
    /// Every resolve returns `instance` itself; the container never disposes it, even if it is ``Disposable``.
    /// As for ``register(value:name:fileID:line:)``, `inObjectScope` changes nothing on its entry.
    ///
    /// ```swift
    /// protocol URLSessionProtocol: Sendable { /* … */ }
    /// extension URLSession: URLSessionProtocol {}
    ///
    /// container.register(instance: URLSession.shared, as: (any URLSessionProtocol).self)
    /// ```
    @discardableResult
    public func register<Service: Sendable>(
        instance: Service, as serviceType: Service.Type = Service.self, name: String? = nil,
        fileID: String = #fileID, line: UInt = #line
    ) -> ServiceEntry<Service> {
        addFixedRegistration(instance, name: name, fileID: fileID, line: line, configuration: .registeredInstance)
    }

    /// Registers `value` as a typed registration whose factory returns it, in `configuration`'s scope.
    private func addFixedRegistration<Service: Sendable>(
        _ value: Service, name: String?, fileID: String, line: UInt, configuration: Registration.Configuration
    ) -> ServiceEntry<Service> {
        let registration = PlainRegistration(
            body: { _ in value }, name: name, fileID: fileID, line: line, configuration: configuration,
            lifecycle: lifecycle
        )
        return ServiceEntry(
            registration: add(registration, as: Service.self, arguments: noArgumentsKey), container: self)
    }
}

extension ObjectScope {
    /// The scope of ``Container/register(value:name:fileID:line:)``: transient in kind (nothing kept or disposed).
    static let registeredValue = ObjectScope(
        kind: .transient, storageFactory: TransientStorage.init, description: "value")

    /// The scope of ``Container/register(instance:as:name:fileID:line:)``.
    static let registeredInstance = ObjectScope(
        kind: .transient, storageFactory: TransientStorage.init, description: "instance")
}

extension ObjectScopeProtocol {
    /// Whether this is the scope of a registered value or instance, which `inObjectScope` does not change.
    var isRegisteredInstanceScope: Bool {
        self === ObjectScope.registeredValue || self === ObjectScope.registeredInstance
    }
}

extension Registration.Configuration {
    /// The configuration value registrations start with, shared by all of them.
    static let registeredValue = Registration.Configuration(
        scope: ObjectScope.registeredValue, completions: [], isShared: true)

    /// The configuration instance registrations start with.
    static let registeredInstance = Registration.Configuration(
        scope: ObjectScope.registeredInstance, completions: [], isShared: true)
}
