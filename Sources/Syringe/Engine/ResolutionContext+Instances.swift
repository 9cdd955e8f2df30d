// ResolutionContext: making an instance, from the scope's dispatch to `initCompleted` and property injection.

extension ResolutionContext {
    /// The instance of `registration`, reused from its scope or made now; with an ``observer`` (verify, trace), the
    /// observer's path, unless `bypassingObserver` (the observer asking for the scope's normal behaviour).
    func instance(
        of registration: Registration, _ configuration: Unretained<Registration.Configuration>? = nil,
        as requestedType: Any.Type, name: String?, arguments: Any, bypassingObserver: Bool = false
    ) throws(ResolutionError) -> Any {
        // The one diagnostics branch on the hot path: the observer's path is out of line.
        if observer != nil && !bypassingObserver, let observer {
            return try observedInstance(
                of: registration, as: requestedType, name: name, arguments: arguments, observer: observer
            )
        }
        let configuration = configuration ?? registration.currentConfiguration
        let kind = configuration.with { $0.kind }
        switch kind {
        case .transient:
            try checkCycle(Unretained(registration), as: requestedType, name: name)
            return try make(registration, configuration, as: requestedType, name: name, arguments: arguments) { _ in }
        case .graph:
            if let instance = graphInstance(of: registration) { return instance }
            try checkCycle(Unretained(registration), as: requestedType, name: name)
            return try make(
                registration, configuration, as: requestedType, name: name, arguments: arguments,
                reusing: { self.graphInstance(of: registration) },
                store: { self.storeInGraph($0, of: registration) }
            )
        case .container, .weak:
            return try sharedInstance(
                of: registration, configuration, strongly: kind == .container, as: requestedType, name: name,
                arguments: arguments
            )
        case .perContainer:
            // One instance per resolving container, held by a stand-in registration `container` keeps.
            let scope = configuration.object.scope
            return try sharedInstance(
                of: container.lifecycle.localRegistration(for: registration, scope: scope), configuration,
                strongly: true, as: requestedType, name: name, arguments: arguments
            )
        case .request:
            // One instance per running request scope, held by a stand-in registration the scope keeps.
            return try sharedInstance(
                of: requestKeeper(for: registration, as: requestedType, name: name), configuration, strongly: true,
                as: requestedType, name: name, arguments: arguments
            )
        case .custom:
            return try customInstance(
                of: registration, configuration, as: requestedType, name: name, arguments: arguments
            )
        }
    }

    /// Runs the typed factory of a transient registration (`body`), and what follows it, with a frame on the path;
    /// with `checkingCycle`, after the cycle check, in the same call.
    @inline(__always)
    func make<Service>(
        _ registration: Unretained<Registration>, _ configuration: Unretained<Registration.Configuration>,
        as requestedType: Service.Type, name: String?, checkingCycle: Bool = false, body: () throws -> Service
    ) throws(ResolutionError) -> Service {
        if checkingCycle {
            try checkCycleAndPush(registration, as: requestedType, name: name)
        } else {
            try push(registration, as: requestedType, name: name)
        }
        defer { pop() }
        let instance: Service
        do {
            instance = try body()
        } catch {
            throw wrap(error, of: registration.object)
        }
        return try finish(instance, of: registration, configuration) { _ in }
    }

    /// Finishes a new instance of `registration` (the innermost frame's): decorates it, lets `store` keep the
    /// result, then runs `initCompleted` and property injection. Returns the decorated instance.
    @inline(__always)
    func finish<Instance>(
        _ instance: Instance, of registration: Unretained<Registration>,
        _ configuration: Unretained<Registration.Configuration>, store: (Instance) -> Void
    ) throws(ResolutionError) -> Instance {
        // The one check a registration without completions, decorators or property injection pays.
        guard !configuration.with({ $0.finishesPlainly }) else {
            store(instance)
            return instance
        }
        let finished = try decorate(instance, of: registration, configuration)
        store(finished)
        try runCompletions(on: finished, of: registration, configuration)
        return finished
    }

    /// Applies the decorators of `registration` to `instance`, in the order they were added; out of line.
    @inline(never)
    func decorate<Instance>(
        _ instance: Instance, of registration: Unretained<Registration>,
        _ configuration: Unretained<Registration.Configuration>
    ) throws(ResolutionError) -> Instance {
        let decorators = configuration.object.decorators
        if decorators.isEmpty { return instance }
        var decorated: Any = instance
        for decorator in decorators {
            let inner = decorated
            do {
                decorated = try withResolver { try decorator($0, inner) }
            } catch {
                throw wrap(error, of: registration.object)
            }
        }
        // A decorator returns the registration's service type, which `Instance` is (or `Any`, on erased paths).
        switch decorated {
        case let typed as Instance: return typed
        default:
            let registration = registration.object
            let request = ServiceRequest(
                serviceType: Instance.self, name: registration.name, argumentTypes: registration.argumentTypes)
            throw ResolutionError(
                kind: .wrongInstanceType(actual: type(of: decorated)), request: request,
                path: currentPath(), registration: registration.describe()
            )
        }
    }

    /// The property injection and `initCompleted` closures of ``finish(_:of:_:store:)``, out of line: most
    /// registrations have neither, and their loop would take stack in every level of nesting.
    @inline(never)
    func runCompletions<Instance>(
        on typedInstance: Instance, of registration: Unretained<Registration>,
        _ configuration: Unretained<Registration.Configuration>
    ) throws(ResolutionError) {
        // Boxed here, not by the caller, so that a resolve without completions boxes nothing.
        let instance: Any = typedInstance
        let configuration = configuration.object
        // By index: nested resolves in the closures may move the buffer.
        self[frameAt: depth - 1].phase = .completing
        if configuration.injectsProperties {
            // Filled before the `initCompleted` closures, which can use the properties; completion told after them.
            do {
                let made = registration.object
                try withResolver { try PropertyInjector.fill(instance, from: $0, registration: made) }
            } catch {
                throw wrap(error, of: registration.object)
            }
        }
        for completion in configuration.completions {
            do {
                try withResolver { try completion($0, instance) }
            } catch {
                throw wrap(error, of: registration.object)
            }
        }
        if configuration.injectsProperties {
            withResolver { PropertyInjector.notifyCompletion(of: instance, from: $0) }
        }
    }

    /// Runs the factory and the `initCompleted` closures of `registration` with a frame on the path; `store` keeps
    /// the instance before `initCompleted` runs, so cycles through property injection find it.
    func make(
        _ registration: Registration,
        _ configuration: Unretained<Registration.Configuration>,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any,
        reusing rerunInstance: (() -> Any?)? = nil,
        store: (Any) -> Void
    ) throws(ResolutionError) -> Any {
        try push(Unretained(registration), as: requestedType, name: name)
        defer { pop() }
        let instance: Any
        do {
            instance = try withResolver { try registration.make($0, arguments) }
        } catch {
            throw wrap(error, of: registration)
        }
        // A rerun of this factory (see `checkCycle`) stored the instance its graph uses: return that one.
        if reruns > 0, let rerunInstance, let stored = rerunInstance() { return stored }
        // `finish(_:of:_:store:)` written out: passing `store` to it crashes Swift 6.3.1's SILGen (a reabstraction
        // thunk of `(Any) -> Void` to the generic `(Instance) -> Void`).
        guard !configuration.with({ $0.finishesPlainly }) else {
            store(instance)
            return instance
        }
        let unretained = Unretained(registration)
        let finished = try decorate(instance, of: unretained, configuration)
        store(finished)
        try runCompletions(on: finished, of: unretained, configuration)
        return finished
    }
}
