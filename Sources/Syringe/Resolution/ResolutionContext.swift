/// The resolver a factory receives: the state of one top-level resolution.
///
/// It holds the object graph (graph-scoped instances made so far) and the path of registrations being made,
/// for cycle detection and messages. Each top-level `resolve` on a ``Container`` makes one, so resolutions
/// on different threads share no mutable state and never wait on each other, except for the one-time
/// creation of the same shared instance.
final class ResolutionContext: Resolver, @unchecked Sendable {
    // @unchecked Sendable: the mutable state below is touched only by `owner`, the thread that runs the
    // top-level resolution, and only while it runs (factories are synchronous, so every nested resolve
    // happens on that thread). A resolver that escapes a factory and is used later, or from another thread,
    // never touches that state: `isActiveHere` sends such calls to the container as new top-level
    // resolutions, and it reads only the immutable `owner` before deciding.

    /// The container resolves start from (the one the top-level resolve was called on).
    let container: Container
    /// The thread running this resolution.
    let owner: UInt

    /// The registrations this resolution sees, fixed when it started.
    private var registry: RegistrySnapshot
    private var top: UnsafeMutablePointer<ResolutionFrame>?
    private var depth = 0
    private var localGraph: [ObjectIdentifier: Any] = [:]
    private var sharedGraph: ObjectGraph?
    private var customStorages: [Registration] = []
    /// How many factories were run a second time to close an initializer/property cycle (see `checkCycle`).
    private var reruns = 0
    /// The address below which this thread's stack must not grow (see ``StackLimit``).
    private let stackLimit: UInt
    /// How many frames at depth `countedDepth` or less each registration has: `checkCycle` walks only the
    /// frames above them, and looks the rest up here, so its cost does not grow with the depth.
    private var countedFrames: [ObjectIdentifier: Int] = [:]
    /// The depth of the deepest frame counted in `countedFrames` (0: none).
    private var countedDepth = 0
    /// Diagnostics watching this resolution (``Container/verify(samples:)`` or a trace); `nil` on the normal path.
    /// Set before the resolution starts and used only by `owner`, like the state above.
    var observer: ResolutionObserver?

    init(container: Container, graph: ObjectGraph?, registry: RegistrySnapshot? = nil) {
        self.container = container
        self.registry = registry ?? RegistrySnapshot(of: container)
        self.owner = currentThreadIdentity()
        self.stackLimit = StackLimit.current()
        if let graph {
            graph.enter()
            sharedGraph = graph
        }
    }

    /// Ends the resolution: releases the shared graph and tells custom storages the graph completed.
    func finish() {
        sharedGraph?.leave()
        for registration in customStorages {
            registration.state.withLock { $0.customStorage?.graphResolutionCompleted() }
        }
        customStorages.removeAll()
    }

    /// Whether a call on this resolver is a nested resolve of the running resolution.
    @inline(__always)
    private var isActiveHere: Bool {
        owner == currentThreadIdentity() && depth > 0
    }

    // MARK: Resolver

    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
        do {
            return try require(serviceType, name: name)
        } catch {
            Container.log(error)
            return nil
        }
    }

    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service? {
        do {
            return try require(serviceType, name: name, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }

    func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service {
        guard isActiveHere else {
            return try container.require(serviceType, name: name)
        }
        let key = ServiceKey(serviceType: Service.self, argumentsType: noArgumentsType, name: name)
        return try resolve(key: key, as: Service.self, name: name, arguments: ()) { [] }
    }

    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        guard isActiveHere else {
            return try container.require(serviceType, name: name, arguments: repeat each arguments)
        }
        let key = ServiceKey(
            serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name
        )
        return try resolve(key: key, as: Service.self, name: name, arguments: (repeat each arguments)) {
            argumentTypeList(repeat (each Argument).self)
        }
    }

    // MARK: Resolution

    /// Resolves `key` as `Service`: finds the binding (or a wrapper to build), makes or reuses the instance,
    /// and checks its type.
    func resolve<Service>(
        key: ServiceKey,
        as serviceType: Service.Type,
        name: String?,
        arguments: Any,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        guard let binding = registry.binding(for: key) else {
            return try resolveUnregistered(key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
        }
        let instance = try instance(of: binding.registration, as: Service.self, name: name, arguments: arguments)
        return try cast(instance, to: Service.self, name: name, registration: binding.registration)
    }

    /// The instance of `registration`, reused from its scope or made now. With an ``observer`` (verify or
    /// trace), the observer's path runs instead, unless `bypassingObserver` (the observer itself asking for
    /// the scope's normal behaviour).
    func instance(
        of registration: Registration, as requestedType: Any.Type, name: String?, arguments: Any,
        bypassingObserver: Bool = false
    ) throws(ResolutionError) -> Any {
        // The one diagnostics branch on the hot path; marked cold so the normal path stays laid out as before.
        if _slowPath(observer != nil && !bypassingObserver), let observer {
            return try observedInstance(
                of: registration, as: requestedType, name: name, arguments: arguments, observer: observer
            )
        }
        let (scope, completions) = registration.state.withLock { ($0.scope, $0.completions) }
        switch scope.kind {
        case .transient:
            try checkCycle(registration, as: requestedType, name: name)
            return try make(registration, as: requestedType, name: name, arguments: arguments, completions: completions) { _ in }
        case .graph:
            if let instance = graphInstance(of: registration) { return instance }
            try checkCycle(registration, as: requestedType, name: name, allowsRerun: true)
            return try make(
                registration, as: requestedType, name: name, arguments: arguments, completions: completions,
                reusesGraphInstance: true
            ) {
                self.storeInGraph($0, of: registration)
            }
        case .container, .weak:
            return try sharedInstance(
                of: registration, strongly: scope.kind == .container, as: requestedType, name: name,
                arguments: arguments, completions: completions
            )
        case .perContainer:
            // One instance per resolving container: a stand-in registration kept by `container` holds it.
            return try sharedInstance(
                of: container.lifecycle.localRegistration(for: registration, scope: scope), strongly: true,
                as: requestedType, name: name, arguments: arguments, completions: completions
            )
        case .custom:
            return try customInstance(
                of: registration, scope: scope, as: requestedType, name: name, arguments: arguments,
                completions: completions
            )
        }
    }

    /// Runs the factory and the `initCompleted` closures of `registration` with a frame on the path.
    /// `store` keeps the new instance in its scope before `initCompleted` runs, so cycles through property
    /// injection find it.
    func make(
        _ registration: Registration,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any,
        completions: [Registration.Completion],
        reusesGraphInstance: Bool = false,
        store: (Any) -> Void
    ) throws(ResolutionError) -> Any {
        var frame = ResolutionFrame(
            registration: registration, requestedType: requestedType, name: name, phase: .factory,
            parent: top, depth: depth + 1
        )
        return try withUnsafeMutablePointer(to: &frame) { (frame) throws(ResolutionError) -> Any in
            // The frame lives on this thread's stack: its address tells how much stack is left.
            if _slowPath(UInt(bitPattern: frame) < stackLimit) {
                throw stackExhaustedError(at: registration, as: requestedType, name: name)
            }
            let parent = top
            top = frame
            depth += 1
            if _slowPath(depth - countedDepth > 2 * uncountedWindow) { countFrames() }
            defer {
                if _slowPath(depth <= countedDepth) { uncount(frame) }
                top = parent
                depth -= 1
            }
            let instance: Any
            do {
                instance = try registration.factory(self, arguments)
            } catch {
                throw wrap(error, of: registration)
            }
            // A rerun of this factory (see `checkCycle`) stored the instance its graph uses: return that one.
            if reusesGraphInstance, reruns > 0, let stored = graphInstance(of: registration) { return stored }
            store(instance)
            if !completions.isEmpty {
                frame.pointee.phase = .completing
                for completion in completions {
                    do {
                        try completion(self, instance)
                    } catch {
                        throw wrap(error, of: registration)
                    }
                }
            }
            return instance
        }
    }

    // MARK: Scopes

    func graphInstance(of registration: Registration) -> Any? {
        let id = ObjectIdentifier(registration)
        if let sharedGraph { return sharedGraph.instance(for: id) }
        return localGraph.isEmpty ? nil : localGraph[id]
    }

    func storeInGraph(_ instance: Any, of registration: Registration) {
        let id = ObjectIdentifier(registration)
        if let sharedGraph {
            sharedGraph.store(instance, for: id)
        } else {
            localGraph[id] = instance
        }
    }

    /// The identifier of this resolution's graph; from now on the graph's instances are shared.
    func graphIdentifier() -> GraphIdentifier {
        if let sharedGraph { return GraphIdentifier(graph: sharedGraph) }
        let graph = ObjectGraph()
        graph.enter()
        graph.store(contentsOf: localGraph)
        localGraph = [:]
        sharedGraph = graph
        return GraphIdentifier(graph: graph)
    }

    /// The instance of a `.container` (`strongly`) or `.weak` registration: made once, however many threads
    /// ask at the same time.
    private func sharedInstance(
        of registration: Registration,
        strongly: Bool,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any,
        completions: [Registration.Completion]
    ) throws(ResolutionError) -> Any {
        if !strongly, let instance = graphInstance(of: registration) { return instance }
        while true {
            let decision = registration.state.withLock { state -> SharedDecision in
                switch state.shared {
                case .strong(let instance):
                    return .use(instance)
                case .weak(let reference):
                    if let object = reference.object { return .use(object) }
                    state.shared = .creating(owner: owner, partial: nil, hasWaiters: false)
                    return .create
                case .empty:
                    state.shared = .creating(owner: owner, partial: nil, hasWaiters: false)
                    return .create
                case .creating(let creator, let partial, _):
                    guard creator == owner else { return .wait }
                    if let partial { return .use(partial) }
                    return .cycle
                }
            }
            switch decision {
            case .use(let instance):
                return instance
            case .cycle:
                throw cycleError(closingAt: registration, as: requestedType, name: name)
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
                do {
                    let instance = try make(
                        registration, as: requestedType, name: name, arguments: arguments, completions: completions
                    ) { instance in
                        if !strongly { self.storeInGraph(instance, of: registration) }
                        self.publish(instance, of: registration, final: false, strongly: strongly)
                    }
                    publish(instance, of: registration, final: true, strongly: strongly)
                    return instance
                } catch {
                    abandonCreation(of: registration)
                    throw error
                }
            }
        }
    }

    private enum SharedDecision {
        case use(Any)
        case create
        case wait
        case cycle
    }

    /// Records the new instance: as partial (visible only to this thread) while `initCompleted` runs, then as
    /// the scope's instance, waking any thread that waits for it.
    private func publish(_ instance: Any, of registration: Registration, final: Bool, strongly: Bool) {
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
            if strongly {
                state.shared = .strong(instance)
            } else if let object = asObject(instance) {
                state.shared = .weak(WeakReference(object))
            } else {
                state.shared = .empty
                return hasWaiters
            }
            registration.lifecycle.record(instance, of: registration, custom: false)
            return hasWaiters
        }
        if wake { CreationCoordinator.shared.creationEnded(of: registration) }
    }

    /// Forgets a creation that failed, so the next resolve tries again, and wakes waiting threads.
    private func abandonCreation(of registration: Registration) {
        registration.state.withLock { state in
            if case .creating(let creator, _, _) = state.shared, creator == owner { state.shared = .empty }
        }
        CreationCoordinator.shared.creationEnded(of: registration)
    }

    /// The instance of a registration in a custom scope, kept by the scope's ``InstanceStorage``.
    private func customInstance(
        of registration: Registration,
        scope: any ObjectScopeProtocol,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any,
        completions: [Registration.Completion]
    ) throws(ResolutionError) -> Any {
        let graph = graphIdentifier()
        let newStorage = registration.state.withLock { $0.customStorage } == nil ? scope.makeStorage() : nil
        let existing = registration.state.withLock { state -> Any? in
            if state.customStorage == nil { state.customStorage = newStorage }
            return state.customStorage?.instance(inGraph: graph)
        }
        if let existing { return existing }
        try checkCycle(registration, as: requestedType, name: name)
        return try make(registration, as: requestedType, name: name, arguments: arguments, completions: completions) {
            instance in
            registration.state.withLock { state in
                guard !state.isRetired else { return }
                state.customStorage?.setInstance(instance, inGraph: graph)
                registration.lifecycle.record(instance, of: registration, custom: true)
            }
            if !customStorages.contains(where: { $0 === registration }) { customStorages.append(registration) }
        }
    }

    // MARK: Errors

    /// Throws if asking for `registration` now can only recurse forever: its factory (or, for a transient
    /// registration, its `initCompleted`) is already running in this resolution.
    ///
    /// One exception keeps Swinject's behaviour for a graph-scoped service injected by initializer into a
    /// service that refers back to it by property: `Parent(child:)` with `child.parent` set in the child's
    /// `initCompleted`. There the request comes back through an `initCompleted` closure whose instance is
    /// already stored, so running the factory once more terminates; the instance that second run stores is the
    /// one the first run returns (see `make`). `allowsRerun` enables it; it is granted once per registration.
    func checkCycle(
        _ registration: Registration, as requestedType: Any.Type, name: String?, allowsRerun: Bool = false
    ) throws(ResolutionError) {
        var frame = top
        var throughCompletion = false
        var found: UnsafeMutablePointer<ResolutionFrame>?
        var occurrences = 0
        // Walk the uncounted frames (at most twice `uncountedWindow`); the counted ones are looked up.
        while let current = frame, current.pointee.depth > countedDepth {
            if current.pointee.registration === registration {
                occurrences += 1
                if found == nil { found = current }
            } else if found == nil, current.pointee.phase == .completing {
                throughCompletion = true
            }
            frame = current.pointee.parent
        }
        if countedDepth > 0, let deeper = countedFrames[ObjectIdentifier(registration)] {
            guard found != nil else {
                // The registration runs only further down: rare (a cycle, or a rerun across many levels), so
                // the whole path is walked.
                return try checkCycleOnWholePath(registration, as: requestedType, name: name, allowsRerun: allowsRerun)
            }
            occurrences += deeper
        }
        guard let found else { return }
        if allowsRerun, throughCompletion, occurrences == 1, found.pointee.phase == .factory {
            reruns += 1
            return
        }
        throw cycleError(closingAt: registration, as: requestedType, name: name)
    }

    /// ``checkCycle(_:as:name:allowsRerun:)`` walking every frame of the path.
    private func checkCycleOnWholePath(
        _ registration: Registration, as requestedType: Any.Type, name: String?, allowsRerun: Bool
    ) throws(ResolutionError) {
        var frame = top
        var throughCompletion = false
        var found: UnsafeMutablePointer<ResolutionFrame>?
        var occurrences = 0
        while let current = frame {
            if current.pointee.registration === registration {
                occurrences += 1
                if found == nil { found = current }
            } else if found == nil, current.pointee.phase == .completing {
                throughCompletion = true
            }
            frame = current.pointee.parent
        }
        guard let found else { return }
        if allowsRerun, throughCompletion, occurrences == 1, found.pointee.phase == .factory {
            reruns += 1
            return
        }
        throw cycleError(closingAt: registration, as: requestedType, name: name)
    }

    /// How many of the innermost frames `checkCycle` always walks before counting the deeper ones.
    private var uncountedWindow: Int { 32 }

    /// Counts the frames from `uncountedWindow` below the top down to the counted ones, so `checkCycle` walks
    /// at most `uncountedWindow` frames again. Each frame is counted once and uncounted when it ends.
    private func countFrames() {
        var frame = top
        for _ in 0..<uncountedWindow { frame = frame?.pointee.parent }
        let newDepth = frame?.pointee.depth ?? 0
        while let current = frame, current.pointee.depth > countedDepth {
            countedFrames[ObjectIdentifier(current.pointee.registration), default: 0] += 1
            frame = current.pointee.parent
        }
        countedDepth = newDepth
    }

    /// Forgets a counted frame that ends.
    private func uncount(_ frame: UnsafeMutablePointer<ResolutionFrame>) {
        let id = ObjectIdentifier(frame.pointee.registration)
        if let count = countedFrames[id], count > 1 {
            countedFrames[id] = count - 1
        } else {
            countedFrames[id] = nil
        }
        countedDepth = frame.pointee.depth - 1
    }

    /// The requests from the top-level call to the innermost running one.
    func currentPath() -> [ServiceRequest] {
        var path: [ServiceRequest] = []
        var frame = top
        while let current = frame {
            path.append(current.pointee.request)
            frame = current.pointee.parent
        }
        return path.reversed()
    }

    /// The error for a cycle that closes at `registration`. When other threads take part (`loop`, from the
    /// coordinator), the cycle runs from this thread's frame of the loop's last registration, through the
    /// request, and on through the registrations the other threads wait for.
    private func cycleError(
        closingAt registration: Registration, as requestedType: Any.Type, name: String?,
        acrossThreads loop: [Registration] = []
    ) -> ResolutionError {
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        var frames: [ResolutionFrame] = []
        var frame = top
        while let current = frame {
            frames.append(current.pointee)
            frame = current.pointee.parent
        }
        frames.reverse()
        let closing = loop.last ?? registration
        let start = frames.firstIndex { $0.registration === closing } ?? frames.count
        let cycle = frames[start...].map(\.request) + [request] + loop.map(\.request)
        let involved =
            frames[start...].map { $0.registration.describe(as: $0.requestedType, name: .some($0.name)) }
            + loop.map { $0.describe() }
        return ResolutionError(
            kind: .circularDependency(cycle: cycle.count > 1 ? cycle : [request, request]),
            request: request,
            path: currentPath() + [request],
            registrations: involved.isEmpty ? [registration.describe(as: requestedType, name: .some(name))] : involved,
            registration: registration.describe(as: requestedType, name: .some(name))
        )
    }

    /// The error for a factory that cannot run: the thread's stack is nearly full.
    private func stackExhaustedError(
        at registration: Registration, as requestedType: Any.Type, name: String?
    ) -> ResolutionError {
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        return ResolutionError(
            kind: .stackExhausted(depth: depth + 1),
            request: request,
            path: currentPath() + [request],
            registration: registration.describe(as: requestedType, name: .some(name))
        )
    }

    private func wrap(_ error: any Error, of registration: Registration) -> ResolutionError {
        if let error = error as? ResolutionError { return error }
        let path = currentPath()
        if error is AsyncFactoryRequired {
            return ResolutionError(
                kind: .asyncFactory, request: path.last ?? registration.request, path: path,
                registration: registration.describe()
            )
        }
        return ResolutionError(
            kind: .factoryFailed(underlying: error),
            request: path.last ?? registration.request,
            path: path,
            registration: registration.describe(),
            failedInInitCompleted: top?.pointee.phase == .completing
        )
    }

    private func cast<Service>(
        _ instance: Any, to serviceType: Service.Type, name: String?, registration: Registration
    ) throws(ResolutionError) -> Service {
        if let service = instance as? Service { return service }
        let request = ServiceRequest(serviceType: Service.self, name: name, argumentTypes: registration.argumentTypes)
        throw ResolutionError(
            kind: .wrongInstanceType(actual: type(of: instance)),
            request: request,
            path: currentPath() + [request],
            registration: registration.describe()
        )
    }

    /// Resolves a request no binding answers: a wrapper (`Optional`, ``Lazy``, ``Provider``) of a registered
    /// type, the current ``GraphIdentifier``, or an error that tells what is registered instead.
    private func resolveUnregistered<Service>(
        key: ServiceKey,
        as serviceType: Service.Type,
        name: String?,
        arguments: Any,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        if Service.self == GraphIdentifier.self, let identifier = graphIdentifier() as? Service {
            return identifier
        }
        if let wrapper = Service.self as? any InstanceWrapper.Type {
            let wrappedKey = ServiceKey(
                serviceType: ObjectIdentifier(wrapper.wrappedType), argumentsType: key.argumentsType, name: name
            )
            let binding = registry.binding(for: wrappedKey)
            let request = WrappedRequest(
                key: wrappedKey, name: name, arguments: ArgumentBox(arguments), argumentTypes: argumentTypes()
            )
            if let made = try wrapper.make(in: self, binding: binding, request: request) as? Service {
                return made
            }
        }
        let request = ServiceRequest(serviceType: Service.self, name: name, argumentTypes: argumentTypes())
        throw container.missError(for: request, path: currentPath() + [request])
    }
}
