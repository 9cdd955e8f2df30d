/// A kind of lifetime for the instances of a registration.
///
/// Custom scopes conform to this protocol or, more simply, are ``ObjectScope`` values made with a storage
/// factory.
///
/// ```swift
/// final class SessionScope: ObjectScopeProtocol {
///     func makeStorage() -> any InstanceStorage { PermanentStorage() }
/// }
/// ```
public protocol ObjectScopeProtocol: AnyObject, Sendable {
    /// Makes the storage for one registration in this scope.
    ///
    /// Called once per registration, on its first use: its first resolve, or the first reset of this scope
    /// (`Container.resetObjectScope(_:)`) that reaches it, whichever comes first. The
    /// container calls it with that registration's lock held, so it must not resolve from the container.
    ///
    /// ```swift
    /// func makeStorage() -> any InstanceStorage { PermanentStorage() }
    /// ```
    func makeStorage() -> any InstanceStorage
}

/// How long the container keeps the instances of a registration.
///
/// The built-in scopes are ``transient`` (a new instance every time), ``graph`` (one instance per top-level
/// `resolve`, shared by everything that resolve creates; the default), ``container`` (one instance for the
/// registration's lifetime, a singleton), ``weak`` (shared while something else holds it), ``perContainer`` and
/// ``request`` (one instance per running ``RequestScope``). Make your own
/// with ``init(storageFactory:description:parent:)``.
///
/// ```swift
/// container.register(Database.self) { _ in SQLiteDatabase() }
///     .inObjectScope(.container)
///
/// let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
/// container.register(Cart.self) { _ in Cart() }.inObjectScope(session)
/// container.resetObjectScope(session)  // the next resolve makes a new Cart
/// ```
public final class ObjectScope: ObjectScopeProtocol, CustomStringConvertible {
    /// The scope's name, used in ``Container/description`` and in error messages.
    public let description: String
    let kind: Kind
    private let storageFactory: @Sendable () -> any InstanceStorage
    private let parent: (any ObjectScopeProtocol)?

    /// How the container handles a scope: built-in scopes take dedicated fast paths.
    enum Kind: Sendable {
        case transient, graph, container, weak, perContainer, request, custom
    }

    /// Creates a custom scope.
    ///
    /// ```swift
    /// let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session", parent: ObjectScope.graph)
    /// ```
    ///
    /// - Parameters:
    ///   - storageFactory: Makes the storage for each registration in the scope.
    ///   - description: The scope's name.
    ///   - parent: A scope whose storage is combined with this one's (see ``CompositeStorage``).
    public convenience init(
        storageFactory: @escaping @Sendable () -> any InstanceStorage,
        description: String = "",
        parent: (any ObjectScopeProtocol)? = nil
    ) {
        self.init(kind: .custom, storageFactory: storageFactory, description: description, parent: parent)
    }

    init(
        kind: Kind,
        storageFactory: @escaping @Sendable () -> any InstanceStorage,
        description: String,
        parent: (any ObjectScopeProtocol)? = nil
    ) {
        self.kind = kind
        self.storageFactory = storageFactory
        self.description = description
        self.parent = parent
    }

    /// Makes the storage for one registration: the factory's storage, combined with the parent's if there is one.
    ///
    /// ```swift
    /// let storage = ObjectScope.container.makeStorage()
    /// ```
    public func makeStorage() -> any InstanceStorage {
        if let parent {
            return CompositeStorage([storageFactory(), parent.makeStorage()])
        }
        return storageFactory()
    }

    /// A new instance on every resolve; nothing is kept.
    ///
    /// ```swift
    /// container.register(Request.self) { _ in Request() }.inObjectScope(.transient)
    /// ```
    public static let transient = ObjectScope(
        kind: .transient, storageFactory: TransientStorage.init, description: "transient")

    /// One instance per top-level resolve, shared by every service that resolve creates. The default scope.
    ///
    /// ```swift
    /// container.register(UnitOfWork.self) { _ in UnitOfWork() }.inObjectScope(.graph)
    /// ```
    public static let graph = ObjectScope(kind: .graph, storageFactory: GraphStorage.init, description: "graph")

    /// One instance for as long as the registration exists (until the scope is reset): a singleton.
    /// A child container shares it with the container that holds the registration.
    ///
    /// ```swift
    /// container.register(Database.self) { _ in SQLiteDatabase() }.inObjectScope(.container)
    /// ```
    public static let container = ObjectScope(
        kind: .container, storageFactory: PermanentStorage.init, description: "container")

    /// Shared while something else holds the instance strongly; value types behave as ``graph``.
    ///
    /// The object is found whatever static type the registration gives it: a service registered as `Dog?`,
    /// `(any Animal)?` or `Any` whose factory returns a class instance is shared like one registered as `Dog`.
    ///
    /// ```swift
    /// container.register(ImageCache.self) { _ in ImageCache() }.inObjectScope(.weak)
    /// ```
    public static let weak = ObjectScope(
        kind: .weak, storageFactory: WeakStorage.init, description: "weak", parent: ObjectScope.graph
    )
}

extension ObjectScopeProtocol {
    /// How the container handles this scope.
    var kind: ObjectScope.Kind {
        (self as? ObjectScope)?.kind ?? .custom
    }

    /// The scope's name for messages.
    var scopeDescription: String {
        (self as? ObjectScope)?.description ?? (self as? ArgumentKeyedScope)?.description
            ?? String(describing: type(of: self))
    }
}
