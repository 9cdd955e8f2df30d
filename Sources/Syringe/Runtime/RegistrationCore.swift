/// The base class of ``Registration``: its atomic words for the configuration, the lock and state, and the box of
/// its kept `.container` instance. Invariants (checked in debug builds where they must hold):
/// - word 0 always holds a configuration: a shared one (lives for good) or one the word owns; a replaced one is kept
///   in `replacedConfigurations`, so an unretained read stays valid as long as the registration;
/// - word 1 is 0 or the retained bits of the registration's `Locked<State>`, set once;
/// - word 2 is 0 or the box held by `state.shared` as `.strong(box)`, written only under the state's lock; a box
///   taken out of it is released only after ``Reclamation/waitForQuickReads()``.
@usableFromInline
class RegistrationCore: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the one stored property is the words, accessed only atomically after the initializer.
    final let wordStorage: AtomicWordStorage
    final var atomicWords: AtomicWords { wordStorage.words }

    init(configurationBits: UInt) {
        wordStorage = AtomicWordStorage(count: 3, first: configurationBits)
    }

    // After the subclass's deinitializer, which gives back what the words own.
    deinit { wordStorage.free() }
}

extension Registration {
    private final var publishedConfiguration: AtomicWord { AtomicWord(in: self, at: 0) }
    private final var stateBits: AtomicWord { AtomicWord(in: self, at: 1) }
    private final var publishedShared: AtomicWord { AtomicWord(in: self, at: 2) }

    final func releasePublishedState() {
        // Seq_cst loads, as every load of these words; the deinitializer's thread is the only one left.
        let state = stateBits.load()
        if state != 0 { Locked<State>.releaseRetainedBits(state) }
        if !currentConfiguration.with({ $0.isShared }) {
            Unretained<Configuration>.releaseRetainedBits(publishedConfiguration.load())
        }
    }

    /// The bits to publish for `configuration`, owning a reference unless it is shared.
    static func ownedBits(of configuration: Configuration) -> UInt {
        configuration.isShared ? Unretained(configuration).bits : Unretained.retainedBits(of: configuration)
    }

    final var state: Locked<State> {
        // Seq_cst (acquire would do); pairs with the compare-and-exchange in `makeState()`.
        let bits = stateBits.load()
        return bits != 0 ? Locked(borrowingBits: bits) : makeState()
    }

    /// The lock and state if made; `nil`: nothing was ever kept, created, or retired.
    final var stateIfMade: Locked<State>? {
        // Seq_cst, needed by `reconfigure(_:)` (see there); pairs with the exchange in `makeState()`.
        let bits = stateBits.load()
        return bits != 0 ? Locked(borrowingBits: bits) : nil
    }

    @inline(never)
    private func makeState() -> Locked<State> {
        let made = Locked(making: { State() })
        let bits = made.retainedBits()
        // Seq_cst: publishes the state once, acquires the winner's on failure; ordered with `reconfigure`'s exchange.
        let (exchanged, original) = stateBits.compareExchange(expected: 0, desired: bits)
        if exchanged { return made }
        Locked<State>.releaseRetainedBits(bits)
        return Locked(borrowingBits: original)
    }

    /// The current configuration, not retained: valid as long as the registration (invariant of word 0).
    @inline(__always)
    final var currentConfiguration: Unretained<Configuration> {
        // Seq_cst (acquire would do for reading it); pairs with the exchange in `reconfigure(_:)`.
        let bits = publishedConfiguration.load()
        assert(bits != 0, "a registration without a configuration")
        return Unretained(bits: bits)!
    }

    final var configuration: Configuration { currentConfiguration.object }

    /// Replaces the configuration with `change(current)`, without a lock. The exchange precedes the caller's
    /// ``stateIfMade`` load: a creator (checking under the state's lock) sees the new scope, or the caller forgets it.
    final func reconfigure(_ change: (Configuration) -> UInt) {
        // Seq_cst (acquire would do: the exchange below, on failure, reads the current word again).
        var current = publishedConfiguration.load()
        while true {
            let old = Unretained<Configuration>(bits: current)!
            let bits = old.with { change($0) }
            if bits == current { return }  // the same shared configuration
            // Seq_cst, needed: publishes the configuration, ordered before the caller's `stateIfMade` load.
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

    /// Publishes the shared configuration of the built-in `scope` if the published one is shared and not a
    /// registered instance's; returns `false`, having changed nothing, otherwise or on a race.
    @inline(__always)
    final func publishSharedConfiguration(of scope: ObjectScope) -> Bool {
        // Seq_cst, as in `reconfigure(_:)`; pairs with its exchange and with this one's.
        let current = publishedConfiguration.load()
        guard let bits = Configuration.sharedBits(of: scope),
            Unretained<Configuration>(bits: current)!.with({ $0.isShared && !$0.isRegisteredInstance })
        else { return false }
        if bits == current { return true }
        // Seq_cst, needed, as in `reconfigure(_:)`. A shared configuration is not owned: nothing to retire.
        return publishedConfiguration.compareExchange(expected: current, desired: bits).exchanged
    }

    /// The kept box if it stores exactly `serviceType`; not retained: call during a quick read, which keeps it.
    @inline(__always)
    final func publishedInstance(typedAs serviceType: ObjectIdentifier) -> Unretained<PublishedInstance>? {
        // Seq_cst, needed: after the announcement; pairs with `keepStrongly`'s and `forgetShared`'s stores.
        guard let box = Unretained<PublishedInstance>(bits: publishedShared.load()) else { return nil }
        return box.with { $0.typedAs == serviceType } ? box : nil
    }

    /// Keeps `instance` strongly and publishes it for lock-free reads. Call with the lock of `state` held.
    final func keepStrongly(_ instance: Any, in state: inout State) {
        let box = box(instance)
        state.shared = .strong(box)
        // Seq_cst (release would do: the box is made before it); pairs with the quick reads' loads.
        publishedShared.store(Unretained(box).bits)
        checkPublishedInstance(in: state)
    }

    /// Checks, in debug builds, word 2's invariant. Call with the state's lock held.
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

    /// Forgets the shared instance, with the lock held; returns a kept box, unpublished, for ``discard(_:)``.
    final func forgetShared(in state: inout State) -> PublishedInstance? {
        if case .empty = state.shared { return nil }
        defer { state.shared = .empty }
        guard case .strong(let box) = state.shared else { return nil }
        // Seq_cst, needed: unpublishing before `waitForQuickReads()`'s scan; pairs with quick reads.
        publishedShared.store(0)
        return box
    }
}

extension Registration.Configuration {
    /// The configuration of `scope` with `completions`: a built-in scope's without any is shared, allocating none.
    static func of(scope: any ObjectScopeProtocol, completions: [Registration.Completion]) -> Registration.Configuration {
        let bits = ownedBits(scope: scope, completions: completions)
        let configuration = Unretained<Registration.Configuration>(bits: bits)!
        if configuration.with({ $0.isShared }) { return configuration.object }
        return Unretained<Registration.Configuration>.takeRetainedBits(bits)!
    }

    /// This configuration with the given fields changed, as bits to publish.
    func ownedBits(
        scope newScope: (any ObjectScopeProtocol)? = nil, completions newCompletions: [Registration.Completion]? = nil,
        decorators newDecorators: [Registration.Decorator]? = nil, injectsProperties newInjects: Bool? = nil
    ) -> UInt {
        Registration.Configuration.ownedBits(
            scope: newScope ?? scope, completions: newCompletions ?? completions,
            decorators: newDecorators ?? decorators, injectsProperties: newInjects ?? injectsProperties
        )
    }

    /// The configuration of `scope` with these fields as bits: a shared one unretained, or a new one retained.
    @inline(__always)
    static func ownedBits(
        scope: any ObjectScopeProtocol, completions: [Registration.Completion], decorators: [Registration.Decorator] = [],
        injectsProperties: Bool = false
    ) -> UInt {
        // `ObjectScope` is final: once the class is checked, the cast cannot fail.
        if completions.isEmpty, decorators.isEmpty, !injectsProperties, type(of: scope) == ObjectScope.self,
            let shared = sharedBits(of: scope as! ObjectScope)
        {
            return shared
        }
        let made = Registration.Configuration(
            scope: scope, completions: completions, decorators: decorators, injectsProperties: injectsProperties)
        return Unretained.retainedBits(of: made)
    }

    /// The bits of the shared configuration of the built-in `scope` (it lives for good), `nil` for a custom one.
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
