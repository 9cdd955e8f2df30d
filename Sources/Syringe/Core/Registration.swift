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
class Registration: RegistrationCore, @unchecked Sendable {
    // @unchecked Sendable: every stored property is a `let` of a Sendable type or an atomic word, and the
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
        /// The instances of a registration keyed by its arguments (``ServiceEntry/keyedByArguments(limit:)``), made
        /// on first use; forgotten with the custom storage (a new scope, a reset).
        var keyedInstances: (any KeyedInstanceTable)?
        /// Whether ``Container/verify(samples:)`` accepts shorter-lived dependencies this (container-scoped)
        /// registration captures; set by ``ServiceEntry/allowsCaptiveDependencies()``.
        var allowsCaptiveDependencies = false
        /// Whether this is a declared key's default registration (registered on the key's first use, or by
        /// ``Container/register(keys:)``): `verify()` reports a default that a registration of a conforming
        /// concrete type may have been meant to replace.
        var isKeyDefault = false
        /// The ``ServiceKeys/DeclaredKey/label`` of the declared key this registration was made from (its default, or
        /// an override made with `register(.key)`), for the dependency graph; `nil` when the key has none.
        var keyLabel: String?
        /// Whether the registration was removed from its container (unregistered, its module unloaded, or a
        /// stand-in dropped with its original). A resolve that still reaches it (it began before the removal)
        /// makes an instance that no scope keeps: the caller's, like a transient one.
        var isRetired = false
        /// Stands for this registration in its lifecycle store's entries (``RegistrationLife``); made at the first
        /// recorded instance.
        var life: RegistrationLife?
    }

    /// The life of a shared (container or weak scoped) instance.
    enum SharedInstance {
        case empty
        /// A thread runs the factory. `partial` is set once the factory returned, while `initCompleted` runs;
        /// only the creating thread may see it. `hasWaiters` tells the creator to wake other threads.
        case creating(owner: UInt, partial: Any?, hasWaiters: Bool)
        /// Kept strongly (`.container`), in the box published for lock-free reads.
        case strong(PublishedInstance)
        /// Kept weakly (`.weak`), given back as the factory made it (an optional stays one).
        case weak(WeakInstance)
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
        super.init(configurationBits: Registration.ownedBits(of: configuration))
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

    /// Whether only an `await`ed resolution can make the service: the factory is `async` or actor-isolated.
    final var needsAwaitedPath: Bool { asyncFactory != nil || isolatedToMainActor }

    /// Runs the factory with the resolver and the runtime arguments (one value; a tuple when several).
    func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        throw FactoryNotImplemented()
    }

    /// The box in which a `.container` registration keeps `instance`: typed as the factory's service type, which
    /// a typed factory's instances are stored as exactly (an erased factory's are only `Any`).
    func box(_ instance: Any) -> PublishedInstance {
        shape == .erased
            ? PublishedInstance.erased(instance) : PublishedInstance.boxingExactly(instance, as: serviceType)
    }

    deinit {
        releasePublishedState()
    }



    /// Changes the scope, forgetting the instances the old one kept. A value or instance registration keeps its
    /// own scope (see `Container+Values.swift`).
    @usableFromInline
    final func changeScope(to scope: any ObjectScopeProtocol) {
        if currentConfiguration.with({ $0.isRegisteredInstance }) { return }
        reconfigure {
            Configuration.ownedBits(
                scope: scope, completions: $0.completions, decorators: $0.decorators,
                injectsProperties: $0.injectsProperties)
        }
        // A registration that never made its state never kept or recorded an instance (a creation makes the state
        // before it checks the scope, so one racing with this change sees the new scope): registering, the common
        // case, takes no lifecycle lock here.
        guard forgetInstances() else { return }
        // The store held the forgotten singleton strongly because the registration did: no longer.
        lifecycle.weakenStronglyKept(of: self)
    }

    /// ``changeScope(to:)`` for a scope of the concrete class, the common case: the inlined call in the app's
    /// code passes a class reference, not an existential.
    @usableFromInline
    @inline(__always)
    final func changeScope(to scope: ObjectScope) {
        // From one built-in scope's shared configuration to another's (a registration with no `initCompleted`
        // closures, the common case): one exchange, no configuration made and nothing retained.
        guard publishSharedConfiguration(of: scope) else {
            changeScope(to: scope as any ObjectScopeProtocol)
            return
        }
        guard forgetInstances() else { return }
        lifecycle.weakenStronglyKept(of: self)
    }

    /// Forgets the instances the registration keeps (its shared instance, its custom scope's storage), as a new
    /// scope does. Call after ``reconfigure(_:)``. Returns whether the registration had made its state (without one,
    /// it never kept an instance).
    @discardableResult
    final func forgetInstances() -> Bool {
        guard let state = stateIfMade else { return false }
        var forgotten: PublishedInstance?
        state.withLock { state in
            forgotten = forgetShared(in: &state)
            checkPublishedInstance(in: state)
            state.customStorage = nil
            state.keyedInstances = nil
        }
        Registration.discard(forgotten)
        return true
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
