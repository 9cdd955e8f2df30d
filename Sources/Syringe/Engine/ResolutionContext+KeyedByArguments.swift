// ResolutionContext: the resolve path of a registration keyed by its arguments, from the custom-scope path.

extension ResolutionContext {
    /// The instance of `registration` kept for these `arguments` in its keyed scope, or made now and kept. A hit is
    /// one lookup under the lock, with no cast and no allocation.
    @inline(__always)
    func keyedInstance(
        of registration: Registration,
        _ configuration: Unretained<Registration.Configuration>,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any
    ) throws(ResolutionError) -> Any {
        if let instance = registration.state.withLock({ $0.keyedInstances?.instance(for: arguments) }) {
            return instance
        }
        return try keyedInstanceOnMiss(
            of: registration, configuration, as: requestedType, name: name, arguments: arguments)
    }

    /// ``keyedInstance(of:_:as:name:arguments:)`` on a miss: made outside the lock; of two threads making one key's
    /// instance at once, both return the first stored.
    @inline(never)
    private func keyedInstanceOnMiss(
        of registration: Registration,
        _ configuration: Unretained<Registration.Configuration>,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any
    ) throws(ResolutionError) -> Any {
        guard let scope = configuration.object.scope as? ArgumentKeyedScope else {
            return try make(registration, configuration, as: requestedType, name: name, arguments: arguments) { _ in }
        }
        try checkKeying(registration, in: scope, as: requestedType, name: name, arguments: arguments)
        let existing = registration.state.withLock { state -> Any? in
            guard registration.makeKeyedInstances(of: scope, in: &state) else { return nil }
            return state.keyedInstances?.instance(for: arguments)
        }
        if let existing { return existing }
        if registration.lifecycle.isShutDown { throw shutDownError(at: registration, as: requestedType, name: name) }
        try checkCycle(Unretained(registration), as: requestedType, name: name)
        var kept: Any?
        let made = try make(
            registration, configuration, as: requestedType, name: name, arguments: arguments,
            reusing: {
                registration.state.withLock { $0.keyedInstances?.instance(for: arguments) }
            },
            store: { instance in
                registration.state.withLock { state in
                    guard !state.isRetired, let (winner, isNew) = state.keyedInstances?.keep(instance, for: arguments)
                    else { return }
                    kept = winner
                    // Recorded as a shared scope's instance, disposed at a reset or shutdown.
                    if isNew {
                        registration.lifecycle.record(instance, of: registration, in: &state, custom: false)
                    }
                }
            }
        )
        return kept ?? made
    }

    /// Throws the error of a registration that cannot be keyed by `arguments`; verification calls it too.
    func checkKeying(
        _ registration: Registration, in scope: ArgumentKeyedScope, as requestedType: Any.Type, name: String?,
        arguments: Any
    ) throws(ResolutionError) {
        if let problem = scope.problem ?? scope.keyingProblem(of: arguments, service: registration.serviceType) {
            throw keyedScopeError(problem, of: registration, as: requestedType, name: name)
        }
    }

    /// The error of a resolve of a registration that cannot be keyed by its arguments.
    private func keyedScopeError(
        _ problem: KeyedByArgumentsError, of registration: Registration, as requestedType: Any.Type, name: String?
    ) -> ResolutionError {
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        return ResolutionError(
            kind: .factoryFailed(underlying: problem), request: request, path: currentPath() + [request],
            registration: registration.describe(as: requestedType, name: .some(name)), failedInInitCompleted: false
        )
    }
}

extension ArgumentKeyedScope {
    /// The problem of `arguments` that make no key (of another type than registered, or not `Hashable`), if any.
    func keyingProblem(of arguments: Any, service: Any.Type) -> KeyedByArgumentsError? {
        if keying.canKey(arguments) { return nil }
        return KeyedByArgumentsError(
            reason: .unhashableValue(ArgumentKey.unhashableTypeName(in: arguments, count: argumentCount)),
            service: typeName(service))
    }
}

extension Container {
    /// Whether the registration of `hit` is keyed by its arguments: one load and one comparison.
    @inline(__always)
    func isKeyedByArguments(_ hit: RegistryView.Hit) -> Bool {
        // Not retained: the hit's table keeps the registration alive during the caller's reading section.
        hit.registration.with { registration in
            registration.currentConfiguration.with { $0.kind == .custom && $0.isKeyedByArguments }
        }
    }

    /// The instance the registration of `hit` keeps for `arguments`, read under its lock before a top-level resolve
    /// sets up a context; `nil` when it keeps none yet.
    @inline(never)
    func keptKeyedInstance(_ hit: RegistryView.Hit, arguments: Any) -> Any? {
        hit.registration.with { registration in
            registration.stateIfMade?.withLock { $0.keyedInstances?.instance(for: arguments) }
        }
    }
}
