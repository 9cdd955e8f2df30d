/// A kind of lifetime for the instances of a registration; ``ObjectScope`` values made with a storage factory are
/// the simpler way to a custom scope.
///
/// ```swift
/// final class SessionScope: ObjectScopeProtocol {
///     func makeStorage() -> any InstanceStorage { PermanentStorage() }
/// }
/// ```
public protocol ObjectScopeProtocol: AnyObject, Sendable {
    /// Makes the storage for one registration in this scope, on its first resolve or reset. Called with that
    /// registration's lock held: it must not resolve from the container.
    ///
    /// ```swift
    /// func makeStorage() -> any InstanceStorage { PermanentStorage() }
    /// ```
    func makeStorage() -> any InstanceStorage
}

/// How long the container keeps the instances of a registration: a built-in scope, or your own made with
/// ``init(storageFactory:description:parent:)``.
///
/// ```swift
/// container.register(Database.self) { _ in SQLiteDatabase() }.inObjectScope(.container)
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

    /// Creates a custom scope; a `parent`'s storage is combined with this one's (see ``CompositeStorage``).
    ///
    /// ```swift
    /// let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session", parent: ObjectScope.graph)
    /// ```
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

    /// One instance until the scope is reset, a singleton, shared by child containers.
    ///
    /// ```swift
    /// container.register(Database.self) { _ in SQLiteDatabase() }.inObjectScope(.container)
    /// ```
    public static let container = ObjectScope(
        kind: .container, storageFactory: PermanentStorage.init, description: "container")

    /// Shared while something else holds the instance strongly (looked for through optionals and `Any`); value
    /// types behave as ``graph``.
    ///
    /// ```swift
    /// container.register(ImageCache.self) { _ in ImageCache() }.inObjectScope(.weak)
    /// ```
    public static let weak = ObjectScope(
        kind: .weak, storageFactory: WeakStorage.init, description: "weak", parent: ObjectScope.graph
    )
}

extension ObjectScopeProtocol {
    var kind: ObjectScope.Kind {
        (self as? ObjectScope)?.kind ?? .custom
    }

    var scopeDescription: String {
        (self as? ObjectScope)?.description ?? (self as? ArgumentKeyedScope)?.description
            ?? String(describing: type(of: self))
    }
}
