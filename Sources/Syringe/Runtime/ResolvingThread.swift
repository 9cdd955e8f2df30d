internal import CSyringeRuntime

/// What one thread keeps for its resolutions, in a thread-specific slot: its ``ReaderSlot`` for lock-free reads,
/// and its idle ``ResolutionContext``, reused by the next top-level resolve so that resolving allocates nothing.
///
/// Only its own thread uses it; the reader slot is the one part other threads read.
final class ResolvingThread {
    /// This thread's announcement to ``Reclamation``.
    let slot = ReaderSlot()
    /// How many reading sections are open (resolutions nest: a factory may resolve from another container).
    private var nesting = 0
    /// What the current quick read announced (see ``enterReadingWithQuickRead()``).
    private var quickReadAnnouncement: UInt = 0
    /// The context of the last finished top-level resolve, waiting for the next one.
    /// (These fields are used by one thread only, in accesses that never overlap: no dynamic exclusivity checks.)
    private var idleContext: ResolutionContext?
    /// The resolution running on this thread (the innermost, when a factory resolves from another container),
    /// not retained: it is set by the context itself when its resolution begins and put back to the one before
    /// when it finishes, so it never outlives the context. A resolve called on the same container while it is
    /// set (a factory's `r.resolve`, `r` being the container) joins that resolution: its graph, its path.
    private(set) var activeContext: Unretained<ResolutionContext>?
    /// The block this thread takes atomic words from (``AtomicWordStorage``), made on first need.
    private var words: AtomicWordBlock?

    /// The block to take `count` atomic words from: the current one if they fit, else a new one.
    @inline(__always)
    private func wordBlock(for count: Int) -> AtomicWordBlock {
        if let words, words.hasRoom(for: count) { return words }
        let block = AtomicWordBlock()
        words = block
        return block
    }

    /// The calling thread's block to take `count` atomic words from (see ``AtomicWordStorage``).
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

    /// The calling thread's state if it has one, not retained: its thread-specific slot owns it until the thread
    /// exits, so it outlives any call the thread makes.
    @inline(__always)
    static var installed: Unretained<ResolvingThread>? {
        guard let pointer = syringe_thread_state() else { return nil }
        return Unretained(bits: UInt(bitPattern: pointer))
    }

    /// A new state for the calling thread, installed in its slot when possible (a process that ran out of
    /// thread-specific keys gets a new state per call, which the caller keeps alive).
    @inline(never)
    static func makeCurrent() -> ResolvingThread {
        let thread = ResolvingThread()
        // The slot owns one reference; the key's destructor releases it when the thread exits.
        let owned = Unretained.retainedBits(of: thread)
        // Not 0: the bits of a reference.
        if !syringe_thread_state_install(UnsafeMutableRawPointer(bitPattern: owned)!, releaseResolvingThread) {
            Unretained<ResolvingThread>.releaseRetainedBits(owned)
        }
        return thread
    }

    /// Opens a reading section: until the matching ``leaveReading()``, tables and configurations loaded without
    /// retaining them stay valid.
    @inline(__always)
    func enterReading() {
        // Seq_cst epoch load and announcement (needed: pairs with a writer's unpublishing store and scan).
        if nesting == 0 { _ = Reclamation.announce(in: slot, quick: false) }
        nesting += 1
        checkInvariants()
    }

    /// Opens a reading section, as ``enterReading()``, that begins with a quick read when it is the outermost
    /// one (see ``Reclamation``); returns whether it does. End the quick read with ``endQuickRead()`` or by
    /// leaving the section.
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

    /// Ends the quick read that ``enterReadingWithQuickRead()`` began, if one is going on; the reading section
    /// goes on. A quick read must end before anything that may wait for a lock (building a registry table, a
    /// factory): a writer holding that lock may be waiting for the quick read to end.
    @inline(__always)
    func endQuickRead() {
        guard isInQuickRead else { return }
        quickReadAnnouncement &= ~1
        // Release ordering, needed: pairs with the writer's seq_cst loads in `waitForQuickReads()`, so a writer that
        // sees the bit cleared also sees every load the quick read made as done.
        // An inline store, not `storeReleasingAfterRetains`: nothing that only the quick read protects (a kept
        // instance's box, and what it holds) is retained past this point. A hit retains its instance and leaves the
        // section (`leaveReading`, a barrier); a kept value that is not one reference is taken out before the
        // section is left; every other caller ends the quick read before reading anything under it.
        slot.announced.storeReleasingInline(quickReadAnnouncement)
        checkInvariants()
    }

    /// Closes a reading section. It releases nothing: objects retired meanwhile are released by their owner's
    /// writers (see ``Reclamation``), never by a thread that was only resolving.
    @inline(__always)
    func leaveReading() {
        nesting -= 1
        guard nesting == 0 else { return checkInvariants() }
        quickReadAnnouncement = 0
        // Out of line: the retains of what the section loaded happen before it (AtomicWord). Release, needed: pairs
        // with a writer's seq_cst scan of this slot, which then frees only after this section's reads.
        slot.announced.storeReleasingAfterRetains(0)
        checkInvariants()
    }

    /// Checks, in debug builds, the thread's nesting against its announced word: not reading, nothing announced;
    /// reading, an epoch announced (never 0), with the quick-read bit set exactly while a quick read goes on, as
    /// the thread itself recorded it. Called on each entry to and exit from a reading section.
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

    /// Keeps `context`, finished and reset, for the thread's next resolution, unless one is kept already. Nothing
    /// outside a resolution references its context (factories receive the container; a ``Lazy`` or ``Provider``
    /// keeps the container, graph and registration), so the context is this thread's alone again.
    @inline(__always)
    func keepIdle(_ context: ResolutionContext) {
        if idleContext == nil { idleContext = context }
    }
}

/// Gives back the reference a thread's state variable owned (see ``ResolvingThread/makeCurrent()``), when its thread
/// exits.
private func releaseResolvingThread(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unretained<ResolvingThread>.releaseRetainedBits(UInt(bitPattern: pointer))
}

// MARK: Starting a resolution

extension ResolvingThread {
    /// The calling thread's state, borrowed: `installed` (what ``installed`` read), or on a thread without one a
    /// new state, which `made` keeps alive for the caller's call.
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
    /// Runs `body` in the thread's pooled ``ResolutionContext``, begun for `container` with `registry` (and the
    /// pinned `graph`, if any) and made the thread's active resolution; afterwards the resolution before it is
    /// active again and the context is reset for the next one. Call inside a reading section of this thread: the
    /// one place where a top-level resolution starts, for the resolve path and for property injection alike.
    @inline(__always)
    func withResolution<Result, Failure: Error>(
        of container: Container, registry: RegistryView, graph: ObjectGraph?,
        _ body: (ResolutionContext) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let context = with { $0.takeContext(for: container) }
        context.begin(container: container, registry: registry, graph: graph)
        let previous = with { $0.activate(context) }
        defer {
            // The thread's state is borrowed for each step, not across the context's reset (which releases
            // objects): a borrow that spans such a call costs a retain and a release of the state.
            with { $0.deactivate(restoring: previous) }
            context.finish()
            context.reset()
            with { $0.keepIdle(context) }
        }
        return try body(context)
    }
}
