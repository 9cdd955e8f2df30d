extension Container {
    /// Whether this container (or, for a child, an ancestor) makes unregistered ``AutoCreatable`` types when
    /// asked for them; `false` by default, so that a typo never silently creates an object. The instances are
    /// kept by the container the resolve was called on.
    ///
    /// ```swift
    /// container.autoCreatesUnregisteredTypes = true
    /// let printer = try container.require(ReceiptPrinter.self)  // ReceiptPrinter: AutoCreatable
    /// ```
    public var autoCreatesUnregisteredTypes: Bool {
        get { injection.state.withLock { $0.autoCreates } }
        set { injection.state.withLock { $0.autoCreates = newValue } }
    }

    /// Whether this container or an ancestor auto-creates unregistered types.
    var autoCreatesInHierarchy: Bool {
        var container: Container? = self
        while let current = container {
            if current.autoCreatesUnregisteredTypes { return true }
            container = current.parent
        }
        return false
    }

    /// The registration for the auto-created `type`: made on first need, kept unless `keep` is `false`
    /// (verification leaves nothing behind).
    func autoRegistration(for type: any AutoCreatable.Type, keep: Bool) -> Registration {
        let id = ObjectIdentifier(type)
        if let existing = injection.state.withLock({ $0.autoRegistrations[id] }) { return existing }
        let made = makeAutoRegistration(type)
        guard keep else { return made }
        return injection.state.withLock { state in
            // Another thread may have made it meanwhile: every resolve uses the first one kept.
            if let existing = state.autoRegistrations[id] { return existing }
            state.autoRegistrations[id] = made
            return made
        }
    }

    /// The registrations made for auto-created types (for `resetObjectScope`).
    func autoRegistrations() -> [Registration] {
        injection.state.withLock { Array($0.autoRegistrations.values) }
    }

    private func makeAutoRegistration<Service: AutoCreatable>(_ type: Service.Type) -> Registration {
        let configuration = Registration.Configuration(
            scope: Service.autoCreationScope, completions: [], injectsProperties: true)
        return PlainRegistration(
            body: { try Service(resolver: $0) }, name: nil, fileID: "<auto-created>",
            line: 0, configuration: configuration, lifecycle: lifecycle
        )
    }
}

extension ResolutionContext {
    /// An instance of the unregistered `Service` if it is ``AutoCreatable`` and the container opted in; else `nil`.
    func autoCreatedInstance<Service>(
        key: ServiceKey, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service? {
        // The setting before the type: with auto-creation off, a miss makes no conformance lookup (a scan of every
        // conformance record, the first time per type).
        guard name == nil, key.argumentsType == noArgumentsKey, container.autoCreatesInHierarchy,
            let creatable = Service.self as? any AutoCreatable.Type
        else { return nil }
        let registration = container.autoRegistration(for: creatable, keep: observer == nil)
        observer?.verification?.noteAutoCreated(Service.self, as: registration.describe())
        // Kept by the container's store, or (during verification) by this frame, while the resolution runs.
        defer { withExtendedLifetime(registration) {} }
        let made = try instance(of: registration, as: Service.self, name: nil, arguments: ())
        switch made {
        case let service as Service: return service
        default:
            // Unreachable: the registration is a `PlainRegistration` of `Service`, whose instances are `Service`.
            throw ResolutionError(
                kind: .wrongInstanceType(actual: type(of: made)), request: ServiceRequest(serviceType: Service.self))
        }
    }
}
