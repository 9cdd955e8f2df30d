/// One registration: the factory, its configuration and the instances its scope keeps.
///
/// A registration is reachable from its ``ServiceKey`` and from the keys of the types it is forwarded to.
/// Configuration (`inObjectScope`, `initCompleted`) may change at any time from any thread: it is an immutable
/// ``Configuration``, replaced by a compare-and-exchange and read without a lock (see ``configuration``).
/// Instances of shared scopes are created once, under a lock of the registration's own (`state`), so unrelated
/// registrations never contend. That lock and its state are made on first need (the first shared instance, a
/// custom scope's storage, a removal): a registration that never keeps an instance, the most common kind, is one
/// allocation, factory included.
///
/// The factory is carried by the subclass of each kind (`FactoryRegistrations.swift`), with its static type.
@usableFromInline
class Registration: AtomicWordOwner, @unchecked Sendable {
    // The atomic words, first, so that their address is the object's plus a constant (see ``AtomicWordOwner``):
    // the published configuration, the lock and state, the kept `.container` instance. Accessed only through the
    // three `AtomicWord`s below after the initializer.
    private final var atomicWords: (UInt, UInt, UInt)
    final var atomicWordCount: Int { 3 }

    // @unchecked Sendable: every stored property is a `let` of a Sendable type or an `AtomicWord`, and the
    // mutable state sits behind its lock. Not final only so that the subclasses can carry the factory with its
    // static type; they add only `let` properties of Sendable types.
    /// The erased factory: the resolver, then the runtime arguments as one value (a tuple when several).
    typealias Factory = @Sendable (any Resolver, Any) throws -> Any
    /// The erased `initCompleted` closure: the resolver and the new instance.
    typealias Completion = @Sendable (any Resolver, Any) throws -> Void
    /// The erased closure of ``ServiceEntry/decorated(_:)``: the resolver and the instance, returning its wrapper.
    typealias Decorator = @Sendable (any Resolver, Any) throws -> Any

    // The stored properties are what every registration needs, kept small: a plain registration (its factory
    // included) stays within the allocator's smallest, fastest size classes (112 bytes on 64-bit platforms).
    // What only some kinds have (runtime arguments, an `async` factory) is stored by their subclasses.

    let serviceType: Any.Type
    let name: String?
    let fileID: String
    /// `line`, in 32 bits, next to `shape`.
    private let storedLine: UInt32
    /// Which subclass this is, so the resolve path can downcast without a dynamic cast. Only ``PlainRegistration``
    /// passes ``Shape/plain``, and only ``ArgumentRegistration`` ``Shape/arguments``, each with its own `Service` as
    /// `serviceType`: ``typedPlain(as:)`` and ``typedWithArguments(as:)`` rely on both.
    let shape: Shape
    /// Where the disposable instances of this registration are recorded: its container's store.
    let lifecycle: LifecycleStore
    /// The published ``Configuration`` (`Unmanaged<Configuration>` bits). The registration owns a reference to
    /// it unless it is shared (``Configuration/isShared``): those live for good.
    private final var publishedConfiguration: AtomicWord { AtomicWord(in: self, at: 0) }
    /// The lock and ``State`` (``Locked/retainedBits()``, owned by the registration), 0 until first needed.
    private final var stateBits: AtomicWord { AtomicWord(in: self, at: 1) }
    /// The kept `.container` instance (`Unmanaged<PublishedInstance>` bits, 0 when none); `state.shared` keeps it.
    private final var publishedShared: AtomicWord { AtomicWord(in: self, at: 2) }

    /// The scope, `initCompleted` closures, decorators and property injection as one immutable value, for the
    /// resolve path.
    final class Configuration: Sendable {
        let scope: any ObjectScopeProtocol
        /// The scope's kind, found once here instead of by a dynamic cast on every resolve.
        let kind: ObjectScope.Kind
        let completions: [Completion]
        /// The closures of ``ServiceEntry/decorated(_:)``, in the order added: each wraps what the previous one
        /// returned, before the scope keeps the instance.
        let decorators: [Decorator]
        /// Whether ``ServiceEntry/injectsProperties()`` was called: marked properties are filled after the
        /// `initCompleted` closures.
        let injectsProperties: Bool
        /// Whether there is nothing to do after the factory (no completions, decorators or property
        /// injection): the one flag the resolve path reads, so that registrations without them pay one check.
        let finishesPlainly: Bool
        /// Whether this is the one configuration of a built-in scope that registrations share.
        let isShared: Bool
        /// Whether the scope is a registered value's or instance's (`Container+Values.swift`), which
        /// `inObjectScope` does not change: found once here, not on every `inObjectScope`.
        let isRegisteredInstance: Bool

        init(
            scope: any ObjectScopeProtocol, completions: [Completion], decorators: [Decorator] = [],
            injectsProperties: Bool = false, isShared: Bool = false
        ) {
            self.scope = scope
            self.kind = scope.kind
            self.completions = completions
            self.decorators = decorators
            self.injectsProperties = injectsProperties
            self.finishesPlainly = completions.isEmpty && decorators.isEmpty && !injectsProperties
            self.isRegisteredInstance = scope.isRegisteredInstanceScope
            self.isShared = isShared
        }

        /// The configuration of a built-in scope without `initCompleted` closures: one object, shared by every
        /// registration that has it, so registering and `inObjectScope(.transient)` allocate none.
        static func of(scope: any ObjectScopeProtocol, completions: [Completion]) -> Configuration {
            let bits = ownedBits(scope: scope, completions: completions)
            let configuration = Unmanaged<Configuration>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
            return configuration._withUnsafeGuaranteedRef { $0.isShared }
                ? configuration.takeUnretainedValue()
                : configuration.takeRetainedValue()
        }

        /// This configuration with the given fields changed, as bits to publish (see
        /// ``ownedBits(scope:completions:decorators:injectsProperties:)``).
        func ownedBits(
            scope newScope: (any ObjectScopeProtocol)? = nil, completions newCompletions: [Completion]? = nil,
            decorators newDecorators: [Decorator]? = nil, injectsProperties newInjects: Bool? = nil
        ) -> UInt {
            Configuration.ownedBits(
                scope: newScope ?? scope, completions: newCompletions ?? completions,
                decorators: newDecorators ?? decorators, injectsProperties: newInjects ?? injectsProperties
            )
        }

        /// The configuration of `scope` with `completions` (and decorators, property injection) as bits to
        /// publish (see `publishedConfiguration`): a shared one unretained, or a new one retained for the
        /// registration that publishes it.
        @inline(__always)
        static func ownedBits(
            scope: any ObjectScopeProtocol, completions: [Completion], decorators: [Decorator] = [],
            injectsProperties: Bool = false
        ) -> UInt {
            // `ObjectScope` is final, so comparing the scope's class with it is the cast, without the runtime's
            // dynamic cast. Nothing is retained on the way to a shared configuration.
            if completions.isEmpty, decorators.isEmpty, !injectsProperties, type(of: scope) == ObjectScope.self {
                let builtIn = unsafeDowncast(scope, to: ObjectScope.self)
                let shared: Unmanaged<Configuration>? =
                    switch builtIn.kind {
                    case .transient: .passUnretained(transient)
                    case .graph: .passUnretained(graph)
                    case .container: .passUnretained(container)
                    case .weak: .passUnretained(weak)
                    case .perContainer: .passUnretained(perContainer)
                    case .custom: nil
                    }
                if let shared, shared._withUnsafeGuaranteedRef({ $0.scope === builtIn }) {
                    return UInt(bitPattern: shared.toOpaque())
                }
            }
            let made = Configuration(
                scope: scope, completions: completions, decorators: decorators, injectsProperties: injectsProperties)
            return UInt(bitPattern: Unmanaged.passRetained(made).toOpaque())
        }

        private static let transient = Configuration(scope: ObjectScope.transient, completions: [], isShared: true)
        private static let graph = Configuration(scope: ObjectScope.graph, completions: [], isShared: true)
        private static let container = Configuration(scope: ObjectScope.container, completions: [], isShared: true)
        private static let weak = Configuration(scope: ObjectScope.weak, completions: [], isShared: true)
        private static let perContainer = Configuration(
            scope: ObjectScope.perContainer, completions: [], isShared: true)
    }

    struct State {
        /// The configurations of this registration's own that were replaced: a resolve may still be reading one,
        /// without retaining it, so they live as long as the registration (which no resolve can outlive). There
        /// are as many as `inObjectScope` and `initCompleted` calls made on a registration with a custom scope or
        /// `initCompleted` closures (the others share one configuration per scope).
        var replacedConfigurations: [Configuration] = []
        /// The instance of a `.container` or `.weak` registration.
        var shared = SharedInstance.empty
        /// The storage of a custom scope, made on first use.
        var customStorage: (any InstanceStorage)?
        /// Whether ``Container/verify(samples:)`` accepts shorter-lived dependencies this (container-scoped)
        /// registration captures; set by ``ServiceEntry/allowsCaptiveDependencies()``.
        var allowsCaptiveDependencies = false
        /// Whether the registration was removed from its container (unregistered, its module unloaded, or a
        /// stand-in dropped with its original). A resolve that still reaches it (it began before the removal)
        /// makes an instance that no scope keeps: the caller's, like a transient one.
        var isRetired = false
    }

    /// The life of a shared (container or weak scoped) instance.
    enum SharedInstance {
        case empty
        /// A thread runs the factory. `partial` is set once the factory returned, while `initCompleted` runs;
        /// only the creating thread may see it. `hasWaiters` tells the creator to wake other threads.
        case creating(owner: UInt, partial: Any?, hasWaiters: Bool)
        /// Kept strongly (`.container`), in the box published for lock-free reads.
        case strong(PublishedInstance)
        case weak(WeakReference)
    }

    /// The subclasses of ``Registration``, one per kind of factory.
    enum Shape {
        /// ``ErasedRegistration`` or ``StandInRegistration``.
        case erased
        /// ``PlainRegistration``.
        case plain
        /// ``ArgumentRegistration``.
        case arguments
    }

    /// Makes a registration of `serviceType` under `name`, made at `fileID` and `line`, configured with
    /// `configuration` (``Configuration/of(scope:completions:)``), recording its disposable instances in
    /// `lifecycle`. Runtime argument types are a subclass's (``RegistrationWithArguments``).
    init(
        shape: Shape,
        serviceType: Any.Type,
        name: String?,
        fileID: String,
        line: UInt,
        configuration: borrowing Configuration,
        lifecycle: LifecycleStore
    ) {
        self.serviceType = serviceType
        self.name = name
        self.fileID = fileID
        self.storedLine = UInt32(clamping: line)
        self.lifecycle = lifecycle
        self.shape = shape
        atomicWords = (Registration.ownedBits(of: configuration), 0, 0)
        checkAtomicWordLayout(&atomicWords)
    }

    /// The line of the registration.
    final var line: UInt { UInt(storedLine) }

    /// `ObjectIdentifier(serviceType)`, compared on every typed resolve.
    @inline(__always)
    final var serviceTypeID: ObjectIdentifier { ObjectIdentifier(serviceType) }

    /// The types of the runtime arguments, in the factory's order; none unless the registration is a
    /// ``RegistrationWithArguments``.
    var argumentTypes: [Any.Type] { [] }

    /// The tuple type `(any Resolver, Argument1, …)` of the argument types, and the key made from them (see
    /// ``ArgumentsKey``); the signature of no arguments unless a subclass says otherwise.
    var argumentsType: ArgumentsSignature { noArgumentsSignature }

    /// The factory of a registration made with an `async` or actor-isolated factory, run by `await`ed
    /// resolutions; `make` then throws ``AsyncFactoryRequired``. `nil` for synchronous registrations.
    var asyncFactory: AsyncFactory? { nil }

    /// Whether the factory is a `@MainActor` factory (registered with `isolatedTo: MainActor.self`): `await`ed
    /// resolutions run it on the main actor, through the synchronous engine, so both share its instances.
    var isolatedToMainActor: Bool { false }

    /// Runs the factory with the resolver and the runtime arguments (one value; a tuple when several).
    func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        throw FactoryNotImplemented()
    }

    /// The box in which a `.container` registration keeps `instance`: typed as the factory's service type where
    /// the subclass knows it.
    func box(_ instance: Any) -> PublishedInstance {
        ErasedPublishedInstance(instance)
    }

    deinit {
        let state = stateBits.load()
        if state != 0 { Locked<State>.releaseRetainedBits(state) }
        let configuration = Unmanaged<Configuration>.fromOpaque(
            UnsafeRawPointer(bitPattern: publishedConfiguration.load())!)
        if !configuration._withUnsafeGuaranteedRef({ $0.isShared }) { configuration.release() }
    }

    /// The bits to publish for `configuration`, with the reference the registration owns (none for a shared one).
    private static func ownedBits(of configuration: Configuration) -> UInt {
        let reference =
            configuration.isShared ? Unmanaged.passUnretained(configuration) : Unmanaged.passRetained(configuration)
        return UInt(bitPattern: reference.toOpaque())
    }

    // MARK: State

    /// The lock and the state of shared instances, made now if this is its first use.
    final var state: Locked<State> {
        let bits = stateBits.load()
        return bits != 0 ? Locked(borrowingBits: bits) : makeState()
    }

    /// The lock and state if they were made; `nil` means nothing was ever kept, created, or retired.
    final var stateIfMade: Locked<State>? {
        let bits = stateBits.load()
        return bits != 0 ? Locked(borrowingBits: bits) : nil
    }

    @inline(never)
    private func makeState() -> Locked<State> {
        let made = Locked(State())
        let bits = made.retainedBits()
        let (exchanged, original) = stateBits.compareExchange(expected: 0, desired: bits)
        if exchanged { return made }
        // Another thread made it first: use that one.
        Locked<State>.releaseRetainedBits(bits)
        return Locked(borrowingBits: original)
    }

    /// The current scope and `initCompleted` closures, not retained. Valid as long as the registration: a
    /// replaced configuration of its own is retired into `state`, and a shared one lives for good.
    @inline(__always)
    final var currentConfiguration: Unmanaged<Configuration> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: publishedConfiguration.load())!)
    }

    /// The current scope and `initCompleted` closures.
    final var configuration: Configuration { currentConfiguration.takeUnretainedValue() }

    /// Replaces the configuration with `change(current)`, without a lock; a replaced configuration of the
    /// registration's own is retired into `state`. `change` may run more than once when threads race.
    ///
    /// Ordering with the creation of a shared instance: the exchange comes before the caller reads
    /// ``stateIfMade`` (to forget instances), and a creator checks the configuration under the state's lock
    /// after the state was made; both sequentially consistent, so a creator either sees the new scope or its
    /// instance is forgotten by the caller.
    final func reconfigure(_ change: (Configuration) -> UInt) {
        var current = publishedConfiguration.load()
        while true {
            let old = Unmanaged<Configuration>.fromOpaque(UnsafeRawPointer(bitPattern: current)!)
            // The new configuration's bits, as `Configuration.ownedBits(scope:completions:)` gives them.
            let bits = old._withUnsafeGuaranteedRef { change($0) }
            if bits == current { return }  // the same shared configuration
            let new = Unmanaged<Configuration>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
            let (exchanged, original) = publishedConfiguration.compareExchange(expected: current, desired: bits)
            if exchanged {
                if !old._withUnsafeGuaranteedRef({ $0.isShared }) {
                    let retired = old.takeRetainedValue()
                    state.withLock { $0.replacedConfigurations.append(retired) }
                }
                return
            }
            if !new._withUnsafeGuaranteedRef({ $0.isShared }) { new.release() }
            current = original
        }
    }

    /// Changes the scope, forgetting the instances the old one kept. A value or instance registration keeps its
    /// own scope (see `Container+Values.swift`).
    @usableFromInline
    final func changeScope(to scope: any ObjectScopeProtocol) {
        if currentConfiguration._withUnsafeGuaranteedRef({ $0.isRegisteredInstance }) { return }
        reconfigure {
            Configuration.ownedBits(
                scope: scope, completions: $0.completions, decorators: $0.decorators,
                injectsProperties: $0.injectsProperties)
        }
        forgetInstances()
    }

    /// ``changeScope(to:)`` for a scope of the concrete class, the common case: the inlined call in the app's
    /// code passes a class reference, not an existential.
    @usableFromInline
    final func changeScope(to scope: ObjectScope) {
        changeScope(to: scope as any ObjectScopeProtocol)
    }

    /// Forgets the instances the registration keeps (its shared instance, its custom scope's storage), as a new
    /// scope does. Call after ``reconfigure(_:)``.
    final func forgetInstances() {
        guard let state = stateIfMade else { return }
        var forgotten: PublishedInstance?
        state.withLock { state in
            forgotten = forgetShared(in: &state)
            state.customStorage = nil
        }
        Registration.discard(forgotten)
    }

    // MARK: Kept instances

    /// The box of the `.container` instance this registration keeps, if it keeps one stored as exactly the type
    /// `serviceType` identifies (see ``TypedPublishedInstance``); read without a lock and not retained. Call only
    /// during a quick read (``ResolvingThread/enterReadingWithQuickRead()``), which keeps the box valid until the
    /// caller has retained the instance.
    @inline(__always)
    final func publishedInstance(typedAs serviceType: ObjectIdentifier) -> Unmanaged<PublishedInstance>? {
        // No `Service?` here: in code not specialized for `Service`, an optional of it costs a metadata lookup.
        guard let pointer = UnsafeRawPointer(bitPattern: publishedShared.load()) else { return nil }
        let box = Unmanaged<PublishedInstance>.fromOpaque(pointer)
        return box._withUnsafeGuaranteedRef { $0.typedAs == serviceType } ? box : nil
    }

    /// Keeps `instance` strongly and publishes it for lock-free reads. Call with the lock held: `state` is this
    /// registration's.
    final func keepStrongly(_ instance: Any, in state: inout State) {
        let box = box(instance)
        state.shared = .strong(box)
        publishedShared.store(UInt(bitPattern: Unmanaged.passUnretained(box).toOpaque()))
    }

    /// Forgets the shared instance (kept or being created), with the lock held. Returns the box of a kept one,
    /// unpublished: pass it to ``discard(_:)`` once the lock is released.
    final func forgetShared(in state: inout State) -> PublishedInstance? {
        // The common case (a registration configured before its first resolve) copies and destroys nothing.
        if case .empty = state.shared { return nil }
        defer { state.shared = .empty }
        guard case .strong(let box) = state.shared else { return nil }
        publishedShared.store(0)
        return box
    }

    /// Releases a box ``forgetShared(in:)`` returned, once no quick read can still be reading it. Call without
    /// holding a lock: the instance's deinitializer may run here.
    static func discard(_ box: consuming PublishedInstance?) {
        guard box != nil else { return }
        Reclamation.waitForQuickReads()
        _ = consume box
    }

    /// The service request this registration answers.
    final var request: ServiceRequest {
        ServiceRequest(serviceType: serviceType, name: name, argumentTypes: argumentTypes)
    }

    /// The registration described for messages, as registered under `type` and `name` (they differ from the
    /// registration's own when it is reached through type forwarding).
    final func describe(as type: Any.Type? = nil, name: String?? = nil) -> RegistrationDescription {
        let scope = configuration.scope.scopeDescription
        return RegistrationDescription(
            request: ServiceRequest(
                serviceType: type ?? serviceType, name: name ?? self.name, argumentTypes: argumentTypes
            ),
            scope: scope,
            fileID: fileID,
            line: line
        )
    }
}
