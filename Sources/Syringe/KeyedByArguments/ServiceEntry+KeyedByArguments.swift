// `keyedByArguments()` moves the registration into an `ArgumentKeyedScope` of its own, a custom scope that remembers
// the shared scope it keys; the custom-scope resolve path hands it to `keyedInstance`
// (ResolutionContext+KeyedByArguments.swift), the one place that sees both the storage and the arguments.

extension ServiceEntry {
    /// Keeps one instance per distinct value of the (`Hashable`) runtime arguments, in the entry's
    /// ``ObjectScope/container`` or ``ObjectScope/weak`` scope, which a reset empties. With a `limit`, the least
    /// recently resolved instance is dropped first. A later ``inObjectScope(_:)-(ObjectScope)`` undoes it.
    ///
    /// A registration this cannot key is reported through ``Container/loggingFunction`` now, and every resolve of it
    /// fails with a ``KeyedByArgumentsError`` inside its ``ResolutionError``.
    ///
    /// ```swift
    /// container.register(ItemViewModel.self) { r, id in ItemViewModel(id: id, api: r.resolve(API.self)!) }
    ///     .inObjectScope(.container)
    ///     .keyedByArguments(limit: 100)
    /// ```
    @discardableResult
    public func keyedByArguments(limit: Int? = nil) -> Self {
        let current = registration.configuration.scope
        let base = (current as? ArgumentKeyedScope)?.base ?? current
        let scope = ArgumentKeyedScope(
            base: base, limit: limit, argumentTypes: registration.argumentTypes, service: registration.serviceType
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

/// Why ``ServiceEntry/keyedByArguments(limit:)`` cannot key a registration, inside each resolve's ``ResolutionError``.
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
        /// These argument types (by name) are not `Hashable`.
        case notHashable([String])
        /// The scope (by description) is not `.container` or `.weak`.
        case unsharedScope(String)
        /// The limit is below 1.
        case invalidLimit(Int)
        /// At resolve time, an argument's value (of an existential type) was not `Hashable`.
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

    /// The problem of keying `service` in `base` by arguments of `argumentTypes`, if any.
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

/// The scope of one registration keyed by its arguments (``ServiceEntry/keyedByArguments(limit:)`` makes it).
final class ArgumentKeyedScope: ObjectScopeProtocol, CustomStringConvertible {
    /// The shared scope keyed: `.container` or `.weak` (anything else is ``problem``).
    let base: any ObjectScopeProtocol
    let limit: Int?
    let argumentCount: Int
    /// Makes the keys of a resolve's arguments and the storage kept by them (see ``ArgumentKeyings``).
    let keying: any ArgumentKeying
    /// Why the registration cannot be keyed; every resolve throws it.
    let problem: KeyedByArgumentsError?

    init(base: any ObjectScopeProtocol, limit: Int?, argumentTypes: [Any.Type], service: Any.Type) {
        self.base = base
        self.limit = limit
        self.argumentCount = argumentTypes.count
        self.keying = ArgumentKeyings.keying(for: argumentTypes)
        self.problem = KeyedByArgumentsError.check(
            base: base, limit: limit, argumentTypes: argumentTypes, service: service
        )
    }

    var description: String {
        base.scopeDescription + ", keyed by arguments" + (limit.map { " (at most \($0))" } ?? "")
    }

    /// Keeps nothing: the instances are kept by key in ``Registration/State/keyedInstances``.
    func makeStorage() -> any InstanceStorage {
        TransientStorage()
    }

    func makeTable() -> any KeyedInstanceTable {
        keying.makeTable(strongly: base.kind == .container, limit: limit)
    }
}

extension Registration.Configuration {
    /// Whether the scope is an ``ArgumentKeyedScope``: its class compared, not cast.
    @inline(__always)
    var isKeyedByArguments: Bool {
        ObjectIdentifier(type(of: scope)) == ObjectIdentifier(ArgumentKeyedScope.self)
    }
}

extension Registration {
    /// Forgets the instances of this registration if it is keyed by arguments over `scope` (a reset of `.container`
    /// empties those keyed over it too), and returns the disposable ones.
    func releaseKeyedByArguments(over scope: any ObjectScopeProtocol) -> [PendingDisposal] {
        guard let keyed = configuration.scope as? ArgumentKeyedScope, keyed.base === scope else { return [] }
        return release(ifIn: keyed)
    }
}
