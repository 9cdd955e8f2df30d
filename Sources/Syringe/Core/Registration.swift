/// One registration: the factory (carried by the subclass of each kind), its configuration (immutable, replaced by
/// a compare-and-exchange, read without a lock) and the instances its scope keeps, under its own lock (`state`),
/// made on first need: a registration that never keeps an instance is one allocation, factory included.
@usableFromInline
class Registration: RegistrationCore, @unchecked Sendable {
    // @unchecked Sendable: stored properties are `let`s of Sendable types or an atomic word; mutable state sits
    // behind its lock. Not final only for the subclasses, which add only such `let`s.
    /// The erased factory: the resolver, then the runtime arguments as one value (a tuple when several).
    typealias Factory = @Sendable (any Resolver, Any) throws -> Any
    /// The erased `initCompleted` closure: the resolver and the new instance.
    typealias Completion = @Sendable (any Resolver, Any) throws -> Void
    /// The erased closure of ``ServiceEntry/decorated(_:)``: the resolver and the instance, returning its wrapper.
    typealias Decorator = @Sendable (any Resolver, Any) throws -> Any

    // Only what every registration needs, so a plain one (factory included) stays within 112 bytes, the
    // allocator's fastest size classes; what only some kinds have is stored by their subclasses.

    let serviceType: Any.Type
    let name: String?
    let fileID: String
    /// `line`, in 32 bits, next to `shape`.
    private let storedLine: UInt32
    /// Which subclass this is, for a downcast without a dynamic cast: only ``PlainRegistration`` is ``Shape/plain``
    /// and only ``ArgumentRegistration`` ``Shape/arguments``, each with its `Service` as `serviceType`
    /// (``typedPlain(as:)`` and ``typedWithArguments(as:)`` rely on both).
    let shape: Shape
    /// Where the disposable instances of this registration are recorded: its container's store.
    let lifecycle: LifecycleStore

    /// The scope, `initCompleted` closures, decorators and property injection, as one immutable value.
    final class Configuration: Sendable {
        let scope: any ObjectScopeProtocol
        /// The scope's kind, found once here instead of by a dynamic cast on every resolve.
        let kind: ObjectScope.Kind
        let completions: [Completion]
        /// The closures of ``ServiceEntry/decorated(_:)``, in the order added.
        let decorators: [Decorator]
        /// Whether ``ServiceEntry/injectsProperties()`` was called.
        let injectsProperties: Bool
        /// Nothing to do after the factory (no completions, decorators or property injection): one check.
        let finishesPlainly: Bool
        /// Whether this is the one configuration of a built-in scope that registrations share.
        let isShared: Bool
        /// Whether the scope is a registered value's or instance's, which `inObjectScope` does not change.
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
        /// The replaced configurations of this registration's own: a resolve may still read one unretained, so
        /// they live as long as the registration (built-in scopes without closures share one and add none).
        var replacedConfigurations: [Configuration] = []
        /// The instance of a `.container` or `.weak` registration.
        var shared = SharedInstance.empty
        /// The storage of a custom scope, made on first use.
        var customStorage: (any InstanceStorage)?
        /// The instances of ``ServiceEntry/keyedByArguments(limit:)``, made on first use, forgotten with the
        /// custom storage.
        var keyedInstances: (any KeyedInstanceTable)?
        /// Set by ``ServiceEntry/allowsCaptiveDependencies()``, for ``Container/verify(samples:)``.
        var allowsCaptiveDependencies = false
        /// Whether this is a declared key's default registration, which `verify()` reports when a registration of
        /// a conforming concrete type may have been meant to replace it.
        var isKeyDefault = false
        /// The ``ServiceKeys/DeclaredKey/label`` of the declared key this registration was made from, if any.
        var keyLabel: String?
        /// Whether the registration was removed: a resolve that began before still makes an instance, which no
        /// scope keeps.
        var isRetired = false
        /// Stands for this registration in its lifecycle store's entries, made at the first recorded instance.
        var life: RegistrationLife?
    }

    /// The life of a shared (container or weak scoped) instance.
    enum SharedInstance {
        case empty
        /// A thread runs the factory; `partial` (for that thread only) is set while `initCompleted` runs.
        /// `hasWaiters` tells the creator to wake other threads.
        case creating(owner: UInt, partial: Any?, hasWaiters: Bool)
        /// Kept strongly (`.container`), in the box published for lock-free reads.
        case strong(PublishedInstance)
        /// Kept weakly (`.weak`), given back as the factory made it (an optional stays one).
        case weak(WeakInstance)
    }

    /// The subclasses of ``Registration``: erased (``ErasedRegistration``, ``StandInRegistration``), plain
    /// (``PlainRegistration``) and arguments (``ArgumentRegistration``).
    enum Shape {
        case erased
        case plain
        case arguments
    }

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

    final var line: UInt { UInt(storedLine) }

    /// `ObjectIdentifier(serviceType)`, compared on every typed resolve.
    @inline(__always)
    final var serviceTypeID: ObjectIdentifier { ObjectIdentifier(serviceType) }

    /// The types of the runtime arguments, in the factory's order.
    var argumentTypes: [Any.Type] { [] }

    /// The tuple type `(any Resolver, Argument1, …)` of the argument types, and its ``ArgumentsKey``.
    var argumentsType: ArgumentsSignature { noArgumentsSignature }

    /// The `async` or actor-isolated factory, run by awaited resolutions (`make` then throws
    /// ``AsyncFactoryRequired``); `nil` for synchronous registrations.
    var asyncFactory: AsyncFactory? { nil }

    /// Whether the factory is `@MainActor` (`isolatedTo: MainActor.self`): awaited resolutions run it on the main
    /// actor through the synchronous engine, so both share its instances.
    var isolatedToMainActor: Bool { false }

    /// Whether only an `await`ed resolution can make the service: the factory is `async` or actor-isolated.
    final var needsAwaitedPath: Bool { asyncFactory != nil || isolatedToMainActor }

    /// Runs the factory with the resolver and the runtime arguments (a tuple when several).
    func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        throw FactoryNotImplemented()
    }

    /// The box in which a `.container` registration keeps `instance`: typed exactly as the service type, but for
    /// an erased factory's.
    func box(_ instance: Any) -> PublishedInstance {
        shape == .erased
            ? PublishedInstance.erased(instance) : PublishedInstance.boxingExactly(instance, as: serviceType)
    }

    deinit {
        releasePublishedState()
    }

    /// Changes the scope, forgetting the instances the old one kept; a value or instance keeps its own scope.
    @usableFromInline
    final func changeScope(to scope: any ObjectScopeProtocol) {
        if currentConfiguration.with({ $0.isRegisteredInstance }) { return }
        reconfigure {
            Configuration.ownedBits(
                scope: scope, completions: $0.completions, decorators: $0.decorators,
                injectsProperties: $0.injectsProperties)
        }
        // Without a state, no instance was ever kept (a creation makes it before it checks the scope), so
        // registering, the common case, takes no lifecycle lock here.
        guard forgetInstances() else { return }
        // The store held the forgotten singleton strongly because the registration did: no longer.
        lifecycle.weakenStronglyKept(of: self)
    }

    /// ``changeScope(to:)`` for the concrete class, the common case: the app's inlined call passes no existential.
    @usableFromInline
    @inline(__always)
    final func changeScope(to scope: ObjectScope) {
        // From one built-in scope's shared configuration to another's (no `initCompleted` closures): one exchange.
        guard publishSharedConfiguration(of: scope) else {
            changeScope(to: scope as any ObjectScopeProtocol)
            return
        }
        guard forgetInstances() else { return }
        lifecycle.weakenStronglyKept(of: self)
    }

    /// Forgets the instances the registration keeps, as a new scope does; call after ``reconfigure(_:)``. Returns
    /// whether the registration had made its state (without one, it never kept an instance).
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

    /// Releases a box ``forgetShared(in:)`` returned once no quick read can read it; call without a lock held.
    static func discard(_ box: consuming PublishedInstance?) {
        guard box != nil else { return }
        Reclamation.waitForQuickReads()
        _ = consume box
    }

    final var request: ServiceRequest {
        ServiceRequest(serviceType: serviceType, name: name, argumentTypes: argumentTypes)
    }

    /// The registration described for messages, as registered under `type` and `name` (a forwarded key's).
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
