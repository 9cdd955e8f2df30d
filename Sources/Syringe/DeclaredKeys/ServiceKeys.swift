/// The namespace of declared keys: extend it with one `static let` per service, and resolve, override and inject
/// through the key the compiler checks (`container[.api]`, `container.register(.api) { … }`, `@Injected(.api)`).
///
/// Resolving by key cannot fail with "not registered": on a key's first resolve in a container tree, its default is
/// registered, as an ordinary registration, in the root of the tree, unless a registration of the same type, name
/// and argument types exists. Two keys of one type, name and argument types collide (``KeyCollision``).
///
/// ```swift
/// extension ServiceKeys {
///     static let session = Key<Session>(scope: .container) { _ in Session() }
///     static let api = Key<any API> { r in RealAPI(session: try r[.session]) }
/// }
///
/// let container = Container()
/// let api = try container[.api]
/// assert(api is RealAPI)                  // made by the default factory
/// container.register(.api) { _ in MockAPI() }
/// let mock = try container[.api]
/// assert(mock is MockAPI)
/// ```
///
/// `ServiceKeys` is a class only so that ``DeclaredKey`` (its subclass) finds the static members declared on it.
public class ServiceKeys: @unchecked Sendable {
    // @unchecked Sendable: a non-final class cannot be checked by the compiler. Every stored property here and in
    // the final subclass is a `let` of a Sendable type.

    /// The declared service's type, argument types and name.
    let registryKey: ServiceKey
    let serviceType: Any.Type
    let argumentTypes: [Any.Type]
    let argumentsType: ArgumentsSignature
    /// Where the key is declared, with its label, as messages about the key name it.
    ///
    /// ```swift
    /// print(ServiceKeys.api.declaration)  // ServiceKeys.api at MyApp/Keys.swift:12
    /// ```
    public let declaration: Declaration
    /// Whether another key with the same type, name and argument types was declared before this one was created:
    /// every resolve of this key then throws ``ResolutionError/Kind/keyCollision(_:)``.
    let collides: Bool
    /// Whether a resolve of the key may start with the plain lookup: not if it ``answersUnregistered`` or collides.
    @usableFromInline
    let startsWithLookup: Bool
    /// Registers the key's default in a container unless it binds the key already (``installDefault(in:)``).
    let installDefault: @Sendable (Container) -> Void
    /// Runs the default factory for a resolver of the user's own (no registry to keep the default in); `nil` for
    /// kinds that need the container.
    let runDefault: (@Sendable (any Resolver, Any) throws -> Any)?
    /// Makes the installation of the default one step per key (a setting such as `implements` binds other keys).
    /// It counts installations; the lock is what matters (a `Locked<Void>` shares its address with the mutex, which
    /// ThreadSanitizer reports as a race).
    let installation = Locked(0)
    /// The thread installing the default (``currentThreadIdentity()``), `0` when none: a key's own settings that
    /// resolve the key re-enter the installation on that thread, which is then not waited for (no deadlock).
    let installer = Locked<UInt>(0)
    /// Whether a request for the key's type succeeds with no registration (an optional, ``Lazy``, ``Provider``, an
    /// array), so the default is registered before the lookup (``installDefaultIfUnbound(in:)``), not after a miss.
    @usableFromInline
    let answersUnregistered: Bool

    init(
        registryKey: ServiceKey, serviceType: Any.Type, argumentTypes: [Any.Type],
        argumentsType: ArgumentsSignature, declaration: Declaration, collides: Bool,
        installDefault: @escaping @Sendable (Container) -> Void,
        runDefault: (@Sendable (any Resolver, Any) throws -> Any)?, answersUnregistered: Bool
    ) {
        self.registryKey = registryKey
        self.serviceType = serviceType
        self.argumentTypes = argumentTypes
        self.argumentsType = argumentsType
        self.installDefault = installDefault
        self.runDefault = runDefault
        self.answersUnregistered = answersUnregistered
        self.declaration = declaration
        self.collides = collides
        startsWithLookup = !answersUnregistered && !collides
    }

    /// Whether a lookup answers requests for `type` with no registration (see ``answersUnregistered``).
    static func answersUnregistered(_ type: Any.Type) -> Bool {
        // The kind first: a protocol's type (most keys') is not asked of the runtime.
        MetadataKind.isNominal(type) && type is any InstanceWrapper.Type
    }

    var request: ServiceRequest {
        ServiceRequest(serviceType: serviceType, name: registryKey.name, argumentTypes: argumentTypes)
    }
}

extension ServiceKeys {
    /// The runtime argument types of a key, after a marker that keeps the list a tuple:
    /// `DeclaredKey<Detail, (Arguments, Int), …>` takes one `Int`, `DeclaredKey<Detail, Arguments, …>` none.
    ///
    /// Swift collapses a one-element tuple `(Int)` to `Int`: the marker keeps one argument of tuple type apart from
    /// several. ``DeclaredKey/WithArguments`` writes it.
    ///
    /// ```swift
    /// let detail: ServiceKeys.DeclaredKey<Detail, (ServiceKeys.Arguments, Int), ServiceKeys.Synchronous> = .detail
    /// ```
    public enum Arguments {}

    /// How a key's factory runs, the third type parameter of ``DeclaredKey``: it decides which receivers may
    /// resolve the key, checked by the compiler.
    ///
    /// ```swift
    /// func resolveAnyKind<S, E: ServiceKeys.Execution>(_ key: ServiceKeys.DeclaredKey<S, ServiceKeys.Arguments, E>) async throws -> S {
    ///     try await container.async[key]
    /// }
    /// ```
    public protocol Execution {}

    /// An ``Execution`` that main-actor code may resolve synchronously through ``Container/mainActor``:
    /// ``Synchronous`` and ``OnMainActor``.
    ///
    /// ```swift
    /// @MainActor func show() throws { _ = try container.mainActor[.model] }
    /// ```
    public protocol MainActorExecution: Execution {}

    /// An ``Execution`` that only an `await` resolves from other code: actor-isolated and `async` factories.
    ///
    /// ```swift
    /// let prices = try await container.async[.prices]
    /// ```
    public protocol AwaitedExecution: Execution {}

    /// A synchronous factory: resolved anywhere (``Key``).
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let clock = Key<any Clock> { _ in SystemClock() }
    /// }
    /// let clock = try container[.clock]
    /// ```
    public enum Synchronous: MainActorExecution {}

    /// A factory isolated to the main actor (``MainActorKey``).
    ///
    /// ```swift
    /// @MainActor func show() throws -> ViewModel { try container.mainActor[.model] }
    /// func load() async throws -> ViewModel { try await container.async[.model] }
    /// ```
    public enum OnMainActor: MainActorExecution, AwaitedExecution {}

    /// A factory isolated to the global actor `Isolation` (``GlobalActorKey``), resolved with `await`.
    ///
    /// ```swift
    /// let store = try await container.async[.store]   // made on StorageActor
    /// ```
    public enum OnGlobalActor<Isolation: GlobalActor>: AwaitedExecution {}

    /// An `async` factory (``AsyncKey``).
    ///
    /// ```swift
    /// container.register(Catalog.self) { r in
    ///     Catalog(prices: try await r[.prices], quote: try await r[.quote, "EUR"])   // in an async factory
    /// }
    /// ```
    public enum Asynchronous: AwaitedExecution {}
}
