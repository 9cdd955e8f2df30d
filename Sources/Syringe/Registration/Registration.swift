/// One registration: the factory, its configuration and the instances its scope keeps.
///
/// A registration is reachable from its ``ServiceKey`` and from the keys of the types it is forwarded to.
/// Configuration (`inObjectScope`, `initCompleted`) may change at any time from any thread, and instances
/// of shared scopes are created once; both live in `state`, behind one lock per registration, so unrelated
/// registrations never contend.
final class Registration: Sendable {
    /// The erased factory: the resolver, then the runtime arguments as one value (a tuple when several).
    typealias Factory = @Sendable (any Resolver, Any) throws -> Any
    /// The erased `initCompleted` closure: the resolver and the new instance.
    typealias Completion = @Sendable (any Resolver, Any) throws -> Void

    let serviceType: Any.Type
    let name: String?
    let argumentTypes: [Any.Type]
    /// The metatype that keys the argument types (see ``ServiceKey/argumentsType``).
    let argumentsType: Any.Type
    let factory: Factory
    /// The factory of a registration made with an `async` or actor-isolated factory, run by `await`ed
    /// resolutions; `factory` then throws ``AsyncFactoryRequired``. `nil` for synchronous registrations.
    let asyncFactory: AsyncFactory?
    /// Whether `factory` is a `@MainActor` factory (registered with `isolatedTo: MainActor.self`): `await`ed
    /// resolutions run it on the main actor, through the synchronous engine, so both share its instances.
    let isolatedToMainActor: Bool
    let fileID: String
    let line: UInt
    /// Where the disposable instances of this registration are recorded: its container's store.
    let lifecycle: LifecycleStore
    let state: Locked<State>

    struct State {
        var scope: any ObjectScopeProtocol
        var completions: [Completion] = []
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
        case strong(Any)
        case weak(WeakReference)
    }

    init(
        serviceType: Any.Type,
        name: String?,
        argumentTypes: [Any.Type],
        argumentsType: Any.Type,
        scope: any ObjectScopeProtocol,
        fileID: String,
        line: UInt,
        lifecycle: LifecycleStore,
        factory: @escaping Factory,
        asyncFactory: AsyncFactory? = nil,
        isolatedToMainActor: Bool = false
    ) {
        self.serviceType = serviceType
        self.name = name
        self.argumentTypes = argumentTypes
        self.argumentsType = argumentsType
        self.fileID = fileID
        self.line = line
        self.lifecycle = lifecycle
        self.factory = factory
        self.asyncFactory = asyncFactory
        self.isolatedToMainActor = isolatedToMainActor
        self.state = Locked(State(scope: scope))
    }

    /// The service request this registration answers.
    var request: ServiceRequest {
        ServiceRequest(serviceType: serviceType, name: name, argumentTypes: argumentTypes)
    }

    /// The registration described for messages, as registered under `type` and `name` (they differ from the
    /// registration's own when it is reached through type forwarding).
    func describe(as type: Any.Type? = nil, name: String?? = nil) -> RegistrationDescription {
        let scope = state.withLock { $0.scope.scopeDescription }
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
