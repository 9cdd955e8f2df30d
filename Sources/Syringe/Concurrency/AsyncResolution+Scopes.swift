// The scopes of an awaited resolution: an instance reused from its scope, or made now and kept by it.

extension AsyncResolution {

    /// The instance of an `async` registration, reused from its scope or made now.
    ///
    /// The synchronous ``plan(for:request:scope:)`` decides; this only awaits: each `await` splits an `async`
    /// function and copies the code around it (several KB here).
    func instance(
        of registration: Registration, as requestedType: Any.Type, name: String?, arguments: InstanceBox
    ) async throws(ResolutionError) -> Any {
        let configuration = registration.configuration
        let (scope, completions) = (configuration.scope, configuration.completions)
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        switch try plan(for: registration, request: request, scope: scope) {
        case .ready(let instance):
            return instance
        case .make(let keep):
            let instance = try await make(
                registration, request: request, arguments: arguments, completions: completions)
            self.keep(instance, of: registration, as: keep)
            return instance
        case .shared(let keeper):
            return try await sharedInstance(
                of: registration, keptBy: keeper, scope: scope, request: request, arguments: arguments,
                completions: completions
            )
        case .keyed(let keyed):  // ServiceEntry.keyedByArguments (Scopes/)
            return try await keyedInstance(
                of: registration, in: keyed, request: request, arguments: arguments, completions: completions)
        }
    }

    /// What ``instance(of:as:name:arguments:)`` does for a registration.
    enum Plan {
        case ready(Any)
        case make(Keep)
        /// One creation kept by this registration (the registration, or its stand-in for `.perContainer`).
        case shared(Registration)
        /// One instance per argument tuple.
        case keyed(ArgumentKeyedScope)
    }

    /// Where a made instance is kept: nowhere, in the object graph, or in the registration's custom storage.
    enum Keep {
        case nowhere
        case graph
        case custom
    }

    /// The plan for `registration` in this resolution: its scope's instance when there is one, otherwise a
    /// creation, checked for a cycle first.
    private func plan(
        for registration: Registration, request: ServiceRequest, scope: any ObjectScopeProtocol
    ) throws(ResolutionError) -> Plan {
        let id = ObjectIdentifier(registration)
        if let verification = root.verification {
            // As for synchronous registrations: transient made every time, any other scope once in this graph.
            verification.check(registration, request: request, below: frames)
            if scope.kind != .transient, let instance = root.graph.instance(for: id) { return .ready(instance) }
            try checkCycle(registration, request: request)
            return .make(scope.kind != .transient ? .graph : .nowhere)
        }
        switch scope.kind {
        case .transient:
            try checkCycle(registration, request: request)
            return .make(.nowhere)
        case .graph:
            if let instance = root.graph.instance(for: id) { return .ready(instance) }
            try checkCycle(registration, request: request)
            return .make(.graph)
        case .container, .weak:
            return .shared(registration)
        case .perContainer:
            // One instance per resolving container: a stand-in registration kept by that container holds it.
            return .shared(root.container.lifecycle.localRegistration(for: registration, scope: scope))
        case .request:
            // One instance per running request scope: a stand-in registration kept by the scope holds it.
            return .shared(try requestKeeper(for: registration, request: request))
        case .custom:
            if let keyed = scope as? ArgumentKeyedScope { return .keyed(keyed) }
            let graph = GraphIdentifier(graph: root.graph)
            let existing = registration.state.withLock { state -> Any? in
                registration.customStorage(of: scope, in: &state)?.instance(inGraph: graph)
            }
            if let existing { return .ready(existing) }
            try checkOpen(registration.lifecycle, for: registration, request: request)
            try checkCycle(registration, request: request)
            return .make(.custom)
        }
    }

    private func keep(_ instance: Any, of registration: Registration, as keep: Keep) {
        switch keep {
        case .nowhere:
            return
        case .graph:
            root.graph.store(instance, for: ObjectIdentifier(registration))
        case .custom:
            let graph = GraphIdentifier(graph: root.graph)
            registration.state.withLock { state in
                guard !state.isRetired else { return }
                state.customStorage?.setInstance(instance, inGraph: graph)
                registration.lifecycle.record(instance, of: registration, in: &state, custom: true)
            }
            root.customStorages.withLock { list in
                if !list.contains(where: { $0 === registration }) { list.append(registration) }
            }
        }
    }

    /// The instance of a shared-scope `async` registration: one creation, however many tasks ask, kept in the
    /// storage slot of `keeper` so that `resetObjectScope` and disposal treat it as any other kept instance.
    private func sharedInstance(
        of registration: Registration,
        keptBy keeper: Registration,
        scope: any ObjectScopeProtocol,
        request: ServiceRequest,
        arguments: InstanceBox,
        completions: [Registration.Completion]
    ) async throws(ResolutionError) -> Any {
        // Not `scope.makeStorage()`: `.weak` combines its storage with the graph's, which would keep the instance.
        let makeStorage: () -> any InstanceStorage = {
            scope.kind == .weak ? WeakStorage() : PermanentStorage()
        }
        let (storage, isEmpty) = keeper.state.withLock { state -> (ObjectIdentifier, Bool) in
            let storage = state.customStorage ?? makeStorage()
            state.customStorage = storage
            return (ObjectIdentifier(storage), storage.instance == nil)
        }
        // A creation reads whether the keeping container is shut down; a reuse never does.
        if isEmpty { try checkOpen(keeper.lifecycle, for: registration, request: request) }
        // Asking for an instance this very resolution is creating can only wait for itself.
        try checkCycle(registration, request: request)
        let join = AsyncCreations.shared.join(keeper) {
            keeper.state.withLock { $0.customStorage?.instance }
        } start: {
            let creator = AsyncResolution(root: root, frames: frames, enclosing: [keeper] + enclosing)
            return Task {
                do {
                    let instance = try await creator.make(
                        registration, request: request, arguments: arguments, completions: completions
                    )
                    keeper.state.withLock { state in
                        // A scope changed meanwhile (a new storage) keeps nothing from the old one.
                        guard !state.isRetired, let current = state.customStorage,
                            ObjectIdentifier(current) == storage
                        else { return }
                        current.instance = instance
                        keeper.lifecycle.record(instance, of: keeper, in: &state, custom: true)
                    }
                    AsyncCreations.shared.end(keeper)
                    return InstanceBox(value: instance)
                } catch {
                    AsyncCreations.shared.end(keeper)
                    throw error
                }
            }
        }
        switch join {
        case .ready(let instance):
            return instance
        case .await(let flight):
            guard AsyncCreations.shared.beginWait(for: keeper, inside: enclosing) else {
                throw cycleError(closingAt: registration, request: request)
            }
            defer { AsyncCreations.shared.endWait(for: keeper, inside: enclosing) }
            do {
                return try await flight.task.value.value
            } catch let error as ResolutionError {
                throw error
            } catch {
                throw wrap(error, of: registration)
            }
        }
    }
}
