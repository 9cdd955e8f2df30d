extension AsyncResolution {
    /// The instance of an `async` registration keyed by its arguments; of two tasks that make one key's instance
    /// at once, both return the first one stored.
    func keyedInstance(
        of registration: Registration, in scope: ArgumentKeyedScope, request: ServiceRequest, arguments: InstanceBox,
        completions: [Registration.Completion]
    ) async throws(ResolutionError) -> Any {
        if let problem = scope.problem ?? scope.keyingProblem(of: arguments.value, service: registration.serviceType) {
            throw wrap(problem, of: registration)
        }
        let existing = registration.state.withLock { state -> Any? in
            guard registration.makeKeyedInstances(of: scope, in: &state) else { return nil }
            return state.keyedInstances?.instance(for: arguments.value)
        }
        if let existing { return existing }
        try checkOpen(registration.lifecycle, for: registration, request: request)
        try checkCycle(registration, request: request)
        let instance = try await make(registration, request: request, arguments: arguments, completions: completions)
        return registration.state.withLock { state -> Any in
            guard !state.isRetired, let (kept, isNew) = state.keyedInstances?.keep(instance, for: arguments.value)
            else { return instance }
            if isNew { registration.lifecycle.record(instance, of: registration, in: &state, custom: false) }
            return kept
        }
    }
}
