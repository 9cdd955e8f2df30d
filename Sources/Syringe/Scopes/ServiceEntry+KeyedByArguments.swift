// Per-argument caching: a shared scope that keeps one instance per distinct tuple of runtime arguments.
//
// `keyedByArguments()` moves the registration into an `ArgumentKeyedScope` of its own, a custom scope that remembers
// the shared scope it keys (`.container` or `.weak`). The resolve path of custom scopes hands such a scope to
// `keyedInstance` (ResolutionContext+KeyedByArguments.swift), the one place that sees both the storage and the
// arguments; every other registration resolves as before. `resetObjectScope` of the keyed scope, or of the shared
// scope it keys, empties the storage.

extension ServiceEntry {
    /// Keeps one instance per distinct value of the runtime arguments, in the entry's shared scope.
    ///
    /// Call it after ``inObjectScope(_:)-(ObjectScope)`` with ``ObjectScope/container`` (each instance kept until the
    /// scope is reset) or ``ObjectScope/weak`` (each kept while something else holds it). Resolves with equal
    /// arguments get the same instance; different arguments, different instances: one view model per item id.
    /// `resetObjectScope` of that scope empties it, as it does the scope's other instances.
    ///
    /// Every argument type must be `Hashable`; the arguments are compared as a whole (`("a", 1)` and `("a", 2)` are
    /// two keys). With a `limit`, at most that many instances are kept: the least recently resolved one is dropped
    /// first, so a long-running app does not keep every key it ever saw.
    ///
    /// ```swift
    /// container.register(ItemViewModel.self) { r, id in ItemViewModel(id: id, api: r.resolve(API.self)!) }
    ///     .inObjectScope(.container)
    ///     .keyedByArguments(limit: 100)
    /// let first = container.resolve(ItemViewModel.self, argument: 42)
    /// let same = container.resolve(ItemViewModel.self, argument: 42)    // the same instance
    /// let other = container.resolve(ItemViewModel.self, argument: 7)    // another one
    /// ```
    ///
    /// A registration this cannot key is an error found here, at registration, never a silent sharing: an argument
    /// type that is not `Hashable`, a scope that shares nothing (`.transient`, `.graph`) or is already keyed per
    /// container or custom, or a `limit` below 1. The problem is sent to ``Container/loggingFunction`` now (the
    /// default function prints it), and every resolve of the registration fails with a ``ResolutionError`` of kind
    /// ``ResolutionError/Kind/factoryFailed(underlying:)`` whose underlying ``KeyedByArgumentsError`` says why;
    /// `verify()` reports it.
    ///
    /// > Note: Calling ``inObjectScope(_:)-(ObjectScope)`` afterwards replaces the keyed scope: the registration
    /// > shares one instance again. `async` registrations are keyed the same way.
    ///
    /// - Parameter limit: The most instances kept; `nil` (the default) for no bound.
    /// - Returns: The entry, to configure further.
    /// - Complexity: A resolve hashes the arguments once. Reaching `limit` makes each new key scan the kept ones to
    ///   drop the least recently used: O(`limit`).
    @discardableResult
    public func keyedByArguments(limit: Int? = nil) -> Self {
        let current = registration.configuration.scope
        let base = (current as? ArgumentKeyedScope)?.base ?? current
        let scope = ArgumentKeyedScope(
            base: base, limit: limit, argumentTypes: registration.argumentTypes,
            problem: KeyedByArgumentsError.check(
                base: base, limit: limit, argumentTypes: registration.argumentTypes,
                service: registration.serviceType
            )
        )
        if let problem = scope.problem {
            Container.reportRegistrationProblem(
                "keyedByArguments() on \(typeName(registration.serviceType)) at \(registration.fileID):"
                    + "\(registration.line): \(problem.description)")
        }
        registration.changeScope(to: scope)
        container.reinjectAfterScopeChange(of: registration)
        return self
    }
}

/// Why ``ServiceEntry/keyedByArguments(limit:)`` cannot key a registration: every resolve of it fails with this
/// error inside its ``ResolutionError``.
///
/// ```swift
/// if case .factoryFailed(let underlying) = error.kind, let keyed = underlying as? KeyedByArgumentsError {
///     print(keyed.reason)
/// }
/// ```
public struct KeyedByArgumentsError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the registration.
    ///
    /// ```swift
    /// if case .notHashable(let types) = keyed.reason { print(types) }
    /// ```
    public enum Reason: Sendable, Equatable {
        /// These argument types (by name) are not `Hashable`, so equal arguments cannot be recognized.
        case notHashable([String])
        /// The registration's scope keeps no instance to key (by its description): `.transient`, `.graph`, or a
        /// scope that keys instances its own way (`.perContainer`, a custom scope).
        case unsharedScope(String)
        /// The limit is below 1.
        case invalidLimit(Int)
        /// At resolve time, an argument's value was not `Hashable` (an argument of an existential type that holds
        /// another type than the one registered).
        case unhashableValue(String)
    }

    /// What is wrong.
    ///
    /// ```swift
    /// print(keyed.reason)
    /// ```
    public let reason: Reason

    /// The service type of the registration, by name.
    ///
    /// ```swift
    /// print(keyed.service)  // "ItemViewModel"
    /// ```
    public let service: String

    /// What is wrong and how to fix it.
    ///
    /// ```swift
    /// print(keyed.description)
    /// ```
    public var description: String {
        switch reason {
        case .notHashable(let types):
            "\(service) cannot be kept per argument: its argument type\(types.count == 1 ? "" : "s") "
                + types.joined(separator: ", ")
                + " \(types.count == 1 ? "is" : "are") not Hashable; make \(types.count == 1 ? "it" : "them") "
                + "Hashable, or key by a Hashable identifier instead"
        case .unsharedScope(let scope):
            "\(service) cannot be kept per argument in the \(scope) scope: call .inObjectScope(.container) or "
                + ".inObjectScope(.weak) before .keyedByArguments()"
        case .invalidLimit(let limit):
            "\(service) cannot be kept per argument with a limit of \(limit): the limit must be at least 1, or nil"
        case .unhashableValue(let type):
            "\(service) cannot be kept per argument: an argument of type \(type) is not Hashable"
        }
    }

    /// The problem of keying a registration of `service` in `base` by arguments of `argumentTypes`, if any.
    static func check(
        base: any ObjectScopeProtocol, limit: Int?, argumentTypes: [Any.Type], service: Any.Type
    ) -> KeyedByArgumentsError? {
        let unhashable = argumentTypes.filter { !($0 is any Hashable.Type) }.map { typeName($0) }
        let name = typeName(service)
        if !unhashable.isEmpty { return KeyedByArgumentsError(reason: .notHashable(unhashable), service: name) }
        if base.kind != .container && base.kind != .weak {
            return KeyedByArgumentsError(reason: .unsharedScope(base.scopeDescription), service: name)
        }
        if let limit, limit < 1 { return KeyedByArgumentsError(reason: .invalidLimit(limit), service: name) }
        return nil
    }
}

/// The scope of one registration keyed by its arguments: its base scope, its bound, and its problem if it has one.
final class ArgumentKeyedScope: ObjectScopeProtocol, CustomStringConvertible {
    /// The shared scope keyed: `.container` or `.weak` (anything else is ``problem``).
    let base: any ObjectScopeProtocol
    let limit: Int?
    /// How many runtime arguments make the key.
    let argumentCount: Int
    /// Makes the key of a resolve's arguments (see ``ArgumentKey/maker(for:)``).
    let keyMaker: any ArgumentKeyMaker
    /// Why the registration cannot be keyed; every resolve throws it.
    let problem: KeyedByArgumentsError?

    init(base: any ObjectScopeProtocol, limit: Int?, argumentTypes: [Any.Type], problem: KeyedByArgumentsError?) {
        self.base = base
        self.limit = limit
        self.argumentCount = argumentTypes.count
        self.keyMaker = ArgumentKey.maker(for: argumentTypes)
        self.problem = problem
    }

    var description: String {
        base.scopeDescription + ", keyed by arguments" + (limit.map { " (at most \($0))" } ?? "")
    }

    func makeStorage() -> any InstanceStorage {
        ArgumentKeyedStorage(strongly: base.kind == .container, limit: limit)
    }
}

/// The instances of one keyed registration, by argument key, with their last use for the least-recently-used bound.
///
/// Used only under its registration's lock (as every ``InstanceStorage``), so it needs no lock of its own.
final class ArgumentKeyedStorage: InstanceStorage {
    /// One key's instance: a class, so that a hit updates its last use in place, without writing the dictionary
    /// or copying a weak reference.
    private final class Entry {
        /// The instance, when kept strongly (`.container`).
        let strong: Any?
        /// The instance, when kept weakly (`.weak`).
        weak var object: AnyObject?
        var lastUse: UInt64

        init(strong: Any?, object: AnyObject?, lastUse: UInt64) {
            self.strong = strong
            self.object = object
            self.lastUse = lastUse
        }

        var instance: Any? { strong ?? object }
    }

    private let strongly: Bool
    private let limit: Int?
    private var entries: [ArgumentKey: Entry] = [:]
    /// Counts uses, for the least-recently-used bound; not counted without a limit.
    private var clock: UInt64 = 0

    init(strongly: Bool, limit: Int?) {
        self.strongly = strongly
        self.limit = limit
    }

    /// Always `nil`: the instances are found by key. Setting `nil`, as `resetObjectScope` does, forgets them all.
    var instance: Any? {
        get { nil }
        set { if newValue == nil { entries.removeAll() } }
    }

    /// The instance kept for `key`, marked as used now.
    func instance(for key: ArgumentKey) -> Any? {
        guard let entry = entries[key] else { return nil }
        guard let instance = entry.instance else {
            entries[key] = nil
            return nil
        }
        if limit != nil {
            clock += 1
            entry.lastUse = clock
        }
        return instance
    }

    /// Keeps `instance` for `key` unless another one is kept for it already (another thread made it first). Returns
    /// the one kept, or `instance` itself when a weak scope cannot keep it (a value type), and whether it is
    /// `instance`.
    func keep(_ instance: Any, for key: ArgumentKey) -> (kept: Any, isNew: Bool) {
        if let kept = self.instance(for: key) { return (kept, false) }
        clock += 1
        if strongly {
            entries[key] = Entry(strong: instance, object: nil, lastUse: clock)
        } else {
            guard let object = asObject(instance) else { return (instance, true) }
            entries[key] = Entry(strong: nil, object: object, lastUse: clock)
        }
        if let limit, entries.count > limit { evictLeastRecentlyUsed(down: limit) }
        return (instance, true)
    }

    private func evictLeastRecentlyUsed(down limit: Int) {
        // Dead weak entries go first; then the oldest use, one at a time (one over the limit per new key).
        entries = entries.filter { $0.value.instance != nil }
        while entries.count > limit, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[oldest.key] = nil
        }
    }
}

/// The runtime arguments of one resolve as a dictionary key: their values, each `Hashable`.
enum ArgumentKey: Hashable {
    /// The one argument of a registration that takes one.
    case single(AnyHashable)
    /// The arguments of a registration that takes none or several, in order.
    case several([AnyHashable])

    /// The key of `arguments` (one value, or a tuple of `count` values), or `nil` when a value is not `Hashable`.
    init?(_ arguments: Any, count: Int) {
        if count == 1 {
            guard let value = arguments as? AnyHashable else { return nil }
            self = .single(value)
            return
        }
        var values: [AnyHashable] = []
        values.reserveCapacity(count)
        for child in Mirror(reflecting: arguments).children {
            guard let value = child.value as? AnyHashable else { return nil }
            values.append(value)
        }
        guard values.count == count else { return nil }
        self = .several(values)
    }

    /// Makes the keys of a registration whose argument types are `argumentTypes`: for one argument of a `Hashable`
    /// type, a cast to exactly that type (found once here), much cheaper per resolve than the conformance lookup of
    /// a cast to `AnyHashable`; otherwise ``init(_:count:)``.
    static func maker(for argumentTypes: [Any.Type]) -> any ArgumentKeyMaker {
        if argumentTypes.count == 1, let hashable = argumentTypes[0] as? any Hashable.Type {
            return singleKeyMaker(hashable)
        }
        return GeneralArgumentKeyMaker(count: argumentTypes.count)
    }

    private static func singleKeyMaker<Value: Hashable>(_: Value.Type) -> any ArgumentKeyMaker {
        SingleArgumentKeyMaker<Value>()
    }

    /// The name of the first argument type of `arguments` that is not `Hashable`.
    static func unhashableTypeName(in arguments: Any, count: Int) -> String {
        let values = count == 1 ? [arguments] : Mirror(reflecting: arguments).children.map(\.value)
        let first = values.first { !($0 is AnyHashable) }
        return first.map { typeName(type(of: $0)) } ?? typeName(type(of: arguments))
    }
}

extension Registration {
    /// Forgets the instances of this registration if it is keyed by arguments over `scope`: resetting `.container`
    /// empties the registrations keyed over `.container` too. Returns the disposable instances to dispose.
    func releaseKeyedByArguments(over scope: any ObjectScopeProtocol) -> [PendingDisposal] {
        guard let keyed = configuration.scope as? ArgumentKeyedScope, keyed.base === scope else { return [] }
        return release(ifIn: keyed)
    }
}

/// Makes the ``ArgumentKey`` of a resolve's arguments, for one registration's argument types.
protocol ArgumentKeyMaker: Sendable {
    /// The key of `arguments` (one value, or a tuple), or `nil` when a value is not `Hashable`.
    func key(of arguments: Any) -> ArgumentKey?
}

/// The key of the one argument of a `Hashable` type `Value`.
struct SingleArgumentKeyMaker<Value: Hashable>: ArgumentKeyMaker {
    func key(of arguments: Any) -> ArgumentKey? {
        // The registry key includes the argument type, so the argument has exactly this type; a value of another
        // type (an existential argument type holding another) takes the general cast.
        if let value = arguments as? Value { return .single(AnyHashable(value)) }
        return ArgumentKey(arguments, count: 1)
    }
}

/// The key of any number of arguments, each cast to `AnyHashable`.
struct GeneralArgumentKeyMaker: ArgumentKeyMaker {
    let count: Int

    func key(of arguments: Any) -> ArgumentKey? {
        ArgumentKey(arguments, count: count)
    }
}
