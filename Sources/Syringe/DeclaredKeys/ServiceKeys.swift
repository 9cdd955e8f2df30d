/// The namespace of declared keys: extend it with one `static let` per service, and resolve, override and inject
/// through the key the compiler checks (`container[.api]`, `container.register(.api) { … }`, `@Injected(.api)`).
///
/// A key declares a service once: its type, an optional name, a default factory, a scope and any other registration
/// settings. Resolving by key cannot fail with "not registered": the first time a key is resolved in a container
/// tree, its default factory is registered, as an ordinary registration, in the root of that tree (the container
/// without a parent), unless that container already has a registration of the same type, name and argument types.
/// From then on the key resolves as `resolve(Service.self, name: name)` does: one lookup.
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
/// Every kind of key is one generic type, ``DeclaredKey``, named by what its factory is:
///
/// | Declared as | Factory | Resolved with |
/// | --- | --- | --- |
/// | ``Key`` | synchronous | `try container[.k]`, `try r[.k]` in a factory, and every receiver below |
/// | ``MainActorKey`` | `@MainActor` | `container.mainActor[.k]` from main-actor code; `try await container.async[.k]` |
/// | ``GlobalActorKey`` | isolated to any global actor | `try await container.async[.k]`, `try await r[.k]` |
/// | ``AsyncKey`` | `async` | `try await container.async[.k]`, `try await r[.k]` in an `async` factory |
///
/// and each of them `.WithArguments<…>` for a factory that takes runtime arguments (`container[.detail, 42]`).
///
/// A key is the registration of its type, name and argument types: a Swinject-style registration
/// (`container.register((any API).self) { … }`) of the same type and name is the same key, and overrides it.
/// Give two keys of one type different names: two keys of one type, name and argument types collide
/// (``KeyCollision``), which `verify()` reports and a resolve of either key throws.
///
/// Declaring a key costs nothing until it is used: a `static let` is initialized on first access, and nothing is
/// registered before the first resolve, unless the app lists its keys with ``Container/register(keys:)``.
///
/// `ServiceKeys` is a class only so that ``DeclaredKey`` (its subclass) finds the static members declared on it,
/// `.api` included; it has no instances of its own.
public class ServiceKeys: @unchecked Sendable {
    // @unchecked Sendable: a non-final class cannot be checked by the compiler. Every stored property here and in
    // the subclass is a `let` of a Sendable type (metatypes, strings, locks, `@Sendable` closures), and the
    // subclass is final.

    /// The registry key of the declared service: its type, argument types and name.
    let registryKey: ServiceKey
    /// The service type, for messages.
    let serviceType: Any.Type
    /// The runtime argument types of the key's factory, and their signature (the registry key's part).
    let argumentTypes: [Any.Type]
    let argumentsType: ArgumentsSignature
    /// Where the key is declared, with its label: what messages about the key, a collision's among them, name.
    ///
    /// ```swift
    /// print(ServiceKeys.api.declaration)  // ServiceKeys.api at MyApp/Keys.swift:12
    /// ```
    public let declaration: Declaration
    /// Whether another key with the same type, name and argument types was declared before this one was created
    /// (``KeyCollision``): every resolve of this key then throws ``ResolutionError/Kind/keyCollision(_:)``, on
    /// the path that resolves through the key, not the plain lookup.
    let collides: Bool
    /// Whether a resolve of the key may start with the plain lookup of its type, name and argument types: not for
    /// a type that a lookup answers without a registration (``answersUnregistered``), nor for a key that collides.
    @usableFromInline
    let startsWithLookup: Bool
    /// Registers the key's default in a container unless it binds the key already (``installDefault(in:)``).
    let installDefault: @Sendable (Container) -> Void
    /// Runs the default factory for a resolver that is neither a container nor an awaited resolution (a resolver
    /// of the user's own), which has no registry to keep the default in; `nil` for kinds that need the container.
    let runDefault: (@Sendable (any Resolver, Any) throws -> Any)?
    /// Makes the installation of the default one step per key: two threads that use the key first do not both
    /// build and configure a registration (a setting such as `implements` binds other keys). Its state counts
    /// the installations made; the lock is what matters. (Not a `Locked<Void>`: an empty state shares its address
    /// with the mutex, which ThreadSanitizer reports as a race.)
    let installation = Locked(0)
    /// The thread installing the default (``currentThreadIdentity()``), `0` when none: a key's own settings that
    /// resolve the key re-enter the installation on that thread, which is then not waited for (no deadlock).
    let installer = Locked<UInt>(0)
    /// Whether a request for the key's type succeeds with no registration (an optional, ``Lazy``, ``Provider``,
    /// an array): its lookup would answer `nil`, or an empty array, not miss, so the default is registered before
    /// the lookup (``installDefaultIfUnbound(in:)``), not after a miss.
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
        // The kind first: a protocol's type (most keys') is never a wrapper, and is not asked of the runtime.
        MetadataKind.isNominal(type) && type is any InstanceWrapper.Type
    }

    /// The request the key answers, for messages.
    var request: ServiceRequest {
        ServiceRequest(serviceType: serviceType, name: registryKey.name, argumentTypes: argumentTypes)
    }
}

// MARK: - How a key's factory runs

extension ServiceKeys {
    /// The runtime argument types of a key, after a marker that keeps the list a tuple:
    /// `DeclaredKey<Detail, (Arguments, Int), …>` takes one `Int`, `DeclaredKey<Detail, Arguments, …>` none.
    ///
    /// Swift collapses a one-element tuple `(Int)` to `Int`; the marker in front keeps one argument of tuple type
    /// `(Int, Int)` apart from two `Int`s, and lets every call site infer the arguments from the key's type.
    /// You never write it: ``DeclaredKey/WithArguments`` does.
    ///
    /// ```swift
    /// let detail: ServiceKeys.DeclaredKey<Detail, (ServiceKeys.Arguments, Int), ServiceKeys.Synchronous> = .detail
    /// ```
    public enum Arguments {}

    /// How a key's factory runs, the third type parameter of ``DeclaredKey``: ``Synchronous``, ``OnMainActor``,
    /// ``OnGlobalActor`` or ``Asynchronous``. It decides which receivers may resolve the
    /// key, checked by the compiler.
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

    /// A factory isolated to the main actor (``MainActorKey``): main-actor code resolves it synchronously, any
    /// code with `await`.
    ///
    /// ```swift
    /// @MainActor func show() throws -> ViewModel { try container.mainActor[.model] }
    /// func load() async throws -> ViewModel { try await container.async[.model] }
    /// ```
    public enum OnMainActor: MainActorExecution, AwaitedExecution {}

    /// A factory isolated to the global actor `Isolation` (``GlobalActorKey``), resolved with `await`. (For the
    /// main actor, ``MainActorKey`` also lets main-actor code resolve synchronously.)
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
