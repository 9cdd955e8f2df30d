/// Where a custom object scope keeps the instances of one registration: each registration gets its own, made on its
/// first resolve or the first reset that reaches it. The container calls it only under that registration's lock,
/// never while a factory runs, so it needs no locking of its own unless the app also uses it.
///
/// ```swift
/// final class SessionStorage: InstanceStorage {
///     var instance: Any?
/// }
/// let session = ObjectScope(storageFactory: SessionStorage.init, description: "session")
/// container.register(Cart.self) { _ in Cart() }.inObjectScope(session)
/// ```
public protocol InstanceStorage: AnyObject {
    /// The stored instance, or `nil` when none is stored. Resetting the scope sets it to `nil`.
    var instance: Any? { get set }
    /// Called when the top-level resolution that used this storage finishes.
    func graphResolutionCompleted()
    /// The instance stored for the given object graph.
    func instance(inGraph graph: GraphIdentifier) -> Any?
    /// Stores an instance created in the given object graph.
    func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier)
}

extension InstanceStorage {
    /// Does nothing.
    ///
    /// ```swift
    /// storage.graphResolutionCompleted()
    /// ```
    public func graphResolutionCompleted() {}

    /// Returns ``instance``, whatever the graph.
    ///
    /// ```swift
    /// let cached = storage.instance(inGraph: graph)
    /// ```
    public func instance(inGraph _: GraphIdentifier) -> Any? { instance }

    /// Sets ``instance``, whatever the graph.
    ///
    /// ```swift
    /// storage.setInstance(service, inGraph: graph)
    /// ```
    public func setInstance(_ instance: Any?, inGraph _: GraphIdentifier) { self.instance = instance }
}

/// Keeps an instance until the scope is reset: the storage of ``ObjectScope/container``.
///
/// ```swift
/// let appLifetime = ObjectScope(storageFactory: PermanentStorage.init, description: "app")
/// ```
public final class PermanentStorage: InstanceStorage {
    /// The kept instance.
    public var instance: Any?

    /// Creates an empty storage.
    ///
    /// ```swift
    /// let storage = PermanentStorage()
    /// ```
    public init() {}
}

/// Keeps nothing: the storage of ``ObjectScope/transient``.
///
/// ```swift
/// let everyTime = ObjectScope(storageFactory: TransientStorage.init, description: "every time")
/// ```
public final class TransientStorage: InstanceStorage {
    /// Always `nil`; setting it does nothing.
    public var instance: Any? {
        get { nil }
        set {}  // Nothing is kept.
    }

    /// Creates a storage.
    ///
    /// ```swift
    /// let storage = TransientStorage()
    /// ```
    public init() {}
}

/// Keeps a class instance while something else holds it strongly; keeps no value types.
///
/// An optional or `Any` is looked through: a `Dog?` holding a `Dog` keeps the `Dog` weakly and gives back a `Dog?`.
///
/// ```swift
/// let shared = ObjectScope(storageFactory: WeakStorage.init, description: "shared while used")
/// ```
public final class WeakStorage: InstanceStorage {
    private var kept: WeakInstance?

    /// The instance, while it is alive.
    public var instance: Any? {
        get { kept?.instance }
        set { kept = newValue.flatMap(WeakInstance.init) }
    }

    /// Creates an empty storage.
    ///
    /// ```swift
    /// let storage = WeakStorage()
    /// ```
    public init() {}
}

/// Keeps one instance per object graph while the graph resolves, and afterwards while something else holds it.
///
/// ```swift
/// let perGraph = ObjectScope(storageFactory: GraphStorage.init, description: "per graph")
/// ```
public final class GraphStorage: InstanceStorage {
    private var instances = [GraphIdentifier: WeakInstance]()

    /// The instance of the graph that is resolving now; cleared when it completes.
    public var instance: Any?

    /// Creates an empty storage.
    ///
    /// ```swift
    /// let storage = GraphStorage()
    /// ```
    public init() {}

    /// Drops the strong reference held while the graph resolved.
    ///
    /// ```swift
    /// storage.graphResolutionCompleted()
    /// ```
    public func graphResolutionCompleted() {
        instance = nil
        instances = instances.filter { $0.value.isAlive }
    }

    /// The instance created in `graph`, if it is still alive.
    ///
    /// ```swift
    /// let cached = storage.instance(inGraph: graph)
    /// ```
    public func instance(inGraph graph: GraphIdentifier) -> Any? {
        instances[graph]?.instance
    }

    /// Stores the instance created in `graph`.
    ///
    /// ```swift
    /// storage.setInstance(service, inGraph: graph)
    /// ```
    public func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier) {
        self.instance = instance
        instances[graph] = instance.flatMap(WeakInstance.init)
    }
}

/// Combines several storages: an instance is stored in all of them and found in the first that has it.
///
/// ```swift
/// let storage = CompositeStorage([PermanentStorage(), GraphStorage()])
/// ```
public final class CompositeStorage: InstanceStorage {
    private let components: [any InstanceStorage]

    /// The first component's instance that is not `nil`; setting it sets every component.
    public var instance: Any? {
        get { components.lazy.compactMap(\.instance).first }
        set { for component in components { component.instance = newValue } }
    }

    /// Creates a storage over `components`, asked in order.
    ///
    /// ```swift
    /// let storage = CompositeStorage([WeakStorage(), GraphStorage()])
    /// ```
    public init(_ components: [any InstanceStorage]) {
        self.components = components
    }

    /// Tells every component.
    ///
    /// ```swift
    /// storage.graphResolutionCompleted()
    /// ```
    public func graphResolutionCompleted() {
        for component in components { component.graphResolutionCompleted() }
    }

    /// Stores the instance in every component.
    ///
    /// ```swift
    /// storage.setInstance(service, inGraph: graph)
    /// ```
    public func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier) {
        for component in components { component.setInstance(instance, inGraph: graph) }
    }

    /// The first component's instance for `graph` that is not `nil`.
    ///
    /// ```swift
    /// let cached = storage.instance(inGraph: graph)
    /// ```
    public func instance(inGraph graph: GraphIdentifier) -> Any? {
        components.lazy.compactMap { $0.instance(inGraph: graph) }.first
    }
}

struct WeakReference {
    weak var object: AnyObject?

    init(_ object: AnyObject?) {
        self.object = object
    }
}

/// An instance kept weakly: the object inside it (``asObject(_:)``) and the optional type it was inside, if any,
/// to give it back as made: a `Dog?` holding a `Dog`, not the bare `Dog`, which a cast to `Any` would not unwrap.
struct WeakInstance {
    private weak var object: AnyObject?
    /// The outermost optional type the object was inside; `nil` for the object itself (or in an existential).
    private let optionalType: (any OptionalInstance.Type)?

    /// Keeps `instance` weakly; `nil` when it holds no object (a value type, or an optional holding nothing).
    init?(_ instance: Any) {
        if let reference = objectReference(instance) {
            object = reference
            optionalType = nil
            return
        }
        guard MetadataKind.isOptional(type(of: instance)), let optional = instance as? any OptionalInstance,
            let object = optional.wrappedInstance.flatMap(asObject)
        else { return nil }
        self.object = object
        self.optionalType = type(of: optional)
    }

    var isAlive: Bool { object != nil }

    /// The instance as it was made, while its object is alive.
    var instance: Any? {
        guard let object else { return nil }
        guard let optionalType else { return object }
        return optionalType.wrapping(object)
    }
}

/// The instance as a class reference, looking through existentials and optionals at any depth (as Swinject's weak
/// storage does); `nil` for a value type or an empty optional.
func asObject(_ instance: Any) -> AnyObject? {
    // Not the bridging cast `as AnyObject`, which scans the conformance records once per class.
    if let object = objectReference(instance) { return object }
    // The metadata asked first: the cast scans the conformance records once per new type (see ``MetadataKind``).
    guard MetadataKind.isOptional(type(of: instance)), let optional = instance as? any OptionalInstance else {
        return nil
    }
    return optional.wrappedInstance.flatMap(asObject)
}

/// An `Optional`, whose wrapped value ``asObject(_:)`` looks at.
protocol OptionalInstance {
    /// The wrapped value, as `Any`; `nil` for `.none`.
    var wrappedInstance: Any? { get }

    /// `object`, which an instance of this type held (at any depth), wrapped again in this type.
    static func wrapping(_ object: AnyObject) -> Any
}

extension Optional: OptionalInstance {
    var wrappedInstance: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }

    static func wrapping(_ object: AnyObject) -> Any {
        // The cast wraps the object in as many optionals as `Wrapped` has, and opens an existential `Wrapped`.
        switch object {
        case let wrapped as Wrapped:
            let instance: Self = .some(wrapped)
            return instance as Any
        default:
            return object  // unreachable: the object was a `Wrapped`'s
        }
    }
}
