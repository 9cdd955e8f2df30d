internal import CSyringeRuntime

/// What one thread keeps for its resolutions, in a C11 thread-local variable: its ``ReaderSlot``, its idle
/// ``ResolutionContext`` (so resolving allocates nothing), and its block of atomic words. Only its thread uses it;
/// other threads read only the slot.
///
/// Invariant: not reading, nothing announced; reading, an epoch announced, with the quick-read bit set exactly during
/// a quick read (checked on each entry and exit in debug builds). The store that leaves a section is out of line
/// (``AtomicWord/storeReleasingAfterRetains(_:)``), so no retain of what the section loaded moves after it.
final class ResolvingThread {
    let slot = ReaderSlot()
    /// How many reading sections are open (a factory may resolve from another container).
    private var nesting = 0
    /// What the current quick read announced.
    private var quickReadAnnouncement: UInt = 0
    private var idleContext: ResolutionContext?
    /// The innermost resolution running on this thread, not retained: set by the context when it begins and put
    /// back when it finishes. A resolve on the same container while it is set joins it.
    private(set) var activeContext: Unretained<ResolutionContext>?
    private var words: AtomicWordBlock?

    /// The block to take `count` atomic words from: the current one if they fit, else a new one.
    @inline(__always)
    private func wordBlock(for count: Int) -> AtomicWordBlock {
        if let words, words.hasRoom(for: count) { return words }
        let block = AtomicWordBlock()
        words = block
        return block
    }

    /// The calling thread's block to take `count` atomic words from.
    @inline(__always)
    static func wordBlock(for count: Int) -> AtomicWordBlock {
        if let installed { return installed.with { $0.wordBlock(for: count) } }
        return makeCurrent().wordBlock(for: count)
    }

    /// Makes `context` the running resolution; returns the one it replaces, to give back to ``deactivate(_:)``.
    @inline(__always)
    func activate(_ context: ResolutionContext) -> Unretained<ResolutionContext>? {
        let previous = activeContext
        activeContext = Unretained(context)
        return previous
    }

    /// Ends the running resolution, making `previous` (what ``activate(_:)`` returned) the running one again.
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

    /// The calling thread's state, made on first use.
    @inline(__always)
    static var current: ResolvingThread {
        if let installed { return installed.object }
        return makeCurrent()
    }

    /// The calling thread's state if it has one, not retained: its thread-local variable owns it until the thread
    /// exits.
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

    /// Opens a reading section that begins with a quick read when it is the outermost one; returns whether it does.
    @inline(__always)
    func enterReadingWithQuickRead() -> Bool {
        nesting += 1
        guard nesting == 1 else { return false }
        // Seq_cst epoch load and announcement (needed: pairs with a writer's unpublishing store and scan).
        let announcement = Reclamation.announce(in: slot, quick: true)
        quickReadAnnouncement = announcement
        checkInvariants()
        return true
    }

    /// Whether a quick read is going on (begun and not yet ended).
    @inline(__always)
    var isInQuickRead: Bool { quickReadAnnouncement & 1 == 1 }

    /// Ends the quick read, if one is going on; the section goes on. Call before anything that may wait for a lock:
    /// a writer holding it may be waiting for the quick read to end.
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

    /// Checks the invariant, in debug builds.
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

    /// The idle context, or a new one if a resolution on this thread is using it.
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

// MARK: Starting a resolution

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
    /// Runs `body` in the thread's pooled ``ResolutionContext``, begun for `container` and made the active
    /// resolution; afterwards it is reset for the next one. Call inside a reading section: the one place where a
    /// top-level resolution starts.
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
