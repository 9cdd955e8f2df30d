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
    private(set) unowned(unsafe) var container: Container
    /// Retains `container` for a context made for one resolution.
    private var keptContainer: Container?
    /// `container` as the `any Resolver` factories receive, without a reference of its own.
    @exclusivity(unchecked) private var resolver = BorrowedResolver()
    /// The thread running this resolution.
    let owner: UInt

    /// The registrations this resolution sees, fixed when it started; `nil` between resolutions.
    @exclusivity(unchecked) var registry: RegistryView?
    /// Retains the tables of `registry` for a resolution that shares a snapshot (verification).
    private var heldSnapshot: RegistrySnapshot?
    /// For a context made for one resolution: the thread whose reading section the context opened.
    private var readingThread: ResolvingThread?
    /// For a context made for one resolution: the thread's active resolution before this one began.
    private var previousActive: Unretained<ResolutionContext>?
    /// The path: the frames of the registrations being made, outermost first, `depth` of them. A buffer of the
    /// context rather than the thread's stack, so that a level of nesting costs no stack for its frame, nor
    /// for the closure that `withUnsafeMutablePointer` would need to give it an address. It is reused by the
    /// context's next resolutions and freed with the context.
    @exclusivity(unchecked) private var frames = UnsafeMutablePointer<ResolutionFrame>.allocate(capacity: 16)
    private var frameCapacity = 16
    @exclusivity(unchecked) private(set) var depth = 0
    @exclusivity(unchecked) var localGraph = LocalGraph()
    var sharedGraph: ObjectGraph?
    @exclusivity(unchecked) var customStorages: [Registration] = []
    /// How many factories were run a second time to close an initializer/property cycle (see `checkCycle`).
    var reruns = 0
    /// Whether the resolution is one top-level resolve, which ends with its root frame: then nothing can ask the
    /// graph for the root's instance after it is made, and a plain `.graph` root is not stored (set by the
    /// top-level resolve; `inject(into:)`, `verify()` and the others resolve several roots in one graph).
    var endsWithRootFrame = false
    /// The address below which this thread's stack must not grow (see ``StackLimit``).
    private let stackLimit: UInt
    /// How many frames at depth `countedDepth` or less each registration has: `checkCycle` walks only the
    /// frames above them, and looks the rest up here, so its cost does not grow with the depth.
    @exclusivity(unchecked) var countedFrames: [ObjectIdentifier: Int] = [:]
    /// The depth of the deepest frame counted in `countedFrames` (0: none).
    @exclusivity(unchecked) var countedDepth = 0
    /// Diagnostics watching this resolution (``Container/verify(samples:)`` or a trace); `nil` on the normal path.
    /// Set before the resolution starts and used only by `owner`, like the state above.
    var observer: ResolutionObserver?

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
        if !localGraph.isEmpty { localGraph.removeAll() }
        if sharedGraph != nil { sharedGraph = nil }
        if !customStorages.isEmpty { customStorages.removeAll() }
        reruns = 0
        endsWithRootFrame = false
        if !countedFrames.isEmpty { countedFrames.removeAll(keepingCapacity: true) }
        countedDepth = 0
        if observer != nil { observer = nil }
        checkInvariants(idle: true)
    }

    /// Checks, in debug builds, what must hold of the context: the path within its buffer, the counted frames
    /// within the path, each counted registration counted as often as it has frames at or below the counted depth;
    /// and for an idle context (after ``reset()``), nothing left of the last resolution.
    func checkInvariants(idle: Bool = false) {
        #if DEBUG
            precondition(depth >= 0 && depth <= frameCapacity, "path of \(depth) frames in a buffer of \(frameCapacity)")
            precondition(countedDepth >= 0 && countedDepth <= depth, "counted depth \(countedDepth) beyond \(depth)")
            var counts: [ObjectIdentifier: Int] = [:]
            for index in 0..<countedDepth { counts[ObjectIdentifier(self[frameAt: index].registration), default: 0] += 1 }
            precondition(counts == countedFrames, "the counted frames disagree with the path")
            localGraph.checkInvariants()
            if idle {
                precondition(depth == 0 && registry == nil && sharedGraph == nil && customStorages.isEmpty
                    && reruns == 0 && !endsWithRootFrame && observer == nil && localGraph.isEmpty, "a reset context kept state")
            }
        #endif
    }

    /// Whether this resolution resolves from `container`: a resolve called on it joins this resolution.
    @inline(__always)
    func isResolving(from container: borrowing Container) -> Bool {
        Unmanaged.passUnretained(self.container).toOpaque() == Unmanaged.passUnretained(container).toOpaque()
    }

    // The fields are marked `@exclusivity(unchecked)`: one thread uses them, and no access overlaps another, so
    // the runtime's dynamic exclusivity checks (about 300 instructions per resolve) would find nothing.

    // MARK: The path

    /// The frame at `index` on the path (0 is the outermost), read or changed in place: nested resolves may move the
    /// buffer, so no reference to a frame is kept across a push. Bounds are checked in debug builds.
    subscript(frameAt index: Int) -> ResolutionFrame {
        @inline(__always)
        unsafeAddress {
            assert(index >= 0 && index < depth, "frame \(index) of a path of \(depth)")
            return UnsafePointer(frames + index)
        }
        @inline(__always)
        unsafeMutableAddress {
            assert(index >= 0 && index < depth, "frame \(index) of a path of \(depth)")
            return frames + index
        }
    }

    /// Runs `body` with the container this resolution resolves from, as the resolver factories receive, without
    /// retaining it (the top-level call's caller, or `keptContainer`, keeps it alive; see ``BorrowedResolver``).
    @inline(__always)
    func withResolver<Result>(_ body: (any Resolver) throws -> Result) rethrows -> Result {
        try resolver.withResolver(body)
    }

    /// Puts a frame for `registration` on the path, after checking that the stack has room for the factory
    /// about to run. Out of line, like `lookup`: it returns before the factory runs.
    @inline(never)
    func push(
        _ registration: Unretained<Registration>, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        try pushFrame(registration, as: requestedType, name: name)
    }

    /// ``push(_:as:name:)``, inlined into the out-of-line callers that also check for a cycle first
    /// (``checkCycleAndPush(_:as:name:)``).
    @inline(__always)
    func pushFrame(
        _ registration: Unretained<Registration>, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        if stackAddressOfThisFrame() < stackLimit {
            throw stackExhaustedError(at: registration.object, as: requestedType, name: name)
        }
        if depth == frameCapacity { growFrames() }
        // Without a name (most requests), the frame is made with a literal `nil`: copying the `String?` would
        // call the runtime to retain its (absent) storage. A named frame is made out of line, so that the
        // optimizer cannot merge both forms into one that retains the name either way.
        if let name {
            initializeNamedFrame(registration, as: requestedType, name: name)
        } else {
            (frames + depth).initialize(
                to: ResolutionFrame(registration: registration, requestedType: requestedType, name: nil, phase: .factory)
            )
        }
        depth += 1
        if depth - countedDepth > 2 * uncountedWindow { countFrames() }
    }

    /// An address in the frame of the out-of-line call this is inlined into (``push(_:as:name:)``,
    /// ``checkCycleAndPush(_:as:name:)``), which returns before the factory runs: how far the stack has grown, as
    /// ``currentStackAddress()`` tells, without a call of its own.
    @inline(__always)
    private func stackAddressOfThisFrame() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// Makes the frame of a named request at `depth` (``pushFrame(_:as:name:)``'s rarer case).
    @inline(never)
    private func initializeNamedFrame(
        _ registration: Unretained<Registration>, as requestedType: Any.Type, name: String
    ) {
        (frames + depth).initialize(
            to: ResolutionFrame(registration: registration, requestedType: requestedType, name: name, phase: .factory)
        )
    }

    /// Takes the innermost frame off the path.
    @inline(__always)
    func pop() {
        let index = depth - 1
        if depth <= countedDepth { uncount(at: index) }
        // Only the name needs destroying; without one the frame is plain data (the outlined destroy costs ~30
        // instructions even then).
        if frames[index].name != nil { (frames + index).deinitialize(count: 1) }
        depth = index
    }

    /// Doubles the capacity of the path's buffer. No pointer into the buffer is kept across a push.
    @inline(never)
    private func growFrames() {
        let capacity = max(16, 2 * frameCapacity)
        let grown = UnsafeMutablePointer<ResolutionFrame>.allocate(capacity: capacity)
        grown.moveInitialize(from: frames, count: depth)
        frames.deallocate()
        frames = grown
        frameCapacity = capacity
    }

    /// The requests from the top-level call to the innermost running one.
    func currentPath() -> [ServiceRequest] {
        (0..<depth).map { frames[$0].request }
    }
}
