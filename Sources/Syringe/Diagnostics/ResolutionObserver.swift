/// Diagnostics attached to a ``ResolutionContext``: a verification run, a trace, or both. With one, every step goes
/// through ``ResolutionContext/observedInstance(of:as:name:arguments:observer:)``.
final class ResolutionObserver {
    let verification: VerificationRecorder?
    let tracer: ResolutionTracer?
    /// The registrations being resolved, innermost last, with the scope each had when it was asked.
    private(set) var stack: [(registration: Registration, request: ServiceRequest, kind: ObjectScope.Kind)] = []

    init(verification: VerificationRecorder? = nil, tracer: ResolutionTracer? = nil) {
        self.verification = verification
        self.tracer = tracer
    }

    func push(_ registration: Registration, request: ServiceRequest, kind: ObjectScope.Kind) {
        stack.append((registration, request, kind))
    }

    func pop() {
        stack.removeLast()
    }
}

extension ResolutionContext {
    /// The instance of `registration` while diagnostics watch: records the step, then resolves it as its scope
    /// rules or, when verifying, in a throwaway way.
    @inline(never)
    func observedInstance(
        of registration: Registration,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any,
        observer: ResolutionObserver
    ) throws(ResolutionError) -> Any {
        let scope = registration.configuration.scope
        // A registration keyed by its arguments is checked as the shared scope it keys (captive dependencies).
        let keyed = scope as? ArgumentKeyedScope
        let kind = keyed?.base.kind ?? scope.kind
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        observer.verification?.check(registration, request: request, kind: kind, stack: observer.stack)
        if let keyed, observer.verification != nil {
            try checkKeying(registration, in: keyed, as: requestedType, name: name, arguments: arguments)
        }

        let reused: Bool
        if observer.verification != nil {
            reused = kind != .transient && graphInstance(of: registration) != nil
        } else {
            reused = hasInstance(of: registration, scope: scope)
        }
        let node = observer.tracer?.begin(
            request: request, registration: registration.describe(as: requestedType, name: .some(name))
        )
        observer.push(registration, request: request, kind: kind)
        defer { observer.pop() }
        do {
            let instance: Any
            if observer.verification != nil {
                instance = try verificationInstance(
                    of: registration, kind: kind, as: requestedType, name: name, arguments: arguments
                )
            } else {
                instance = try self.instance(
                    of: registration, as: requestedType, name: name, arguments: arguments, bypassingObserver: true
                )
            }
            if let node { observer.tracer?.end(node, outcome: reused ? .reused : .created) }
            return instance
        } catch {
            if let node { observer.tracer?.end(node, outcome: .failed(error)) }
            observer.verification?.failed(registration)
            throw error
        }
    }

    /// Verification's stand-in for the scopes: a transient registration is made every time, any other once in
    /// this context's graph; nothing is read from or published to the registration.
    private func verificationInstance(
        of registration: Registration,
        kind: ObjectScope.Kind,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any
    ) throws(ResolutionError) -> Any {
        let configuration = registration.currentConfiguration
        let keeps = kind != .transient
        if keeps, let instance = graphInstance(of: registration) { return instance }
        // A factory of a scope that keeps instances may run again to close a loop through `initCompleted`.
        try checkCycle(of: registration, as: requestedType, name: name)
        return try make(
            registration, configuration, as: requestedType, name: name, arguments: arguments,
            reusing: keeps ? { self.graphInstance(of: registration) } : nil
        ) {
            if keeps { self.storeInGraph($0, of: registration) }
        }
    }

    /// Whether the scope of `registration` already holds an instance this resolution would reuse.
    private func hasInstance(of registration: Registration, scope: any ObjectScopeProtocol) -> Bool {
        let kind = scope.kind
        switch kind {
        case .transient:
            return false
        case .graph:
            return graphInstance(of: registration) != nil
        case .container, .weak, .perContainer, .request:
            if kind == .weak, graphInstance(of: registration) != nil { return true }
            let holder: Registration
            switch kind {
            case .perContainer: holder = container.lifecycle.localRegistration(for: registration, scope: scope)
            case .request:
                guard let keeper = RequestScope.current?.keeper(for: registration) else { return false }
                holder = keeper
            default: holder = registration
            }
            return holder.state.withLock { state in
                switch state.shared {
                case .strong: return true
                case .weak(let kept): return kept.isAlive
                case .creating(let creator, let partial, _): return creator == owner && partial != nil
                case .empty: return false
                }
            }
        case .custom:
            let graph = graphIdentifier()
            return registration.state.withLock { $0.customStorage?.instance(inGraph: graph) != nil }
        }
    }
}
