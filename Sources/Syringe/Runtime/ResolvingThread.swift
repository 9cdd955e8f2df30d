internal import CSyringeRuntime

/// What one thread keeps for its resolutions, in a C11 thread-local variable: its ``ReaderSlot`` (the one part other
/// threads read), its idle ``ResolutionContext`` (so resolving allocates nothing) and its block of atomic words.
///
/// Invariant: not reading, nothing announced; reading, an epoch announced, with the quick-read bit set exactly during
/// a quick read (checked on each entry and exit in debug builds). The store that leaves a section is out of line
/// (``AtomicWord/storeReleasingAfterRetains(_:)``), so no retain of what the section loaded moves after it.
final class ResolvingThread {
    let slot = ReaderSlot()
    /// How many reading sections are open (a factory may resolve from another container).
    private var nesting = 0
    private var quickReadAnnouncement: UInt = 0
    private var idleContext: ResolutionContext?
    /// The innermost resolution running on this thread, not retained: set by the context when it begins and put
    /// back when it finishes. A resolve on the same container while it is set joins it.
    private(set) var activeContext: Unretained<ResolutionContext>?
    private var words: AtomicWordBlock?

    @inline(__always)
    private func wordBlock(for count: Int) -> AtomicWordBlock {
        if let words, words.hasRoom(for: count) { return words }
        let block = AtomicWordBlock()
        words = block
        return block
    }

    @inline(__always)
    static func wordBlock(for count: Int) -> AtomicWordBlock {
        if let installed { return installed.with { $0.wordBlock(for: count) } }
        return makeCurrent().wordBlock(for: count)
    }

    /// Makes `context` the running resolution; returns the one it replaces, for ``deactivate(restoring:)``.
    @inline(__always)
    func activate(_ context: ResolutionContext) -> Unretained<ResolutionContext>? {
        let previous = activeContext
        activeContext = Unretained(context)
        return previous
    }

    @inline(__always)
    func deactivate(restoring previous: Unretained<ResolutionContext>?) {
        activeContext = previous
    }

    /// The resolution running on this thread if it resolves from `container` (its resolves join it).
    @inline(__always)
    func activeContext(of container: Container) -> Unretained<ResolutionContext>? {
        guard let active = activeContext,
            active.with({ $0.isResolving(from: container) })
        else { return nil }
        return active
    }

    deinit {
        Reclamation.unregister(slot)
    }

    @inline(__always)
    static var current: ResolvingThread {
        if let installed { return installed.object }
        return makeCurrent()
    }

    /// The calling thread's state if it has one, not retained: its thread-local variable owns it.
    @inline(__always)
    static var installed: Unretained<ResolvingThread>? {
        guard let pointer = syringe_thread_state() else { return nil }
        return Unretained(bits: UInt(bitPattern: pointer))
    }

    /// A new state for the calling thread, installed when possible (else the caller keeps it alive).
    @inline(never)
    static func makeCurrent() -> ResolvingThread {
        let thread = ResolvingThread()
        // The variable owns one reference, released when the thread exits.
        let owned = Unretained.retainedBits(of: thread)
        if !syringe_thread_state_install(UnsafeMutableRawPointer(bitPattern: owned)!, releaseResolvingThread) {
            Unretained<ResolvingThread>.releaseRetainedBits(owned)
        }
        return thread
    }

    /// Opens a reading section: until the matching ``leaveReading()``, what it loads unretained stays valid.
    @inline(__always)
    func enterReading() {
        // Seq_cst epoch load and announcement (needed: pairs with a writer's unpublishing store and scan).
        if nesting == 0 { _ = Reclamation.announce(in: slot, quick: false) }
        nesting += 1
        checkInvariants()
    }

    /// Opens a reading section, as above, beginning with a quick read if it is the outermost; returns whether it is.
    @inline(__always)
    func enterReadingWithQuickRead() -> Bool {
        nesting += 1
        guard nesting == 1 else { return false }
        // Seq_cst, as in `enterReading()`.
        let announcement = Reclamation.announce(in: slot, quick: true)
        quickReadAnnouncement = announcement
        checkInvariants()
        return true
    }

    @inline(__always)
    var isInQuickRead: Bool { quickReadAnnouncement & 1 == 1 }

    /// Ends the quick read, if one is going on. Call before anything that may wait for a lock (its writer may wait).
    @inline(__always)
    func endQuickRead() {
        guard isInQuickRead else { return }
        quickReadAnnouncement &= ~1
        // Release, needed: pairs with the writer's seq_cst loads in `waitForQuickReads()`, so the quick read's loads
        // are done before the box's release. Inline: nothing only the quick read protects is retained past it.
        slot.announced.storeReleasingInline(quickReadAnnouncement)
        checkInvariants()
    }

    /// Closes a reading section, releasing nothing (writers release what was retired meanwhile).
    @inline(__always)
    func leaveReading() {
        nesting -= 1
        guard nesting == 0 else { return checkInvariants() }
        quickReadAnnouncement = 0
        // Release, needed: pairs with a writer's seq_cst scan, which then frees only after this section's reads.
        // Out of line, so the retains of what the section loaded happen before it.
        slot.announced.storeReleasingAfterRetains(0)
        checkInvariants()
    }

    @inline(__always)
    func checkInvariants() {
        #if DEBUG
            let announced = slot.announced.load()  // seq_cst; only this thread stores the word
            precondition(nesting >= 0, "more reading sections left than entered")
            if nesting == 0 {
                precondition(announced == 0 && quickReadAnnouncement == 0, "announced \(announced) while not reading")
            } else {
                precondition(announced >> 1 != 0, "reading with no epoch announced")
                precondition(announced & 1 == quickReadAnnouncement & 1, "the quick-read bit disagrees with the thread")
                if isInQuickRead { precondition(announced == quickReadAnnouncement, "a quick read announced twice") }
            }
        #endif
    }

    /// The idle context, or a new one if a resolution is using it.
    @inline(__always)
    func takeContext(for container: Container) -> ResolutionContext {
        if let context = idleContext {
            idleContext = nil
            return context
        }
        return ResolutionContext(pooledFor: container)
    }

    /// Keeps `context`, finished and reset (nothing else references it), for the next resolution.
    @inline(__always)
    func keepIdle(_ context: ResolutionContext) {
        if idleContext == nil { idleContext = context }
    }
}

/// Gives back the reference a thread's state variable owned, when its thread exits.
private func releaseResolvingThread(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unretained<ResolvingThread>.releaseRetainedBits(UInt(bitPattern: pointer))
}

extension ResolvingThread {
    /// The calling thread's state, borrowed: `installed`, or a new state that `made` keeps alive for the caller.
    @inline(__always)
    static func borrowed(
        _ installed: Unretained<ResolvingThread>?, keepingAlive made: inout ResolvingThread?
    ) -> Unretained<ResolvingThread> {
        if let installed { return installed }
        let state = makeCurrent()
        made = state
        return Unretained(state)
    }
}

extension Unretained where Object == ResolvingThread {
    /// Runs `body` in the thread's pooled ``ResolutionContext`` as the active resolution, then resets it. Call inside
    /// a reading section: the one place where a top-level resolution starts.
    @inline(__always)
    func withResolution<Result, Failure: Error>(
        of container: Container, registry: RegistryView, graph: ObjectGraph?,
        _ body: (ResolutionContext) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let context = with { $0.takeContext(for: container) }
        context.begin(container: container, registry: registry, graph: graph)
        let previous = with { $0.activate(context) }
        defer {
            // Borrowed per step, not across the reset (which releases objects: that would cost a retain).
            with { $0.deactivate(restoring: previous) }
            context.finish()
            context.reset()
            with { $0.keepIdle(context) }
        }
        return try body(context)
    }
}
