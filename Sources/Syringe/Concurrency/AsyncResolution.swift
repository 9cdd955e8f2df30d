/// The resolver an `async` factory receives: the state of one `await`ed resolution.
///
/// Invariant: not tied to a thread (a task moves at every `await`): each value is immutable and describes one
/// point of the resolution; a nested resolve makes a new one. The lock-protected ``ObjectGraph`` is shared with
/// the synchronous resolutions it makes, so graph-scoped instances are the same on both sides.
final class AsyncResolution: AsyncResolver, Sendable {
    struct Frame: Sendable {
        let registration: Registration
        let request: ServiceRequest
    }

    /// What every level of one top-level resolution shares.
    final class Root: Sendable {
        let container: Container
        let graph: ObjectGraph
        /// The container seen through `graph`: synchronous registrations resolve through it, in the same graph.
        let view: Container
        /// Registrations of custom scopes used in this graph, told when the graph completes.
        let customStorages = Locked<[Registration]>([])
        /// Set for `container.async.verify()`: every instance is kept in the graph only.
        let verification: AsyncVerification?
        /// Whether `graph` was made for this resolution (not one the container pins for later resolutions).
        private let ownsGraph: Bool

        init(container: Container, verification: AsyncVerification? = nil) {
            self.container = container
            self.verification = verification
            let graph = container.pinnedGraph ?? ObjectGraph()
            graph.enter()
            self.graph = graph
            ownsGraph = container.pinnedGraph == nil
            self.view = container.withObjectGraph(GraphIdentifier(graph: graph)) { $0 }
        }

        /// The binding for `key` as the registry is now (seeing registrations made while suspended).
        func binding(for key: ServiceKey) -> Container.Binding? {
            let registry = RegistrySnapshot(of: container)
            return registry.binding(for: key)
        }

        /// Ends the resolution: the graph stops holding its instances for it, custom storages learn it completed.
        /// An owned graph is forgotten: a resolver kept by a service starts a new top-level resolution.
        func finish() {
            if ownsGraph { graph.leaveForgetting() } else { graph.leave() }
            for registration in customStorages.withLock({ $0 }) {
                registration.state.withLock { $0.customStorage?.graphResolutionCompleted() }
            }
        }
    }

    let root: Root
    /// The path from the top-level request to the registration this resolver makes (empty at the top level).
    let frames: [Frame]
    /// The shared creations this resolution runs inside, innermost first.
    let enclosing: [Registration]
    /// Whether the factory (or top-level call) this resolver was made for still runs; once not, a resolve through
    /// it starts a new top-level resolution.
    private let running = Locked(true)

    init(root: Root, frames: [Frame] = [], enclosing: [Registration] = []) {
        self.root = root
        self.frames = frames
        self.enclosing = enclosing
    }

    private var isRunning: Bool { running.withLock { $0 } }

    func end() {
        running.withLock { $0 = false }
    }

    // MARK: Resolver (synchronous registrations, in the same graph)

    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
        do {
            return try syncRequire { (container) throws(ResolutionError) in
                try container.require(serviceType, name: name)
            }
        } catch {
            Container.log(error)
            return nil
        }
    }

    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service? {
        do {
            return try syncRequire { (container) throws(ResolutionError) in
                try container.require(serviceType, name: name, arguments: repeat each arguments)
            }
        } catch {
            Container.log(error)
            return nil
        }
    }

    func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service {
        try syncRequire { (container) throws(ResolutionError) in try container.require(serviceType, name: name) }
    }

    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try syncRequire { (container) throws(ResolutionError) in
            try container.require(serviceType, name: name, arguments: repeat each arguments)
        }
    }

    /// Runs a synchronous resolution in this graph, its errors prefixed with this path; once over, a new one.
    private func syncRequire<Service>(
        _ body: (Container) throws(ResolutionError) -> Service
    ) throws(ResolutionError) -> Service {
        guard isRunning else { return try body(root.container) }
        do {
            return try inGraph(body)
        } catch {
            throw prefixed(error)
        }
    }

    /// Through the container's view of the graph, or, when verifying, a context keeping every instance in the graph.
    private func inGraph<Service>(
        _ body: (Container) throws(ResolutionError) -> Service
    ) throws(ResolutionError) -> Service {
        guard let verification = root.verification else { return try body(root.view) }
        return try verification.synchronously(in: root, below: frames) { () throws(ResolutionError) in
            try body(root.container)
        }
    }

    // MARK: AsyncResolver

    func resolve<Service>(_ serviceType: Service.Type, name: String?) async -> Service? {
        do {
            return try await require(serviceType, name: name)
        } catch {
            Container.log(error)
            return nil
        }
    }

    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) async -> Service? {
        do {
            return try await require(serviceType, name: name, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }

    func require<Service>(_ serviceType: Service.Type, name: String?) async throws(ResolutionError) -> Service {
        guard isRunning else {
            return try await AsyncContainerResolver(container: root.container).require(serviceType, name: name)
        }
        // A synchronous registration resolves here at once, by one lookup (not when verifying).
        if root.verification == nil {
            do {
                return try root.view.requireUnlessAwaited(Service.self, name: name)
            } catch {
                if case .failed(let failure) = error { throw prefixed(failure) }
            }
        }
        let key = ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: name)
        let found = root.binding(for: key)
        if found?.registration.isolatedToMainActor == true {
            return try await onMainActor { [self] () throws(ResolutionError) in
                try inGraph { (container) throws(ResolutionError) in try container.require(Service.self, name: name) }
            }
        }
        guard let binding = found, binding.registration.asyncFactory != nil else {
            return try syncRequire { (container) throws(ResolutionError) in
                try container.require(serviceType, name: name)
            }
        }
        let instance = try await instance(
            of: binding.registration, as: Service.self, name: name, arguments: InstanceBox(value: ())
        )
        return try cast(instance, to: Service.self, name: name, registration: binding.registration)
    }

    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        guard isRunning else {
            return try await AsyncContainerResolver(container: root.container)
                .require(serviceType, name: name, arguments: repeat each arguments)
        }
        let key = ServiceKey(
            serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name
        )
        let found = root.binding(for: key)
        if found?.registration.isolatedToMainActor == true {
            let handoff = MainActorHandoff(value: (repeat each arguments))
            return try await onMainActor { [self] () throws(ResolutionError) in
                let values = handoff.value
                return try inGraph { (container) throws(ResolutionError) in
                    try container.require(Service.self, name: name, arguments: repeat each values)
                }
            }
        }
        guard let binding = found, binding.registration.asyncFactory != nil else {
            return try syncRequire { (container) throws(ResolutionError) in
                try container.require(serviceType, name: name, arguments: repeat each arguments)
            }
        }
        let instance = try await instance(
            of: binding.registration, as: Service.self, name: name,
            arguments: InstanceBox(value: (repeat each arguments))
        )
        return try cast(instance, to: Service.self, name: name, registration: binding.registration)
    }

    /// Runs a synchronous resolution on the main actor, permitted to run `@MainActor` factories.
    private func onMainActor<Service>(
        _ body: @escaping @Sendable () throws(ResolutionError) -> Service
    ) async throws(ResolutionError) -> Service {
        let outcome = await MainActor.run {
            MainActorPermit.$thread.withValue(currentThreadIdentity()) {
                MainActorHandoff(value: Result { () throws(ResolutionError) in try body() })
            }
        }
        switch outcome.value {
        case .success(let service):
            return service
        case .failure(let error):
            throw prefixed(error)
        }
    }

    // MARK: Making

    /// Runs the `async` factory, then the `initCompleted` closures, one level deeper on the path.
    func make(
        _ registration: Registration,
        request: ServiceRequest,
        arguments: InstanceBox,
        completions: [Registration.Completion]
    ) async throws(ResolutionError) -> Any {
        let child = AsyncResolution(
            root: root, frames: frames + [Frame(registration: registration, request: request)], enclosing: enclosing
        )
        defer { child.end() }
        guard let factory = registration.asyncFactory else {
            throw child.wrap(AsyncFactoryRequired(), of: registration)
        }
        // One `catch` for every step: one landing site, less code.
        do {
            var instance = try await factory(child, arguments).value
            // The registration's configuration of now; one without decorators or injection skips both.
            let configuration = registration.configuration
            if !configuration.finishesPlainly {
                for decorator in configuration.decorators {
                    instance = try decorator(child, instance)
                }
                if configuration.injectsProperties {
                    try await PropertyInjector.fill(
                        instance, awaiting: child, registration: registration, reinjector: child, isolation: nil)
                }
            }
            for completion in completions {
                try completion(child, instance)
            }
            if configuration.injectsProperties { PropertyInjector.notifyCompletion(of: instance, from: child) }
            return instance
        } catch {
            root.verification?.failed(registration)  // the origin of the failure, for the dependency graph
            throw child.wrap(error, of: registration)
        }
    }

    // MARK: Errors

    func checkCycle(_ registration: Registration, request: ServiceRequest) throws(ResolutionError) {
        if frames.contains(where: { $0.registration === registration }) {
            throw cycleError(closingAt: registration, request: request)
        }
    }

    /// A cycle that closes at `registration`: from its frame on the path, or, when other tasks take part, from the
    /// innermost shared creation this resolution runs inside.
    func cycleError(closingAt registration: Registration, request: ServiceRequest) -> ResolutionError {
        let path = frames.map(\.request)
        var cycle: [ServiceRequest]
        if let start = frames.firstIndex(where: { $0.registration === registration }) {
            cycle = Array(path[start...]) + [request]
        } else if let innermost = enclosing.first,
            let start = frames.lastIndex(where: { $0.registration === innermost })
        {
            cycle = Array(path[start...]) + [request, path[start]]
        } else {
            cycle = [request, request]
        }
        if cycle.count < 2 { cycle = [request, request] }
        return ResolutionError(
            kind: .circularDependency(cycle: cycle),
            request: request,
            path: path + [request],
            registration: registration.describe(as: request.serviceType, name: .some(request.name))
        )
    }

    /// Throws ``ResolutionError/Kind/containerShutDown`` when `lifecycle`, which would keep the instance, is shut down.
    func checkOpen(
        _ lifecycle: LifecycleStore, for registration: Registration, request: ServiceRequest
    ) throws(ResolutionError) {
        guard lifecycle.isShutDown else { return }
        throw ResolutionError(
            kind: .containerShutDown, request: request, path: frames.map(\.request) + [request],
            registration: registration.describe(as: request.serviceType, name: .some(request.name)))
    }

    func wrap(_ error: any Error, of registration: Registration) -> ResolutionError {
        if let error = error as? ResolutionError { return error }
        let path = frames.map(\.request)
        let kind: ResolutionError.Kind =
            if let failure = error as? RequestScopeFailure {
                failure.kind
            } else {
                error is AsyncFactoryRequired ? .asyncFactory : .factoryFailed(underlying: error)
            }
        return ResolutionError(
            kind: kind,
            request: path.last ?? registration.request,
            path: path,
            registration: registration.describe()
        )
    }

    /// `error` from a synchronous resolution made here, with this resolution's path in front of its own.
    private func prefixed(_ error: ResolutionError) -> ResolutionError {
        guard !frames.isEmpty else { return error }
        return error.replacingPath(frames.map(\.request) + error.path)
    }

    private func cast<Service>(
        _ instance: Any, to serviceType: Service.Type, name: String?, registration: Registration
    ) throws(ResolutionError) -> Service {
        // Stored exactly as `Service`: taken out with no dynamic cast and no `Optional<Service>` metadata lookup.
        if holdsExactly(instance, Service.self) { return value(ofExactly: instance, as: Service.self) }
        return try castDynamically(instance, to: serviceType, name: name, registration: registration)
    }

    /// ``cast(_:to:name:registration:)``'s dynamic cast, out of line: its `Service?` would make every call look up
    /// `Optional<Service>`'s metadata (about 325 instructions per awaited request, measured).
    @inline(never)
    private func castDynamically<Service>(
        _ instance: Any, to serviceType: Service.Type, name: String?, registration: Registration
    ) throws(ResolutionError) -> Service {
        if let service = instance as? Service { return service }
        let request = ServiceRequest(serviceType: Service.self, name: name, argumentTypes: registration.argumentTypes)
        throw ResolutionError(
            kind: .wrongInstanceType(actual: type(of: instance)),
            request: request,
            path: frames.map(\.request) + [request],
            registration: registration.describe(as: Service.self, name: .some(name))
        )
    }
}
