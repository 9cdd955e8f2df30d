/// The state of one top-level resolution: the engine behind every synchronous resolve.
///
/// It holds the object graph (graph-scoped instances made so far) and the path of registrations being made,
/// for cycle detection and messages. Factories and `initCompleted` closures receive the container the resolve
/// went through, as in Swinject, not this object: while the resolution runs, the context is the thread's
/// active one (``ResolvingThread/activeContext``), and a resolve called on that same container from the same
/// thread (a factory's `r.resolve`) joins it instead of starting a new resolution. Each thread keeps one idle
/// context and reuses it for its next top-level resolve (see ``ResolvingThread``), so resolving allocates
/// nothing; resolutions on different threads share no mutable state and never wait on each other, except for
/// the one-time creation of the same shared instance.
///
/// A reused context is reset completely when its resolution ends (``reset()``): the graph, the path, the
/// cycle counts, the observer, the registry view and the container are all cleared.
final class ResolutionContext: @unchecked Sendable {
    // @unchecked Sendable: the mutable state below is touched only by `owner`, the thread that runs the
    // top-level resolution, and only while it runs (factories are synchronous, so every nested resolve
    // happens on that thread, found through that thread's `activeContext`). Nothing else keeps a context:
    // a ``Lazy`` or ``Provider`` keeps the container, the graph and the registration, never the context.

    /// The container resolves start from (the one the top-level resolve was called on). Not retained while a
    /// pooled context runs: the top-level call's caller keeps the container alive, and retaining it would
    /// write to memory that every thread resolving from the container shares. `keptContainer` retains it for
    /// a context made for one resolution.
    @exclusivity(unchecked) private(set) unowned(unsafe) var container: Container
    /// Retains `container` for a context made for one resolution.
    @exclusivity(unchecked) private var keptContainer: Container?
    /// `container` as the `any Resolver` factories receive, without a reference of its own.
    @exclusivity(unchecked) private var resolver = BorrowedResolver()
    /// The thread running this resolution.
    let owner: UInt

    /// The registrations this resolution sees, fixed when it started; `nil` between resolutions.
    @exclusivity(unchecked) private var registry: RegistryView?
    /// Retains the tables of `registry` for a resolution that shares a snapshot (verification).
    @exclusivity(unchecked) private var heldSnapshot: RegistrySnapshot?
    /// For a context made for one resolution: the thread whose reading section the context opened.
    @exclusivity(unchecked) private var readingThread: ResolvingThread?
    /// For a context made for one resolution: the thread's active resolution before this one began.
    @exclusivity(unchecked) private var previousActive: Unmanaged<ResolutionContext>?
    /// The path: the frames of the registrations being made, outermost first, `depth` of them. A buffer of the
    /// context rather than the thread's stack, so that a level of nesting costs no stack for its frame, nor
    /// for the closure that `withUnsafeMutablePointer` would need to give it an address. It is reused by the
    /// context's next resolutions and freed with the context.
    @exclusivity(unchecked) private var frames = UnsafeMutablePointer<ResolutionFrame>.allocate(capacity: 16)
    @exclusivity(unchecked) private var frameCapacity = 16
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var localGraph = LocalGraph()
    @exclusivity(unchecked) private var sharedGraph: ObjectGraph?
    @exclusivity(unchecked) private var customStorages: [Registration] = []
    /// How many factories were run a second time to close an initializer/property cycle (see `checkCycle`).
    @exclusivity(unchecked) private var reruns = 0
    /// The address below which this thread's stack must not grow (see ``StackLimit``).
    private let stackLimit: UInt
    /// How many frames at depth `countedDepth` or less each registration has: `checkCycle` walks only the
    /// frames above them, and looks the rest up here, so its cost does not grow with the depth.
    @exclusivity(unchecked) private var countedFrames: [ObjectIdentifier: Int] = [:]
    /// The depth of the deepest frame counted in `countedFrames` (0: none).
    @exclusivity(unchecked) private var countedDepth = 0
    /// Diagnostics watching this resolution (``Container/verify(samples:)`` or a trace); `nil` on the normal path.
    /// Set before the resolution starts and used only by `owner`, like the state above.
    @exclusivity(unchecked) var observer: ResolutionObserver?

    /// A context for one resolution outside the resolve path (a trace, verification, a ``Lazy``, an eager
    /// singleton): it opens its own reading section, which ``finish()`` closes, and retains the container.
    init(container: Container, graph: ObjectGraph?, registry snapshot: RegistrySnapshot? = nil) {
        self.container = container
        self.keptContainer = container
        self.resolver.bind(to: container)
        self.owner = currentThreadIdentity()
        self.stackLimit = StackLimit.current()
        let thread = ResolvingThread.current
        thread.enterReading()
        self.readingThread = thread
        self.previousActive = thread.activate(self)
        if let snapshot {
            self.registry = RegistryView(snapshot)
            self.heldSnapshot = snapshot
        } else {
            self.registry = RegistryView(of: container)
        }
        if let graph {
            graph.enter()
            sharedGraph = graph
        }
    }

    deinit {
        frames.deinitialize(count: depth)
        frames.deallocate()
    }

    /// A context a thread keeps for its top-level resolves; ``begin(container:registry:graph:)`` starts each.
    init(pooledFor container: Container) {
        self.container = container
        self.owner = currentThreadIdentity()
        self.stackLimit = StackLimit.current()
    }

    /// Starts a top-level resolution of `container` in a pooled context, inside the caller's reading section.
    @inline(__always)
    func begin(container: Container, registry: RegistryView, graph: ObjectGraph?) {
        self.container = container
        resolver.bind(to: container)
        self.registry = registry
        if let graph {
            graph.enter()
            sharedGraph = graph
        }
    }

    /// Ends the resolution: releases the shared graph and tells custom storages the graph completed.
    func finish() {
        if let sharedGraph {
            sharedGraph.leave()
            self.sharedGraph = nil
        }
        if !customStorages.isEmpty {
            for registration in customStorages {
                registration.state.withLock { $0.customStorage?.graphResolutionCompleted() }
            }
            customStorages.removeAll()
        }
        if let readingThread {
            self.readingThread = nil
            readingThread.deactivate(restoring: previousActive)
            previousActive = nil
            readingThread.leaveReading()
        }
    }

    /// Clears every field a resolution set, so the next resolution starts as a new context would; called on a
    /// pooled context nothing else references.
    func reset() {
        registry = nil
        if heldSnapshot != nil { heldSnapshot = nil }
        depth = 0
        localGraph.removeAll()
        if sharedGraph != nil { sharedGraph = nil }
        if !customStorages.isEmpty { customStorages.removeAll() }
        reruns = 0
        if !countedFrames.isEmpty { countedFrames.removeAll(keepingCapacity: true) }
        countedDepth = 0
        if observer != nil { observer = nil }
    }

    /// Whether this resolution resolves from `container`: a resolve called on it joins this resolution.
    @inline(__always)
    func isResolving(from container: borrowing Container) -> Bool {
        Unmanaged.passUnretained(self.container).toOpaque() == Unmanaged.passUnretained(container).toOpaque()
    }

    // The fields are marked `@exclusivity(unchecked)`: one thread uses them, and no access overlaps another, so
    // the runtime's dynamic exclusivity checks (about 300 instructions per resolve) would find nothing.

    // MARK: Nested resolves

    /// A resolve without arguments called on the container of `active`, the resolution running on this thread (a
    /// factory's `r.resolve(Service.self)`): it joins that resolution. Inlined into the container's `require`
    /// (and so into its `Resolver` witness), whose top-level path is out of line: a level of nesting is then one
    /// frame, as small as this path needs.
    @inline(__always)
    static func requireNested<Service>(
        in active: Unmanaged<ResolutionContext>, key: ServiceKey, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try requireNested(in: active, key: key, as: Service.self, name: name, arguments: ()) { [] }
    }

    /// ``requireNested(in:key:as:name:)`` out of line, for the top-level entry points, where a nested resolve is
    /// the rare case.
    @inline(never)
    static func requireNestedOutOfLine<Service>(
        in active: Unmanaged<ResolutionContext>, key: ServiceKey, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try requireNested(in: active, key: key, as: Service.self, name: name)
    }

    /// A resolve called on the container of `active`, the resolution running on this thread: it joins it.
    @inline(__always)
    static func requireNested<Service, Arguments>(
        in active: Unmanaged<ResolutionContext>, key: ServiceKey, as serviceType: Service.Type, name: String?,
        arguments: Arguments, argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        // Not retained (it would be once per nested resolve): the resolution keeps its context until it finishes,
        // after this call returns. The closure throws only `ResolutionError`; the untyped rethrow of
        // `_withUnsafeGuaranteedRef` costs nothing unless it throws.
        do {
            return try active._withUnsafeGuaranteedRef { context in
                try context.resolveNested(
                    key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
            }
        } catch let error as ResolutionError {
            throw error
        } catch {
            let request = ServiceRequest(serviceType: Service.self, name: name, argumentTypes: argumentTypes())
            throw ResolutionError(kind: .factoryFailed(underlying: error), request: request)
        }
    }

    /// A resolve called on this resolution's container while the resolution runs on this thread (a factory's
    /// `r.resolve`): it joins this resolution, its graph and its path. Inlined into the container's resolve,
    /// specialized for the arguments, so a resolve without arguments makes no `Any` for them.
    @inline(__always)
    func resolveNested<Service, Arguments>(
        key: ServiceKey, as serviceType: Service.Type, name: String?, arguments: Arguments,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        guard let hit = lookup(key) else {
            if Arguments.self == Void.self {
                return try resolveUnregisteredWithoutArguments(key: key, as: Service.self, name: name)
            }
            return try resolveUnregistered(
                key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
        }
        if Arguments.self == Void.self {
            return try resolveWithoutArguments(hit, as: Service.self, name: name)
        }
        return try resolve(hit, as: Service.self, name: name, arguments: arguments as Any)
    }

    /// Resolves `registration` itself (not what its key is bound to now) as `Service`, with the name and
    /// arguments of `request`: what a ``Lazy`` or ``Provider`` does. The caller keeps the registration alive.
    func resolve<Service>(
        bound registration: Registration, as serviceType: Service.Type, request: WrappedRequest
    ) throws(ResolutionError) -> Service {
        let instance = try instance(
            of: registration, as: Service.self, name: request.name, arguments: request.arguments.value)
        return try cast(instance, to: Service.self, name: request.name, registration: registration)
    }

    /// Whether this resolution works in `graph` (the graph a ``Lazy`` made by it keeps).
    func isInGraph(_ graph: ObjectGraph) -> Bool {
        sharedGraph === graph
    }

    /// Runs `body` with the container this resolution resolves from, as the resolver factories receive, without
    /// retaining it (the top-level call's caller, or `keptContainer`, keeps it alive; see ``BorrowedResolver``).
    @inline(__always)
    private func withResolver<Result>(_ body: (any Resolver) throws -> Result) rethrows -> Result {
        try resolver.withResolver(body)
    }

    // MARK: Resolution

    /// The binding for `key` in this resolution's registry. Out of line: it returns before the factory runs, so
    /// its locals (the key's hash, the probe) need not sit in the frame of every level of nesting.
    @inline(never)
    private func lookup(_ key: ServiceKey) -> RegistryView.Hit? {
        registry?.lookup(key)
    }

    /// Every binding of `serviceType` without runtime arguments this resolution sees, in the order multi-injection
    /// resolves them (see ``RegistryView/allBindings(of:)``).
    func allBindings(of serviceType: ObjectIdentifier) -> [RegistryView.Found] {
        registry?.allBindings(of: serviceType) ?? []
    }

    /// Resolves `key` as `Service`: finds the binding (or a wrapper to build), makes or reuses the instance,
    /// and checks its type.
    func resolve<Service>(
        key: ServiceKey,
        as serviceType: Service.Type,
        name: String?,
        arguments: Any,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        guard let hit = lookup(key) else {
            return try resolveUnregistered(
                key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
        }
        return try resolve(hit, as: Service.self, name: name, arguments: arguments)
    }

    /// Resolves the binding `hit` as `Service`. A transient registration of exactly `Service` (no forwarding,
    /// no diagnostics) runs its typed factory directly; everything else goes through ``instance(of:as:name:arguments:bypassingObserver:)``
    /// and a cast.
    @inline(__always)
    func resolve<Service>(
        _ hit: RegistryView.Hit, as serviceType: Service.Type, name: String?, arguments: Any
    ) throws(ResolutionError) -> Service {
        try resolve(hit, as: Service.self, name: name) { unretained, configuration throws(ResolutionError) in
            try resolveOtherwise(unretained, configuration, as: Service.self, name: name, arguments: arguments)
        }
    }

    /// ``resolve(_:as:name:arguments:)`` for a request without runtime arguments, as in a factory's
    /// `r.resolve(Service.self)`: the no-arguments value is made only off the common path, so that a level of
    /// nesting keeps no `Any` for it in its frame.
    @inline(__always)
    private func resolveWithoutArguments<Service>(
        _ hit: RegistryView.Hit, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try resolve(hit, as: Service.self, name: name) { unretained, configuration throws(ResolutionError) in
            try resolveOtherwiseWithoutArguments(unretained, configuration, as: Service.self, name: name)
        }
    }

    /// The typed path shared by both forms: a plain transient registration of exactly `Service` runs its typed
    /// factory here; any other goes to `otherwise` (inlined, so each form keeps its own frame layout).
    @inline(__always)
    private func resolve<Service>(
        _ hit: RegistryView.Hit, as serviceType: Service.Type, name: String?,
        otherwise: (Unmanaged<Registration>, Unmanaged<Registration.Configuration>) throws(ResolutionError) -> Service
    ) throws(ResolutionError) -> Service {
        // The registration (factory included) is read without retaining it: every thread resolving the same
        // service would write its reference count. The hit's table keeps the registration alive for as long as
        // the reading section this resolution runs in (or the snapshot its view was built from) lasts, which is
        // longer than this call.
        let unretained = hit.registration
        let configuration = unretained._withUnsafeGuaranteedRef { $0.currentConfiguration }
        let exact = unretained._withUnsafeGuaranteedRef { $0.serviceTypeID == ObjectIdentifier(Service.self) }
        let shape = unretained._withUnsafeGuaranteedRef { $0.shape }
        if configuration._withUnsafeGuaranteedRef({ $0.kind }) == .transient, exact, observer == nil,
            shape == .plain
        {
            try checkCycle(unretained, as: Service.self, name: name)
            return try make(unretained, configuration, as: Service.self, name: name) { () throws -> Service in
                try unretained._withUnsafeGuaranteedRef { registration in
                    try withResolver { try registration.typedPlain(as: Service.self).body($0) }
                }
            }
        }
        return try otherwise(unretained, configuration)
    }

    @inline(never)
    private func resolveOtherwiseWithoutArguments<Service>(
        _ unretained: Unmanaged<Registration>, _ configuration: Unmanaged<Registration.Configuration>,
        as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try resolveOtherwise(unretained, configuration, as: Service.self, name: name, arguments: ())
    }

    @inline(never)
    private func resolveUnregisteredWithoutArguments<Service>(
        key: ServiceKey, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try resolveUnregistered(key: key, as: Service.self, name: name, arguments: ()) { [] }
    }

    /// ``resolve(_:as:name:arguments:)`` for everything but a plain transient factory of exactly `Service`: out of
    /// line, so that a level of nesting through the common case keeps only that case's frame on the stack.
    @inline(never)
    private func resolveOtherwise<Service>(
        _ unretained: Unmanaged<Registration>, _ configuration: Unmanaged<Registration.Configuration>,
        as serviceType: Service.Type, name: String?, arguments: Any
    ) throws(ResolutionError) -> Service {
        // Not retained, as in `resolve`: the caller's table or snapshot keeps the registration.
        let exact = unretained._withUnsafeGuaranteedRef { $0.serviceTypeID == ObjectIdentifier(Service.self) }
        let shape = unretained._withUnsafeGuaranteedRef { $0.shape }
        if configuration._withUnsafeGuaranteedRef({ $0.kind }) == .transient, exact, observer == nil,
            shape == .arguments
        {
            try checkCycle(unretained, as: Service.self, name: name)
            return try make(unretained, configuration, as: Service.self, name: name) { () throws -> Service in
                try unretained._withUnsafeGuaranteedRef { registration in
                    try withResolver {
                        try registration.typedWithArguments(as: Service.self).body($0, arguments)
                    }
                }
            }
        }
        if configuration._withUnsafeGuaranteedRef({ $0.kind }) == .graph, exact, observer == nil,
            shape == .plain
        {
            return try graphInstance(of: unretained, configuration, as: Service.self, name: name) {
                () throws -> Service in
                try unretained._withUnsafeGuaranteedRef { registration in
                    try withResolver { try registration.typedPlain(as: Service.self).body($0) }
                }
            }
        }
        let registration = unretained.takeUnretainedValue()
        let instance = try instance(
            of: registration, configuration, as: Service.self, name: name, arguments: arguments
        )
        return try cast(instance, to: Service.self, name: name, registration: registration)
    }

    /// The instance of a graph-scoped registration of exactly `Service` whose typed factory is `body`: the one
    /// this resolution's graph holds, or a new one made and stored in the graph. The typed counterpart of the
    /// `.graph` case of ``instance(of:_:as:name:arguments:bypassingObserver:)``: the new instance is neither boxed
    /// for the factory's return nor cast back.
    private func graphInstance<Service>(
        of unretained: Unmanaged<Registration>, _ configuration: Unmanaged<Registration.Configuration>,
        as serviceType: Service.Type, name: String?, body: () throws -> Service
    ) throws(ResolutionError) -> Service {
        let registration = unretained.takeUnretainedValue()
        if graphHoldsInstance(of: registration), let stored = graphInstance(of: registration) {
            return try cast(stored, to: Service.self, name: name, registration: registration)
        }
        try checkCycle(unretained, as: Service.self, name: name)
        try push(unretained, as: Service.self, name: name)
        defer { pop() }
        let instance: Service
        do {
            instance = try body()
        } catch {
            throw wrap(error, of: registration)
        }
        // A rerun of this factory (see `checkCycle`) stored the instance its graph uses: return that one.
        if reruns > 0, let stored = graphInstance(of: registration) {
            return try cast(stored, to: Service.self, name: name, registration: registration)
        }
        return try finish(instance, of: unretained, configuration) { storeInGraph($0, of: registration) }
    }

    /// The instance of `registration`, reused from its scope or made now. With an ``observer`` (verify or
    /// trace), the observer's path runs instead, unless `bypassingObserver` (the observer itself asking for
    /// the scope's normal behaviour).
    func instance(
        of registration: Registration, _ configuration: Unmanaged<Registration.Configuration>? = nil,
        as requestedType: Any.Type, name: String?, arguments: Any, bypassingObserver: Bool = false
    ) throws(ResolutionError) -> Any {
        // The one diagnostics branch on the hot path; marked cold so the normal path stays laid out as before.
        if _slowPath(observer != nil && !bypassingObserver), let observer {
            return try observedInstance(
                of: registration, as: requestedType, name: name, arguments: arguments, observer: observer
            )
        }
        let configuration = configuration ?? registration.currentConfiguration
        let kind = configuration._withUnsafeGuaranteedRef { $0.kind }
        switch kind {
        case .transient:
            try checkCycle(.passUnretained(registration), as: requestedType, name: name)
            return try make(registration, configuration, as: requestedType, name: name, arguments: arguments) { _ in }
        case .graph:
            if let instance = graphInstance(of: registration) { return instance }
            try checkCycle(.passUnretained(registration), as: requestedType, name: name)
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
            // One instance per resolving container: a stand-in registration kept by `container` holds it.
            let scope = configuration.takeUnretainedValue().scope
            return try sharedInstance(
                of: container.lifecycle.localRegistration(for: registration, scope: scope), configuration,
                strongly: true, as: requestedType, name: name, arguments: arguments
            )
        case .custom:
            return try customInstance(
                of: registration, configuration, as: requestedType, name: name, arguments: arguments
            )
        }
    }

    /// Runs the typed factory of a transient registration (`body`) and its `initCompleted` closures with a
    /// frame on the path.
    @inline(__always)
    func make<Service>(
        _ registration: Unmanaged<Registration>, _ configuration: Unmanaged<Registration.Configuration>,
        as requestedType: Service.Type, name: String?, body: () throws -> Service
    ) throws(ResolutionError) -> Service {
        try push(registration, as: requestedType, name: name)
        defer { pop() }
        let instance: Service
        do {
            instance = try body()
        } catch {
            throw wrap(error, of: registration.takeUnretainedValue())
        }
        return try finish(instance, of: registration, configuration) { _ in }
    }

    /// Puts a frame for `registration` on the path, after checking that the stack has room for the factory
    /// about to run. Out of line, like `lookup`: it returns before the factory runs.
    @inline(never)
    private func push(
        _ registration: Unmanaged<Registration>, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        if _slowPath(currentStackAddress() < stackLimit) {
            throw stackExhaustedError(at: registration.takeUnretainedValue(), as: requestedType, name: name)
        }
        if _slowPath(depth == frameCapacity) { growFrames() }
        (frames + depth).initialize(
            to: ResolutionFrame(registration: registration, requestedType: requestedType, name: name, phase: .factory)
        )
        depth += 1
        if _slowPath(depth - countedDepth > 2 * uncountedWindow) { countFrames() }
    }

    /// Takes the innermost frame off the path.
    @inline(__always)
    private func pop() {
        let index = depth - 1
        if _slowPath(depth <= countedDepth) { uncount(at: index) }
        // Only the name needs destroying; without one the frame is plain data (the outlined destroy costs ~30
        // instructions even then).
        if frames[index].name != nil { (frames + index).deinitialize(count: 1) }
        depth = index
    }

    /// Doubles the capacity of the path's buffer. No pointer into the buffer is kept across a push.
    private func growFrames() {
        let capacity = max(16, 2 * frameCapacity)
        let grown = UnsafeMutablePointer<ResolutionFrame>.allocate(capacity: capacity)
        grown.moveInitialize(from: frames, count: depth)
        frames.deallocate()
        frames = grown
        frameCapacity = capacity
    }

    /// Finishes a new instance of `registration`: applies its decorators, lets `store` keep the result in its scope,
    /// then runs its `initCompleted` closures and fills its marked properties, if it has any of them. The
    /// innermost frame is `registration`'s. Returns the instance to hand out (the decorated one).
    @inline(__always)
    private func finish<Instance>(
        _ instance: Instance, of registration: Unmanaged<Registration>,
        _ configuration: Unmanaged<Registration.Configuration>, store: (Instance) -> Void
    ) throws(ResolutionError) -> Instance {
        // The one check a registration without completions, decorators or property injection pays.
        guard _slowPath(!configuration._withUnsafeGuaranteedRef({ $0.finishesPlainly })) else {
            store(instance)
            return instance
        }
        let finished = try decorate(instance, of: registration, configuration)
        store(finished)
        try runCompletions(on: finished, of: registration, configuration)
        return finished
    }

    /// Applies the decorators of `registration` to `instance`, in the order they were added. Out of line, as
    /// ``runCompletions(on:of:_:)``.
    @inline(never)
    private func decorate<Instance>(
        _ instance: Instance, of registration: Unmanaged<Registration>,
        _ configuration: Unmanaged<Registration.Configuration>
    ) throws(ResolutionError) -> Instance {
        let decorators = configuration.takeUnretainedValue().decorators
        if decorators.isEmpty { return instance }
        var decorated: Any = instance
        for decorator in decorators {
            let inner = decorated
            do {
                decorated = try withResolver { try decorator($0, inner) }
            } catch {
                throw wrap(error, of: registration.takeUnretainedValue())
            }
        }
        // A decorator returns the registration's service type, which `Instance` is (or `Any`, on erased paths).
        switch decorated {
        case let typed as Instance: return typed
        default:
            let registration = registration.takeUnretainedValue()
            let request = ServiceRequest(
                serviceType: Instance.self, name: registration.name, argumentTypes: registration.argumentTypes)
            throw ResolutionError(
                kind: .wrongInstanceType(actual: type(of: decorated)), request: request,
                path: currentPath(), registration: registration.describe()
            )
        }
    }

    /// The `initCompleted` closures of ``finish(_:of:_:store:)``, then the property injection of
    /// ``ServiceEntry/injectsProperties()``, out of line: most registrations have neither, and their loop would
    /// take stack in every level of nesting.
    @inline(never)
    private func runCompletions<Instance>(
        on typedInstance: Instance, of registration: Unmanaged<Registration>,
        _ configuration: Unmanaged<Registration.Configuration>
    ) throws(ResolutionError) {
        // Boxed here, not by the caller, so that a resolve without completions boxes nothing.
        let instance: Any = typedInstance
        let configuration = configuration.takeUnretainedValue()
        // By index: nested resolves in the closures may move the buffer.
        frames[depth - 1].phase = .completing
        if configuration.injectsProperties {
            // Filled before the `initCompleted` closures, so they can use the properties; the object hears that
            // injection is complete after them.
            do {
                try withResolver { try PropertyInjector.fill(instance, from: $0, registration: registration) }
            } catch {
                throw wrap(error, of: registration.takeUnretainedValue())
            }
        }
        for completion in configuration.completions {
            do {
                try withResolver { try completion($0, instance) }
            } catch {
                throw wrap(error, of: registration.takeUnretainedValue())
            }
        }
        if configuration.injectsProperties {
            withResolver { PropertyInjector.notifyCompletion(of: instance, from: $0) }
        }
    }

    /// Runs the factory and the `initCompleted` closures of `registration` with a frame on the path.
    /// `store` keeps the new instance in its scope before `initCompleted` runs, so cycles through property
    /// injection find it.
    func make(
        _ registration: Registration,
        _ configuration: Unmanaged<Registration.Configuration>,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any,
        reusing rerunInstance: (() -> Any?)? = nil,
        store: (Any) -> Void
    ) throws(ResolutionError) -> Any {
        try push(.passUnretained(registration), as: requestedType, name: name)
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
        guard _slowPath(!configuration._withUnsafeGuaranteedRef({ $0.finishesPlainly })) else {
            store(instance)
            return instance
        }
        let unretained = Unmanaged.passUnretained(registration)
        let finished = try decorate(instance, of: unretained, configuration)
        store(finished)
        try runCompletions(on: finished, of: unretained, configuration)
        return finished
    }

    // MARK: Scopes

    func graphInstance(of registration: Registration) -> Any? {
        let id = ObjectIdentifier(registration)
        if let sharedGraph { return sharedGraph.instance(for: id) }
        return localGraph.isEmpty ? nil : localGraph.instance(for: id)
    }

    /// Whether this resolution's graph holds an instance of `registration`; asks without copying it (an `Any?`
    /// that is `nil` still costs a call to destroy it).
    private func graphHoldsInstance(of registration: Registration) -> Bool {
        let id = ObjectIdentifier(registration)
        if let sharedGraph { return sharedGraph.instance(for: id) != nil }
        return !localGraph.isEmpty && localGraph.contains(id)
    }

    func storeInGraph(_ instance: consuming Any, of registration: Registration) {
        let id = ObjectIdentifier(registration)
        if let sharedGraph {
            sharedGraph.store(instance, for: id)
        } else {
            localGraph.store(instance, for: id)
        }
    }

    /// The identifier of this resolution's graph; from now on the graph's instances are shared.
    func graphIdentifier() -> GraphIdentifier {
        if let sharedGraph { return GraphIdentifier(graph: sharedGraph) }
        let graph = ObjectGraph()
        graph.enter()
        graph.store(contentsOf: localGraph.all)
        localGraph = LocalGraph()
        sharedGraph = graph
        return GraphIdentifier(graph: graph)
    }

    /// The instance of a `.container` (`strongly`) or `.weak` registration: made once, however many threads
    /// ask at the same time.
    private func sharedInstance(
        of registration: Registration,
        _ configuration: Unmanaged<Registration.Configuration>,
        strongly: Bool,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any
    ) throws(ResolutionError) -> Any {
        if !strongly {
            // As Swinject's weak storage (weak, then graph): the instance the scope keeps, if alive, comes first; the
            // graph's answers when the scope has none (reset, or not made yet). They differ only when this
            // resolution works in an earlier graph (a `Lazy` made by it, `withObjectGraph`).
            let kept = registration.state.withLock { state -> AnyObject? in
                if case .weak(let reference) = state.shared { return reference.object }
                return nil
            }
            if let kept { return kept }
            if let instance = graphInstance(of: registration) { return instance }
        }
        /// Runs the factory and keeps its instance (or, after a rerun, the rerun's), with the state `.creating`.
        /// A rerun (`isRerun`) leaves its instance partial, visible to this thread only: other threads get it when
        /// the first run, which returns it, has finished the graph.
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
                    return .reenter
                }
            }
            switch decision {
            case .use(let instance):
                return instance
            case .reenter:
                // This thread's factory of `registration` is running. As in Swinject, a request that comes back
                // through an `initCompleted` runs the factory again, and that run's instance is the one kept;
                // any other loop is a cycle (`checkCycle` throws).
                try checkCycle(.passUnretained(registration), as: requestedType, name: name)
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
            }
        }
    }

    private enum SharedDecision {
        case use(Any)
        case create
        case wait
        /// This thread is running the factory (no instance yet): a rerun, or a cycle.
        case reenter
    }

    /// The instance of a `.container` or `.weak` registration this thread ran the factory for again (see
    /// `checkCycle`) while it was running: the one the rerun kept, which the first run returns instead of its own.
    private func rerunInstance(of registration: Registration, strongly: Bool) -> Any? {
        if !strongly, let instance = graphInstance(of: registration) { return instance }
        return registration.state.withLock { state -> Any? in
            switch state.shared {
            case .creating(let creator, let partial, _): return creator == owner ? partial : nil
            case .strong(let box): return box.instance
            case .weak(let reference): return reference.object
            case .empty: return nil
            }
        }
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
            let kind = registration.configuration.kind
            if strongly ? kind != .container && kind != .perContainer : kind != .weak {
                // Rescoped while the factory ran, and the scope's configurer may not have seen this creation
                // (see ``Registration/reconfigure(_:)``): keep nothing.
                state.shared = .empty
                return hasWaiters
            }
            if strongly {
                registration.keepStrongly(instance, in: &state)
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
        _ configuration: Unmanaged<Registration.Configuration>,
        as requestedType: Any.Type,
        name: String?,
        arguments: Any
    ) throws(ResolutionError) -> Any {
        let scope = configuration.takeUnretainedValue().scope
        if let keyed = scope as? ArgumentKeyedScope {  // ServiceEntry.keyedByArguments (Scopes/)
            return try keyedInstance(
                of: registration, configuration, in: keyed, as: requestedType, name: name, arguments: arguments)
        }
        let graph = graphIdentifier()
        let existing = registration.state.withLock { state -> Any? in
            registration.customStorage(of: scope, in: &state)?.instance(inGraph: graph)
        }
        if let existing { return existing }
        try checkCycle(.passUnretained(registration), as: requestedType, name: name)
        return try make(
            registration, configuration, as: requestedType, name: name, arguments: arguments,
            reusing: { registration.state.withLock { $0.customStorage?.instance(inGraph: graph) } },
            store: { instance in
                registration.state.withLock { state in
                    guard !state.isRetired else { return }
                    state.customStorage?.setInstance(instance, inGraph: graph)
                    registration.lifecycle.record(instance, of: registration, custom: true)
                }
                if !customStorages.contains(where: { $0 === registration }) { customStorages.append(registration) }
            }
        )
    }

    // MARK: Errors

    /// Throws if asking for `registration` now can only recurse forever: its factory (or, for a transient
    /// registration, its `initCompleted`) is already running in this resolution.
    ///
    /// One exception keeps Swinject's circular graphs: `Parent(child:)` with `child.parent` set in the child's
    /// `initCompleted`, and longer loops of the same kind. When the request comes back through an
    /// `initCompleted` closure of an instance its scope keeps (any scope but transient: the loop has made
    /// progress), the factory runs once more. In a scope that keeps instances, that run's instance is kept and
    /// the first run returns it instead of its own (see `make`); a transient service's rerun is simply another
    /// instance, as in Swinject. A loop made only of initializers, or through a transient service's
    /// `initCompleted` (which keeps nothing, so Swinject recurses until it traps), is a cycle; re-entry is
    /// bounded by ``rerunLimit``.
    // Out of line: it returns before the factory runs, so its locals need not sit in every level's frame.
    @inline(never)
    func checkCycle(
        _ registration: Unmanaged<Registration>, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        var index = depth - 1
        var throughCompletion = false
        var found = -1
        var occurrences = 0
        // Walk the uncounted frames (at most twice `uncountedWindow`); the counted ones are looked up.
        while index >= countedDepth {
            let frame = frames + index
            if frame.pointee.makes(registration) {
                occurrences += 1
                if found < 0 { found = index }
            } else if found < 0, frame.pointee.completesKeptInstance {
                throughCompletion = true
            }
            index -= 1
        }
        if countedDepth > 0,
            let deeper = countedFrames[registration._withUnsafeGuaranteedRef { ObjectIdentifier($0) }]
        {
            guard found >= 0 else {
                // The registration runs only further down: rare (a cycle, or a rerun across many levels), so
                // the whole path is walked.
                return try checkCycleOnWholePath(
                    registration.takeUnretainedValue(), as: requestedType, name: name
                )
            }
            occurrences += deeper
        }
        guard found >= 0 else { return }
        if throughCompletion, occurrences <= Self.rerunLimit {
            reruns += 1
            return
        }
        throw cycleError(closingAt: registration.takeUnretainedValue(), as: requestedType, name: name)
    }

    /// ``checkCycle(_:as:name:)`` walking every frame of the path.
    private func checkCycleOnWholePath(
        _ registration: Registration, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        let unretained = Unmanaged.passUnretained(registration)
        var throughCompletion = false
        var found = -1
        var occurrences = 0
        for index in stride(from: depth - 1, through: 0, by: -1) {
            let frame = frames + index
            if frame.pointee.makes(unretained) {
                occurrences += 1
                if found < 0 { found = index }
            } else if found < 0, frame.pointee.completesKeptInstance {
                throughCompletion = true
            }
        }
        guard found >= 0 else { return }
        if throughCompletion, occurrences <= Self.rerunLimit {
            reruns += 1
            return
        }
        throw cycleError(closingAt: registration, as: requestedType, name: name)
    }

    /// How many times one registration's factory may be running at once in a resolution through reruns (see
    /// `checkCycle`): a bound on re-entry, far above what Swinject-style property-injection graphs need (each
    /// rerun needs a new instance completing in between, so real graphs stop after a few).
    private static var rerunLimit: Int { 8 }

    /// How many of the innermost frames `checkCycle` always walks before counting the deeper ones.
    private var uncountedWindow: Int { 32 }

    /// Counts the frames from `uncountedWindow` below the top down to the counted ones, so `checkCycle` walks
    /// at most `uncountedWindow` frames again. Each frame is counted once and uncounted when it ends.
    private func countFrames() {
        // The frame at index `i` is at depth `i + 1`.
        let first = depth - 1 - uncountedWindow
        var index = first
        while index >= countedDepth {
            countedFrames[ObjectIdentifier(frames[index].registration), default: 0] += 1
            index -= 1
        }
        countedDepth = max(first + 1, 0)
    }

    /// Forgets a counted frame that ends.
    private func uncount(at index: Int) {
        let id = ObjectIdentifier(frames[index].registration)
        if let count = countedFrames[id], count > 1 {
            countedFrames[id] = count - 1
        } else {
            countedFrames[id] = nil
        }
        countedDepth = index
    }

    /// The requests from the top-level call to the innermost running one.
    func currentPath() -> [ServiceRequest] {
        (0..<depth).map { frames[$0].request }
    }

    /// The error for a cycle that closes at `registration`. When other threads take part (`loop`, from the
    /// coordinator), the cycle runs from this thread's frame of the loop's last registration, through the
    /// request, and on through the registrations the other threads wait for.
    private func cycleError(
        closingAt registration: Registration, as requestedType: Any.Type, name: String?,
        acrossThreads loop: [Registration] = []
    ) -> ResolutionError {
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        let frames = (0..<depth).map { self.frames[$0] }
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
            failedInInitCompleted: depth > 0 && frames[depth - 1].phase == .completing
        )
    }

    private func cast<Service>(
        _ instance: Any, to serviceType: Service.Type, name: String?, registration: Registration
    ) throws(ResolutionError) -> Service {
        // `case let x as T` casts straight into a `Service`: `as? Service` would look up the metadata of
        // `Optional<Service>` on every call (~450 instructions).
        if holdsExactly(instance, Service.self) { return value(ofExactly: instance, as: Service.self) }
        switch instance {
        case let service as Service: return service
        default: break
        }
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
        // The current graph, inside a resolution (or a `withObjectGraph` view); outside one there is none, and a
        // top-level request for it misses, as in Swinject.
        if Service.self == GraphIdentifier.self, depth > 0 || sharedGraph != nil,
            let identifier = graphIdentifier() as? Service
        {
            return identifier
        }
        if let wrapper = Service.self as? any InstanceWrapper.Type {
            let wrappedKey = ServiceKey(
                serviceType: ObjectIdentifier(wrapper.wrappedType), argumentsType: key.argumentsType, name: name
            )
            let binding = registry?.binding(for: wrappedKey)
            let request = WrappedRequest(
                key: wrappedKey, name: name, arguments: ArgumentBox(arguments), argumentTypes: argumentTypes()
            )
            let converted =
                binding == nil ? try convertingArguments(of: request, wrappedType: wrapper.wrappedType) : nil
            if let made = try wrapper.make(
                in: self, binding: converted?.binding ?? binding, request: converted?.request ?? request) as? Service
            {
                return made
            }
        }
        if let converted = try resolveConvertingArguments(
            key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
        {
            return converted
        }
        if let created = try autoCreatedInstance(key: key, as: Service.self, name: name) { return created }
        let request = ServiceRequest(serviceType: Service.self, name: name, argumentTypes: argumentTypes())
        throw container.missError(
            for: request, path: currentPath() + [request], optionalForms: optionalForms(of: Service.self))
    }
}
