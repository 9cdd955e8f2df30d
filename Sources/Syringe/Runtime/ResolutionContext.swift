/// One top-level resolution's graph and path, joined by resolves on its container from its thread while it runs.
/// Invariant: the path fits its buffer; the counted frames agree with the path; a reset context keeps nothing
/// (debug: checked on reset). Fields are `@exclusivity(unchecked)` where it was measured to pay: one thread uses
/// them, in accesses that never overlap.
final class ResolutionContext: @unchecked Sendable {
    // @unchecked Sendable: the mutable state is touched only by `owner`, the thread running the resolution, while it
    // runs (factories are synchronous, so nested resolves run there too). Nothing else keeps a context.

    /// The container resolves start from, not retained while a pooled context runs (the top-level caller keeps it;
    /// a retain would write memory every resolving thread shares). `keptContainer` retains it otherwise.
    private(set) unowned(unsafe) var container: Container
    private var keptContainer: Container?
    @exclusivity(unchecked) private var resolver = BorrowedResolver()
    let owner: UInt

    @exclusivity(unchecked) var registry: RegistryView?
    /// Retains the tables of `registry` for a snapshot's resolution.
    private var heldSnapshot: RegistrySnapshot?
    /// For a context made for one resolution: the thread whose section it opened, and its previous resolution.
    private var readingThread: ResolvingThread?
    private var previousActive: Unretained<ResolutionContext>?
    /// The path, outermost first, `depth` frames, in a buffer of the context (a nesting level costs no stack).
    @exclusivity(unchecked) private var frames = UnsafeMutablePointer<ResolutionFrame>.allocate(capacity: 16)
    private var frameCapacity = 16
    @exclusivity(unchecked) private(set) var depth = 0
    @exclusivity(unchecked) var localGraph = LocalGraph()
    var sharedGraph: ObjectGraph?
    @exclusivity(unchecked) var customStorages: [Registration] = []
    var reruns = 0
    /// Whether the resolution ends with its root frame (one top-level resolve): a plain `.graph` root is not stored.
    var endsWithRootFrame = false
    private let stackLimit: UInt
    /// Each registration's frames at depth `countedDepth` or less: `checkCycle` walks only those above.
    @exclusivity(unchecked) var countedFrames: [ObjectIdentifier: Int] = [:]
    @exclusivity(unchecked) var countedDepth = 0
    /// Diagnostics watching this resolution (verification or a trace); `nil` on the normal path.
    var observer: ResolutionObserver?

    /// A context for one resolution outside the resolve path, with its own reading section (``finish()`` closes it).
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

    /// Ends the resolution: releases the shared graph and tells custom storages it completed.
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

    /// Clears every field a resolution set, on a pooled context nothing else references.
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

    /// The frame at `index` (0 is the outermost), in place; none is kept across a push, which may move the buffer.
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

    /// Runs `body` with the container as the resolver factories receive, not retained (``BorrowedResolver``).
    @inline(__always)
    func withResolver<Result>(_ body: (any Resolver) throws -> Result) rethrows -> Result {
        try resolver.withResolver(body)
    }

    /// Puts a frame on the path, after checking the stack has room for the factory. Out of line: it returns first.
    @inline(never)
    func push(
        _ registration: Unretained<Registration>, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        try pushFrame(registration, as: requestedType, name: name)
    }

    /// ``push(_:as:name:)``, inlined into out-of-line callers (``checkCycleAndPush(_:as:name:)``).
    @inline(__always)
    func pushFrame(
        _ registration: Unretained<Registration>, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) {
        if stackAddressOfThisFrame() < stackLimit {
            throw stackExhaustedError(at: registration.object, as: requestedType, name: name)
        }
        if depth == frameCapacity { growFrames() }
        // A literal `nil` name (copying the `String?` would retain); a named frame out of line, so the two stay apart.
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

    /// An address in the frame of the out-of-line call this is inlined into: how far the stack has grown.
    @inline(__always)
    private func stackAddressOfThisFrame() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    @inline(never)
    private func initializeNamedFrame(
        _ registration: Unretained<Registration>, as requestedType: Any.Type, name: String
    ) {
        (frames + depth).initialize(
            to: ResolutionFrame(registration: registration, requestedType: requestedType, name: name, phase: .factory)
        )
    }

    @inline(__always)
    func pop() {
        let index = depth - 1
        if depth <= countedDepth { uncount(at: index) }
        // Only the name needs destroying (the outlined destroy costs ~30 instructions even without one).
        if frames[index].name != nil { (frames + index).deinitialize(count: 1) }
        depth = index
    }

    @inline(never)
    private func growFrames() {
        let capacity = max(16, 2 * frameCapacity)
        let grown = UnsafeMutablePointer<ResolutionFrame>.allocate(capacity: capacity)
        grown.moveInitialize(from: frames, count: depth)
        frames.deallocate()
        frames = grown
        frameCapacity = capacity
    }

    func currentPath() -> [ServiceRequest] {
        (0..<depth).map { frames[$0].request }
    }
}
