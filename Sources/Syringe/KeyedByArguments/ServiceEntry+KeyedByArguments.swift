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
    /// - Complexity: A resolve hashes the arguments once, as their own types when there are one to three of them
    ///   (as `AnyHashable`s otherwise), and allocates nothing when the instance is kept. Keeping the order of use and
    ///   dropping the least recently used key are O(1); with `.weak`, a new key past the limit first looks for a
    ///   key whose instance is gone: O(`limit`).
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
                    + "\(registration.line): \(problem.description)",
                request: ServiceRequest(
                    serviceType: registration.serviceType, name: registration.name,
                    argumentTypes: registration.argumentTypes))
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

/// The scope of one registration keyed by its arguments: its base scope, its bound, how its arguments make keys,
/// and its problem if it has one. One per registration: ``ServiceEntry/keyedByArguments(limit:)`` makes it.
final class ArgumentKeyedScope: ObjectScopeProtocol, CustomStringConvertible {
    /// The shared scope keyed: `.container` or `.weak` (anything else is ``problem``).
    let base: any ObjectScopeProtocol
    let limit: Int?
    /// How many runtime arguments make the key.
    let argumentCount: Int
    /// Makes the keys of a resolve's arguments and the storage kept by them (see ``ArgumentKeyings``).
    let keying: any ArgumentKeying
    /// Why the registration cannot be keyed; every resolve throws it.
    let problem: KeyedByArgumentsError?

    init(base: any ObjectScopeProtocol, limit: Int?, argumentTypes: [Any.Type], problem: KeyedByArgumentsError?) {
        self.base = base
        self.limit = limit
        self.argumentCount = argumentTypes.count
        self.keying = ArgumentKeyings.keying(for: argumentTypes)
        self.problem = problem
    }

    var description: String {
        base.scopeDescription + ", keyed by arguments" + (limit.map { " (at most \($0))" } ?? "")
    }

    /// A storage that keeps nothing: the instances are kept by key in the registration's state
    /// (``Registration/State/keyedInstances``, made by ``makeTable()``), which resets clear.
    func makeStorage() -> any InstanceStorage {
        TransientStorage()
    }

    /// A new, empty table for the instances of the registration.
    func makeTable() -> any KeyedInstanceTable {
        keying.makeTable(strongly: base.kind == .container, limit: limit)
    }
}

extension Registration.Configuration {
    /// Whether the scope is a registration's keyed by its arguments (``ServiceEntry/keyedByArguments(limit:)``):
    /// its class compared, not cast.
    @inline(__always)
    var isKeyedByArguments: Bool {
        ObjectIdentifier(type(of: scope)) == ObjectIdentifier(ArgumentKeyedScope.self)
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
