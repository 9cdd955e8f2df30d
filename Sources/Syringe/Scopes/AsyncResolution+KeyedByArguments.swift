// The awaited resolve path of a registration keyed by its arguments (ServiceEntry+KeyedByArguments.swift): the
// custom-scope case of `AsyncResolution.instance` hands it here.

extension AsyncResolution {
    /// The instance of an `async` registration keyed by its arguments (``ServiceEntry/keyedByArguments(limit:)``):
    /// kept per argument key as the synchronous path keeps it; two tasks that make one key's instance at once keep
    /// the first one stored, and both return it.
    func keyedInstance(
        of registration: Registration, in scope: ArgumentKeyedScope, request: ServiceRequest, arguments: InstanceBox,
        completions: [Registration.Completion]
    ) async throws(ResolutionError) -> Any {
        if let problem = scope.problem { throw wrap(problem, of: registration) }
        guard let key = scope.keyMaker.key(of: arguments.value) else {
            let type = ArgumentKey.unhashableTypeName(in: arguments.value, count: scope.argumentCount)
            throw wrap(
                KeyedByArgumentsError(reason: .unhashableValue(type), service: typeName(registration.serviceType)),
                of: registration)
        }
        let existing = registration.state.withLock { state -> Any? in
            (registration.customStorage(of: scope, in: &state) as? ArgumentKeyedStorage)?.instance(for: key)
        }
        if let existing { return existing }
        try checkCycle(registration, request: request)
        let instance = try await make(registration, request: request, arguments: arguments, completions: completions)
        return registration.state.withLock { state -> Any in
            guard !state.isRetired, let storage = state.customStorage as? ArgumentKeyedStorage else { return instance }
            let (kept, isNew) = storage.keep(instance, for: key)
            if isNew { registration.lifecycle.record(instance, of: registration, custom: false) }
            return kept
        }
    }
}
