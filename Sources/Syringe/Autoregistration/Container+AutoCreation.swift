extension Container {
    /// Whether this container makes unregistered ``AutoCreatable`` types when they are asked for; `false` by
    /// default, so that a typo never silently creates an object.
    ///
    /// A child container auto-creates when it or one of its ancestors opts in. The instances are kept (in the
    /// type's ``AutoCreatable/autoCreationScope``) by the container the resolve was called on, with its
    /// dependencies resolved there: a child's registrations come first, as for any factory. Only requests
    /// without a name and without runtime arguments are auto-created. ``verify(samples:)`` checks an
    /// auto-created type when a registered service depends on it (its dependencies and its `@Injected`
    /// properties), and lists it among the verified registrations.
    ///
    /// ```swift
    /// let container = Container()
    /// container.autoCreatesUnregisteredTypes = true
    /// container.register(Printer.self) { _ in LaserPrinter() }
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

    /// The registration this container made for the auto-created `type`: made on first need, kept for later
    /// resolves (unless `keep` is `false`: verification leaves nothing in the container).
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
    /// An instance of the unregistered `Service`, made because it is ``AutoCreatable`` and the container opted
    /// in; `nil` otherwise. Reached only on a miss.
    func autoCreatedInstance<Service>(
        key: ServiceKey, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service? {
        // The container's setting before the type: with auto-creation off (the default), a miss does not ask the
        // runtime whether the type is `AutoCreatable` (a scan of every conformance record, the first time per type).
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
