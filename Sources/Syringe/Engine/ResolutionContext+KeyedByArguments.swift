// The resolve path of a registration keyed by its arguments (ServiceEntry+KeyedByArguments.swift): the custom-scope
// path of `ResolutionContext` hands it here, with the arguments the storage needs.

extension ResolutionContext {
    /// The instance of `registration` kept for these `arguments` in its keyed scope, or made now and kept.
    ///
    /// A hit is one lookup under the registration's lock, in its typed table (``State/keyedInstances``): no dynamic
    /// cast, no allocation. Anything else (the first use, a new key, a registration that cannot be keyed) takes
    /// ``keyedInstanceOnMiss(of:_:as:name:arguments:)``.
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

    /// ``keyedInstance(of:_:as:name:arguments:)`` when no instance is kept for the arguments: made outside the
    /// lock, as a custom scope's. Two threads that make the instance of one key at once keep the first one stored,
    /// and both return it.
    @inline(never)
    private func keyedInstanceOnMiss(
        of registration: Registration,
        _ configuration: Unretained<Registration.Configuration>,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any
    ) throws(ResolutionError) -> Any {
        // Only a keyed scope's configuration leads here (``customInstance(of:_:as:name:arguments:)``).
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
                    // Recorded as a shared scope's instance: disposed when the scope is reset or the container
                    // shut down.
                    if isNew {
                        registration.lifecycle.record(instance, of: registration, in: &state, custom: false)
                    }
                }
            }
        )
        return kept ?? made
    }

    /// Throws the error of a registration that cannot be keyed by `arguments` (its problem found at registration,
    /// or an argument value that makes no key). Verification calls it too.
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
    /// The problem of `arguments` that make no key (a value of another type than registered, not `Hashable`),
    /// if they make none.
    func keyingProblem(of arguments: Any, service: Any.Type) -> KeyedByArgumentsError? {
        if keying.canKey(arguments) { return nil }
        return KeyedByArgumentsError(
            reason: .unhashableValue(ArgumentKey.unhashableTypeName(in: arguments, count: argumentCount)),
            service: typeName(service))
    }
}

extension Container {
    /// Whether the registration of `hit` is keyed by its arguments: one load and one comparison, so that a top-level
    /// resolve of any other registration pays nothing more (see ``keptKeyedInstance(_:arguments:)``).
    @inline(__always)
    func isKeyedByArguments(_ hit: RegistryView.Hit) -> Bool {
        // Not retained: the hit's table keeps the registration alive during the caller's reading section.
        hit.registration.with { registration in
            registration.currentConfiguration.with { $0.kind == .custom && $0.isKeyedByArguments }
        }
    }

    /// The instance the registration of `hit`, keyed by its arguments, keeps for `arguments`, read under its lock
    /// with no resolution context: for a top-level resolve, before it sets one up (as a kept singleton is read).
    /// `nil` when it keeps nothing for these arguments yet.
    @inline(never)
    func keptKeyedInstance(_ hit: RegistryView.Hit, arguments: Any) -> Any? {
        hit.registration.with { registration in
            registration.stateIfMade?.withLock { $0.keyedInstances?.instance(for: arguments) }
        }
    }
}
