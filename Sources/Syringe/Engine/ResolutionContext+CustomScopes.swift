// ResolutionContext (state in Runtime/ResolutionContext.swift): custom scopes, kept by their `InstanceStorage`.

extension ResolutionContext {
    /// The instance of a registration in a custom scope, kept by the scope's ``InstanceStorage``.
    func customInstance(
        of registration: Registration,
        _ configuration: Unretained<Registration.Configuration>,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any
    ) throws(ResolutionError) -> Any {
        // `keyedByArguments`: its scope's class compared (borrowed, not cast).
        if configuration.with({ $0.isKeyedByArguments }) {
            return try keyedInstance(
                of: registration, configuration, as: requestedType, name: name, arguments: arguments)
        }
        let scope = configuration.object.scope
        let graph = graphIdentifier()
        let existing = registration.state.withLock { state -> Any? in
            registration.customStorage(of: scope, in: &state)?.instance(inGraph: graph)
        }
        if let existing { return existing }
        // A creation reads whether the keeping container is shut down; a reuse never does.
        if registration.lifecycle.isShutDown { throw shutDownError(at: registration, as: requestedType, name: name) }
        try checkCycle(Unretained(registration), as: requestedType, name: name)
        return try make(
            registration, configuration, as: requestedType, name: name, arguments: arguments,
            reusing: { registration.state.withLock { $0.customStorage?.instance(inGraph: graph) } },
            store: { instance in
                registration.state.withLock { state in
                    guard !state.isRetired else { return }
                    state.customStorage?.setInstance(instance, inGraph: graph)
                    registration.lifecycle.record(instance, of: registration, in: &state, custom: true)
                }
                if !customStorages.contains(where: { $0 === registration }) { customStorages.append(registration) }
            }
        )
    }
}
