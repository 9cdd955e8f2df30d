// ResolutionContext: the `.container`, `.weak` and `.perContainer` scopes' instance, made once across threads.

extension ResolutionContext {
    /// The instance of a `.container` (`strongly`) or `.weak` registration, made once however many threads ask.
    func sharedInstance(
        of registration: Registration,
        _ configuration: Unretained<Registration.Configuration>,
        strongly: Bool,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any
    ) throws(ResolutionError) -> Any {
        if !strongly {
            // As Swinject's weak storage: the scope's instance if alive, else the graph's (they differ only when
            // this resolution works in an earlier graph: a `Lazy`, `withObjectGraph`).
            let kept = registration.state.withLock { state -> Any? in
                if case .weak(let kept) = state.shared { return kept.instance }
                return nil
            }
            if let kept { return kept }
            if let instance = graphInstance(of: registration) { return instance }
        }
        /// Runs the factory and keeps its instance (after a rerun, the rerun's), the state being `.creating`. A
        /// rerun leaves its instance partial, for this thread only, until the first run has finished the graph.
        func create(isRerun: Bool = false) throws(ResolutionError) -> Any {
            do {
                let instance = try make(
                    registration, configuration, as: requestedType, name: name, arguments: arguments,
                    reusing: { self.rerunInstance(of: registration, strongly: strongly) },
                    store: { instance in
                        if !strongly { self.storeInGraph(instance, of: registration) }
                        self.publish(instance, of: registration, final: false, strongly: strongly)
                    }
                )
                publish(instance, of: registration, final: !isRerun, strongly: strongly)
                return instance
            } catch {
                if isRerun { throw error }  // the first run abandons the creation
                abandonCreation(of: registration)
                throw error
            }
        }
        while true {
            let decision = registration.state.withLock { state -> SharedDecision in
                switch state.shared {
                case .strong(let box):
                    return .use(box.instance)
                case .weak(let kept):
                    if let instance = kept.instance { return .use(instance) }
                    // A creation reads whether the keeping container is shut down; a reuse never does.
                    if registration.lifecycle.isShutDown { return .shutDown }
                    state.shared = .creating(owner: owner, partial: nil, hasWaiters: false)
                    return .create
                case .empty:
                    if registration.lifecycle.isShutDown { return .shutDown }
                    state.shared = .creating(owner: owner, partial: nil, hasWaiters: false)
                    return .create
                case .creating(let creator, let partial, _):
                    guard creator == owner else { return .wait }
                    if let partial { return .use(partial) }
                    return .reenter
                }
            }
            switch decision {
            case .use(let instance):
                return instance
            case .reenter:
                // This thread's factory is running. As in Swinject, a request back through an `initCompleted`
                // runs it again and that run's instance is kept; any other loop is a cycle (`checkCycle` throws).
                try checkCycle(Unretained(registration), as: requestedType, name: name)
                return try create(isRerun: true)
            case .wait:
                switch CreationCoordinator.shared.wait(for: registration, thread: owner) {
                case .retry:
                    continue
                case .usePartial(let instance):
                    return instance
                case .cycle(let loop):
                    throw cycleError(closingAt: registration, as: requestedType, name: name, acrossThreads: loop)
                }
            case .create:
                return try create()
            case .shutDown:
                throw shutDownError(at: registration, as: requestedType, name: name)
            }
        }
    }

    enum SharedDecision {
        case use(Any)
        case create
        case wait
        /// This thread is running the factory (no instance yet): a rerun, or a cycle.
        case reenter
        /// No instance, and the container that would keep one is shut down (``Container/shutdown()``).
        case shutDown
    }

    /// The instance a rerun of this thread's running factory kept, which the first run returns instead of its own.
    func rerunInstance(of registration: Registration, strongly: Bool) -> Any? {
        if !strongly, let instance = graphInstance(of: registration) { return instance }
        return registration.state.withLock { state -> Any? in
            switch state.shared {
            case .creating(let creator, let partial, _): return creator == owner ? partial : nil
            case .strong(let box): return box.instance
            case .weak(let kept): return kept.instance
            case .empty: return nil
            }
        }
    }

    /// Records the new instance: as partial (for this thread only) while `initCompleted` runs, then as the
    /// scope's instance, waking any thread that waits for it.
    func publish(_ instance: Any, of registration: Registration, final: Bool, strongly: Bool) {
        let wake = registration.state.withLock { state -> Bool in
            guard case .creating(let creator, _, let hasWaiters) = state.shared, creator == owner else {
                // The scope was changed or the registration reset while the factory ran: keep nothing.
                return true
            }
            if !final {
                state.shared = .creating(owner: owner, partial: instance, hasWaiters: hasWaiters)
                return false
            }
            if state.isRetired {
                state.shared = .empty  // removed while the factory ran: the instance is the caller's alone
                return hasWaiters
            }
            let kind = registration.configuration.kind
            if strongly ? kind != .container && kind != .perContainer && kind != .request : kind != .weak {
                // Rescoped while the factory ran, maybe unseen by the configurer: keep nothing.
                state.shared = .empty
                return hasWaiters
            }
            if strongly {
                registration.keepStrongly(instance, in: &state)
            } else if let kept = WeakInstance(instance) {
                state.shared = .weak(kept)
            } else {
                state.shared = .empty
                return hasWaiters
            }
            registration.lifecycle.record(
                instance, of: registration, in: &state, custom: false, deferringDecision: true,
                keptStrongly: strongly)
            return hasWaiters
        }
        if wake { CreationCoordinator.shared.creationEnded(of: registration) }
    }

    /// Forgets a creation that failed, so the next resolve tries again, and wakes waiting threads.
    func abandonCreation(of registration: Registration) {
        registration.state.withLock { state in
            if case .creating(let creator, _, _) = state.shared, creator == owner { state.shared = .empty }
        }
        CreationCoordinator.shared.creationEnded(of: registration)
    }
}

extension Registration {
    /// The box of this `.container` registration's kept instance, retained, if typed exactly as `serviceType`:
    /// read under the lock by a nested resolve (outside a quick read, the box is valid only while held). Not
    /// generic: no `Optional` metadata. Out of line: inlined, it made its callers too large to inline the factory.
    @inline(never)
    final func keptBox(typedAs serviceType: ObjectIdentifier) -> PublishedInstance? {
        // Without a state, nothing was ever kept (a derived container's new stand-in): one lock fewer.
        stateIfMade?.withLock { state in
            if case .strong(let box) = state.shared, box.typedAs == serviceType { return box }
            return nil
        }
    }
}
