// The resolve path of a registration keyed by its arguments (ServiceEntry+KeyedByArguments.swift): the custom-scope
// path of `ResolutionContext` hands it here, with the arguments the storage needs.

extension ResolutionContext {
    /// The instance of `registration` kept for these `arguments` in its keyed scope, or made now and kept.
    ///
    /// As a custom scope: looked up under the registration's lock, made outside it. Two threads that make the
    /// instance of one key at once keep the first one stored, and both return it.
    func keyedInstance(
        of registration: Registration,
        _ configuration: Unretained<Registration.Configuration>,
        in scope: ArgumentKeyedScope,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any
    ) throws(ResolutionError) -> Any {
        let key = try checkKeying(registration, in: scope, as: requestedType, name: name, arguments: arguments)
        let existing = registration.state.withLock { state -> Any? in
            (registration.customStorage(of: scope, in: &state) as? ArgumentKeyedStorage)?.instance(for: key)
        }
        if let existing { return existing }
        try checkCycle(Unretained(registration), as: requestedType, name: name)
        var kept: Any?
        let made = try make(
            registration, configuration, as: requestedType, name: name, arguments: arguments,
            reusing: {
                registration.state.withLock { ($0.customStorage as? ArgumentKeyedStorage)?.instance(for: key) }
            },
            store: { instance in
                registration.state.withLock { state in
                    guard !state.isRetired, let storage = state.customStorage as? ArgumentKeyedStorage else { return }
                    let (winner, isNew) = storage.keep(instance, for: key)
                    kept = winner
                    // Recorded as a shared scope's instance: disposed when the scope is reset or the container
                    // shut down.
                    if isNew {
                        registration.lifecycle.record(instance, of: registration, custom: false)
                    }
                }
            }
        )
        return kept ?? made
    }

    /// The key of `arguments`, or the error of a registration that cannot be keyed by them (its problem found at
    /// registration, or an argument value that is not `Hashable`). Verification calls it too.
    @discardableResult
    func checkKeying(
        _ registration: Registration, in scope: ArgumentKeyedScope, as requestedType: Any.Type, name: String?,
        arguments: Any
    ) throws(ResolutionError) -> ArgumentKey {
        if let problem = scope.problem {
            throw keyedScopeError(problem, of: registration, as: requestedType, name: name)
        }
        guard let key = scope.keyMaker.key(of: arguments) else {
            let problem = KeyedByArgumentsError(
                reason: .unhashableValue(ArgumentKey.unhashableTypeName(in: arguments, count: scope.argumentCount)),
                service: typeName(registration.serviceType))
            throw keyedScopeError(problem, of: registration, as: requestedType, name: name)
        }
        return key
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
