// Values and existing instances: registrations without a factory of the user's.
//
// A value or instance registration is an ordinary typed registration whose factory hands out the one value it
// captured, in a scope of its own that keeps nothing: so it resolves on the plain path, forwards with
// `implements`, is described and verified like any registration, and no scope ever records it for disposal
// (the container did not make it). `inObjectScope` leaves that scope alone (`Registration.changeScope`), and
// verification does not count it as a shorter-lived dependency (`VerificationRecorder`).

extension Container {
    /// Registers a value, resolved as itself under `name`: a constant such as a retry count or a base URL.
    ///
    /// The registration hands out `value` on every resolve; the container makes nothing and keeps no other
    /// copy, and never disposes it (not at ``removeAll()``, `unregister`, a module's `unload`, nor
    /// ``shutdown()``), even if it is ``Disposable``. It answers like any registration: by type and name,
    /// through `implements`, in descriptions (scope `value`) and in ``verify(samples:)``, which checks it
    /// trivially. Registering the same type and name again replaces it.
    ///
    /// ```swift
    /// container.register(value: 5, name: "retries")
    /// container.register(value: URL(string: "https://api.example.com")!, name: "base")
    /// container.register(Client.self) { r in
    ///     Client(retries: try r.require(Int.self, name: "retries"), base: try r.require(URL.self, name: "base"))
    /// }
    /// ```
    ///
    /// > Note: ``ServiceEntry/inObjectScope(_:)-(ObjectScope)`` changes nothing on a value's entry: it is always
    /// > the one value. `initCompleted` closures run on every resolve (the value is handed out, never made).
    @discardableResult
    public func register<Value: Sendable>(
        value: Value, name: String? = nil, fileID: String = #fileID, line: UInt = #line
    ) -> ServiceEntry<Value> {
        addFixedRegistration(value, name: name, fileID: fileID, line: line, configuration: .registeredValue)
    }

    /// Registers an instance made elsewhere, resolved as `serviceType` under `name`: a shared session, a
    /// store the app already opened.
    ///
    /// Every resolve returns `instance` itself. The container did not make it, so it never disposes it (not at
    /// ``removeAll()``, `unregister`, a module's `unload`, nor ``shutdown()``), even if it is ``Disposable``:
    /// its owner does. It answers like any registration: by type and name, through `implements`, in
    /// descriptions (scope `instance`) and in ``verify(samples:)``. `serviceType` must be `Sendable` (for a
    /// protocol, one that refines `Sendable`), as everything a factory captures must be.
    ///
    /// ```swift
    /// protocol URLSessionProtocol: Sendable { /* … */ }
    /// extension URLSession: URLSessionProtocol {}
    ///
    /// container.register(instance: URLSession.shared, as: (any URLSessionProtocol).self)
    /// container.register(instance: testSession, as: (any URLSessionProtocol).self, name: "test")
    /// ```
    ///
    /// > Note: ``ServiceEntry/inObjectScope(_:)-(ObjectScope)`` changes nothing on an instance's entry: it is
    /// > always the one instance. `initCompleted` closures run on every resolve (the instance is handed out,
    /// > never made).
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
    /// The scope of ``Container/register(value:name:fileID:line:)``: transient in kind (the factory hands out the
    /// value; nothing is kept, so nothing is ever disposed), described as `value`.
    static let registeredValue = ObjectScope(
        kind: .transient, storageFactory: TransientStorage.init, description: "value")

    /// The scope of ``Container/register(instance:as:name:fileID:line:)``, described as `instance`.
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
    /// The configuration value registrations start with: shared by all of them, so registering allocates none.
    static let registeredValue = Registration.Configuration(
        scope: ObjectScope.registeredValue, completions: [], isShared: true)

    /// The configuration instance registrations start with.
    static let registeredInstance = Registration.Configuration(
        scope: ObjectScope.registeredInstance, completions: [], isShared: true)
}
