// The lock-free state of a ``Registration``, kept in its three atomic words: the published configuration, its lock
// and state (made on first need), and the box of its kept `.container` instance, published for quick reads.
//
// Invariants (checked where they must hold, in debug builds):
// - word 0 always holds a configuration: one of the shared built-in ones (unretained: they live for good), or one
//   of the registration's own, whose reference the word owns; a replaced one of its own is kept in the state
//   (`replacedConfigurations`), so an unretained read of the word stays valid as long as the registration;
// - word 1 is 0 or the retained bits of the registration's `Locked<State>`, set once;
// - word 2 is 0 or the box held by `state.shared` as `.strong(box)`, written only with the state's lock held; a
//   box taken out of it is released only after ``Reclamation/waitForQuickReads()``.

/// The base class of ``Registration``: its three atomic words (see ``AtomicWordOwner``).
@usableFromInline
class RegistrationCore: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one stored property is the words, accessed only atomically after the initializer.
    final let wordStorage: AtomicWordStorage
    final var atomicWords: AtomicWords { wordStorage.words }

    /// Sets the words: the configuration's bits (``Registration/ownedBits(of:)``), no state, no kept instance.
    init(configurationBits: UInt) {
        wordStorage = AtomicWordStorage(count: 3, first: configurationBits)
    }

    // After the subclass's deinitializer, which gives back what the words own (`releasePublishedState()`).
    deinit { wordStorage.free() }
}

extension Registration {
    /// The published ``Configuration`` (``Unretained`` bits). The registration owns a reference to
    /// it unless it is shared (``Configuration/isShared``): those live for good.
    private final var publishedConfiguration: AtomicWord { AtomicWord(in: self, at: 0) }
    /// The lock and ``State`` (``Locked/retainedBits()``, owned by the registration), 0 until first needed.
    private final var stateBits: AtomicWord { AtomicWord(in: self, at: 1) }
    /// The kept `.container` instance (``Unretained`` bits, 0 when none); `state.shared` keeps it.
    private final var publishedShared: AtomicWord { AtomicWord(in: self, at: 2) }

    /// Gives back what the words own: the state and the configuration of the registration's own. Called by the
    /// deinitializer.
    final func releasePublishedState() {
        // Seq_cst loads, as every load of these words; the deinitializer's thread is the only one left.
        let state = stateBits.load()
        if state != 0 { Locked<State>.releaseRetainedBits(state) }
        if !currentConfiguration.with({ $0.isShared }) {
            Unretained<Configuration>.releaseRetainedBits(publishedConfiguration.load())
        }
    }

    /// The bits to publish for `configuration`, with the reference the registration owns (none for a shared one).
    static func ownedBits(of configuration: Configuration) -> UInt {
        configuration.isShared ? Unretained(configuration).bits : Unretained.retainedBits(of: configuration)
    }

    // MARK: State

    /// The lock and the state of shared instances, made now if this is its first use.
    final var state: Locked<State> {
        // Seq_cst (acquire would do); pairs with the compare-and-exchange in `makeState()`.
        let bits = stateBits.load()
        return bits != 0 ? Locked(borrowingBits: bits) : makeState()
    }

    /// The lock and state if they were made; `nil` means nothing was ever kept, created, or retired.
    final var stateIfMade: Locked<State>? {
        // Seq_cst, needed by `reconfigure(_:)` (see there); pairs with the exchange in `makeState()`.
        let bits = stateBits.load()
        return bits != 0 ? Locked(borrowingBits: bits) : nil
    }

    @inline(never)
    private func makeState() -> Locked<State> {
        // Made in the lock's buffer, not moved there through an optional (~280 instructions).
        let made = Locked(making: { State() })
        let bits = made.retainedBits()
        // Seq_cst: publishes the state once (release), acquires the winner's on failure; ordered with
        // `reconfigure(_:)`'s exchange (see there).
        let (exchanged, original) = stateBits.compareExchange(expected: 0, desired: bits)
        if exchanged { return made }
        // Another thread made it first: use that one.
        Locked<State>.releaseRetainedBits(bits)
        return Locked(borrowingBits: original)
    }

    /// The current scope and `initCompleted` closures, not retained. Valid as long as the registration: a
    /// replaced configuration of its own is retired into `state`, and a shared one lives for good.
    @inline(__always)
    final var currentConfiguration: Unretained<Configuration> {
        // Seq_cst (acquire would do for reading it); pairs with the exchange in `reconfigure(_:)`.
        let bits = publishedConfiguration.load()
        assert(bits != 0, "a registration without a configuration")
        // Word 0 is never 0 (see the invariants), so the force unwrap cannot fail.
        return Unretained(bits: bits)!
    }

    /// The current scope and `initCompleted` closures.
    final var configuration: Configuration { currentConfiguration.object }

    /// Replaces the configuration with `change(current)`, without a lock; a replaced configuration of the
    /// registration's own is retired into `state`. `change` may run more than once when threads race.
    ///
    /// Ordering with the creation of a shared instance: the exchange comes before the caller reads
    /// ``stateIfMade`` (to forget instances), and a creator checks the configuration under the state's lock
    /// after the state was made; both sequentially consistent, so a creator either sees the new scope or its
    /// instance is forgotten by the caller.
    final func reconfigure(_ change: (Configuration) -> UInt) {
        // Seq_cst (acquire would do: the exchange below, on failure, reads the current word again).
        var current = publishedConfiguration.load()
        while true {
            // Word 0 and the bits `change` makes are never 0 (a configuration's; see the invariants).
            let old = Unretained<Configuration>(bits: current)!
            // The new configuration's bits, as `Configuration.ownedBits(scope:completions:)` gives them.
            let bits = old.with { change($0) }
            if bits == current { return }  // the same shared configuration
            // Seq_cst, needed: publishes the new configuration (release) and is ordered before the caller's load
            // of `stateIfMade` (see above).
            let (exchanged, original) = publishedConfiguration.compareExchange(expected: current, desired: bits)
            if exchanged {
                if !old.with({ $0.isShared }), let retired = Unretained<Configuration>.takeRetainedBits(current) {
                    state.withLock { $0.replacedConfigurations.append(retired) }
                }
                return
            }
            if !Unretained<Configuration>(bits: bits)!.with({ $0.isShared }) {
                Unretained<Configuration>.releaseRetainedBits(bits)
            }
            current = original
        }
    }

    /// Publishes the shared configuration of the built-in `scope` if the published configuration is also a shared
    /// one (no `initCompleted` closures, decorators or property injection to carry over) and not a registered
    /// value's or instance's (whose scope `inObjectScope` leaves alone): the common
    /// `inObjectScope` right after `register`, with no configuration built, no closure and nothing retained.
    /// Returns `false`, having changed nothing, when either configuration is not a shared one or another thread
    /// changed the word meanwhile: the caller then takes the general path (``reconfigure(_:)``).
    @inline(__always)
    final func publishSharedConfiguration(of scope: ObjectScope) -> Bool {
        // Seq_cst, as in `reconfigure(_:)`; pairs with its exchange and with this one's.
        let current = publishedConfiguration.load()
        guard let bits = Configuration.sharedBits(of: scope),
            Unretained<Configuration>(bits: current)!.with({ $0.isShared && !$0.isRegisteredInstance })
        else { return false }
        if bits == current { return true }
        // Seq_cst, needed, as the exchange in `reconfigure(_:)`: ordered before the caller's load of `stateIfMade`.
        // A shared configuration is not owned by the word: nothing to retire or release.
        return publishedConfiguration.compareExchange(expected: current, desired: bits).exchanged
    }

    // MARK: Kept instances

    /// The box of the `.container` instance this registration keeps, if it keeps one stored as exactly the type
    /// `serviceType` identifies (see ``PublishedInstance/typedValue(as:)``); read without a lock and not retained. Call only
    /// during a quick read (``ResolvingThread/enterReadingWithQuickRead()``), which keeps the box valid until the
    /// caller has retained the instance.
    @inline(__always)
    final func publishedInstance(typedAs serviceType: ObjectIdentifier) -> Unretained<PublishedInstance>? {
        // No `Service?` here: in code not specialized for `Service`, an optional of it costs a metadata lookup.
        // Seq_cst, needed: the quick read's load after its announcement; pairs with `keepStrongly`'s store (the box
        // made before it) and `forgetShared`'s unpublishing store.
        guard let box = Unretained<PublishedInstance>(bits: publishedShared.load()) else { return nil }
        return box.with { $0.typedAs == serviceType } ? box : nil
    }

    /// Keeps `instance` strongly and publishes it for lock-free reads. Call with the lock held: `state` is this
    /// registration's.
    final func keepStrongly(_ instance: Any, in state: inout State) {
        let box = box(instance)
        state.shared = .strong(box)
        // Seq_cst (release would do: the box is made before it); pairs with the quick reads' loads.
        publishedShared.store(Unretained(box).bits)
        checkPublishedInstance(in: state)
    }

    /// Checks, in debug builds, that the published box is the one the state keeps: word 2 holds exactly the box
    /// of `.strong(box)`, and 0 in every other state. Call with the state's lock held.
    final func checkPublishedInstance(in state: State) {
        #if DEBUG
            let published = publishedShared.load()  // seq_cst; under the state's lock, which every store holds
            if case .strong(let box) = state.shared {
                precondition(published == Unretained(box).bits, "the published box is not the kept one")
            } else {
                precondition(published == 0, "a box is published while none is kept")
            }
        #endif
    }

    /// Forgets the shared instance (kept or being created), with the lock held. Returns the box of a kept one,
    /// unpublished: pass it to ``discard(_:)`` once the lock is released.
    final func forgetShared(in state: inout State) -> PublishedInstance? {
        // The common case (a registration configured before its first resolve) copies and destroys nothing.
        if case .empty = state.shared { return nil }
        defer { state.shared = .empty }
        guard case .strong(let box) = state.shared else { return nil }
        // Seq_cst, needed: the unpublishing store before `Reclamation.waitForQuickReads()`'s scan; pairs with the
        // quick reads' announcements and loads.
        publishedShared.store(0)
        return box
    }
}

extension Registration.Configuration {
    /// The configuration of a built-in scope without `initCompleted` closures: one object, shared by every
    /// registration that has it, so registering and `inObjectScope(.transient)` allocate none.
    static func of(scope: any ObjectScopeProtocol, completions: [Registration.Completion]) -> Registration.Configuration {
        let bits = ownedBits(scope: scope, completions: completions)
        // `ownedBits` never gives 0: its bits are a configuration's.
        let configuration = Unretained<Registration.Configuration>(bits: bits)!
        if configuration.with({ $0.isShared }) { return configuration.object }
        return Unretained<Registration.Configuration>.takeRetainedBits(bits)!
    }

    /// This configuration with the given fields changed, as bits to publish (see
    /// ``ownedBits(scope:completions:decorators:injectsProperties:)``).
    func ownedBits(
        scope newScope: (any ObjectScopeProtocol)? = nil, completions newCompletions: [Registration.Completion]? = nil,
        decorators newDecorators: [Registration.Decorator]? = nil, injectsProperties newInjects: Bool? = nil
    ) -> UInt {
        Registration.Configuration.ownedBits(
            scope: newScope ?? scope, completions: newCompletions ?? completions,
            decorators: newDecorators ?? decorators, injectsProperties: newInjects ?? injectsProperties
        )
    }

    /// The configuration of `scope` with `completions` (and decorators, property injection) as bits to
    /// publish (see `publishedConfiguration`): a shared one unretained, or a new one retained for the
    /// registration that publishes it.
    @inline(__always)
    static func ownedBits(
        scope: any ObjectScopeProtocol, completions: [Registration.Completion], decorators: [Registration.Decorator] = [],
        injectsProperties: Bool = false
    ) -> UInt {
        // `ObjectScope` is final, so once the scope's class is `ObjectScope` the checked cast below cannot fail.
        // Nothing is retained on the way to a shared configuration.
        if completions.isEmpty, decorators.isEmpty, !injectsProperties, type(of: scope) == ObjectScope.self,
            let shared = sharedBits(of: scope as! ObjectScope)
        {
            return shared
        }
        let made = Registration.Configuration(
            scope: scope, completions: completions, decorators: decorators, injectsProperties: injectsProperties)
        return Unretained.retainedBits(of: made)
    }

    /// The bits of the shared configuration of the built-in `scope` (unretained: it lives for good), or `nil` for a
    /// scope that has none (a custom one).
    @inline(__always)
    static func sharedBits(of scope: ObjectScope) -> UInt? {
        let shared: Unretained<Registration.Configuration>? =
            switch scope.kind {
            case .transient: Unretained(transient)
            case .graph: Unretained(graph)
            case .container: Unretained(container)
            case .weak: Unretained(weak)
            case .perContainer: Unretained(perContainer)
            case .request: Unretained(request)
            case .custom: nil
            }
        guard let shared, shared.with({ $0.scope === scope }) else { return nil }
        return shared.bits
    }

    private static let transient = Registration.Configuration(scope: ObjectScope.transient, completions: [], isShared: true)
    private static let graph = Registration.Configuration(scope: ObjectScope.graph, completions: [], isShared: true)
    private static let container = Registration.Configuration(scope: ObjectScope.container, completions: [], isShared: true)
    private static let weak = Registration.Configuration(scope: ObjectScope.weak, completions: [], isShared: true)
    private static let perContainer = Registration.Configuration(
        scope: ObjectScope.perContainer, completions: [], isShared: true)
    private static let request = Registration.Configuration(scope: ObjectScope.request, completions: [], isShared: true)
}
