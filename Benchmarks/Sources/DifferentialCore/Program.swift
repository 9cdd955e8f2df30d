// The language of the differential test: a program is a list of public-API operations on a few containers,
// interpreted the same way by each library's runner. Everything here is a plain value, so a program is made
// once (by the generator) and handed to both runners unchanged.

/// The service types a program registers and resolves, in the order that keeps initializer dependencies acyclic:
/// a factory only resolves kinds after its own (see `Generator`).
public enum ServiceKind: Int, CaseIterable, Sendable, Hashable {
    /// `Alpha`, a final class.
    case alpha
    /// `Beta`, a final class.
    case beta
    /// `Gamma`, a class with a subclass: a registration of `Gamma` may make a `GammaSub`.
    case gamma
    /// `any Describing`, a protocol: registered directly (made as `Echo`), or forwarded to by `implements`.
    case describing
    /// `Delta`, a final class that may also be registered as `Describing` through `implements`.
    case delta
    /// `Base`, a class whose registrations make its subclass `Derived`.
    case base

    /// The name of the registered type, as programs print it.
    public var typeName: String {
        switch self {
        case .alpha: "Alpha"
        case .beta: "Beta"
        case .gamma: "Gamma"
        case .describing: "Describing"
        case .delta: "Delta"
        case .base: "Base"
        }
    }

    /// The Swift type that is registered and resolved (both runners use these very types).
    public var swiftType: Any.Type {
        switch self {
        case .alpha: Alpha.self
        case .beta: Beta.self
        case .gamma: Gamma.self
        case .describing: (any Describing).self
        case .delta: Delta.self
        case .base: Base.self
        }
    }

    /// Whether a registration of this kind may forward `Describing` to itself with `implements`. Only kinds after
    /// `describing` may: a factory that resolves `Describing` then still only reaches kinds after its own.
    public var mayImplementDescribing: Bool { rawValue > ServiceKind.describing.rawValue }
}

/// The four object scopes both libraries share.
public enum Scope: Int, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    case transient, graph, container, weak

    public var description: String {
        switch self {
        case .transient: ".transient"
        case .graph: ".graph"
        case .container: ".container"
        case .weak: ".weak"
        }
    }

    /// Whether an instance of this scope is kept between top-level resolutions.
    public var isShared: Bool { self == .container || self == .weak }
}

/// The runtime arguments of a registration (its arity) or of a request (their values).
public enum Arguments: Sendable, Hashable {
    case none
    case one(Int)
    case two(Int, String)

    public var arity: Int {
        switch self {
        case .none: 0
        case .one: 1
        case .two: 2
        }
    }

    /// How the values are printed, e.g. `, argument: 3` or `, arguments: 3, "b"`.
    var callSuffix: String {
        switch self {
        case .none: ""
        case .one(let value): ", argument: \(value)"
        case .two(let first, let second): ", arguments: \(first), \"\(second)\""
        }
    }
}

/// How a request is made: for the service itself, or for a `Lazy` or `Provider` of it.
public enum Wrapper: Sendable, Hashable {
    case direct, lazy, provider
}

/// One `resolve` call: which type, name and arguments, and through which wrapper.
public struct Request: Sendable, Hashable {
    public var kind: ServiceKind
    public var name: String?
    public var arguments: Arguments
    public var wrapper: Wrapper

    public init(kind: ServiceKind, name: String? = nil, arguments: Arguments = .none, wrapper: Wrapper = .direct) {
        self.kind = kind
        self.name = name
        self.arguments = arguments
        self.wrapper = wrapper
    }

    /// The registry key this request looks up (wrappers look up the wrapped service's key).
    public var key: Key { Key(kind: kind, name: name, arity: arguments.arity) }

    /// `resolve(Lazy<Gamma>.self, name: "x", argument: 3)`.
    public var call: String {
        let type: String
        switch wrapper {
        case .direct: type = kind.typeName
        case .lazy: type = "Lazy<\(kind.typeName)>"
        case .provider: type = "Provider<\(kind.typeName)>"
        }
        let name = self.name.map { ", name: \"\($0)\"" } ?? ""
        return "resolve(\(type).self\(name)\(arguments.callSuffix))"
    }
}

/// A registry key as both libraries form it: type, name and the number of runtime arguments (each arity has its
/// own argument types here, so the arity stands for them).
public struct Key: Sendable, Hashable, CustomStringConvertible {
    public var kind: ServiceKind
    public var name: String?
    public var arity: Int

    public init(kind: ServiceKind, name: String?, arity: Int) {
        self.kind = kind
        self.name = name
        self.arity = arity
    }

    public var description: String {
        "\(kind.typeName)" + (name.map { "(\"\($0)\")" } ?? "") + (arity > 0 ? "/\(arity)" : "")
    }
}

/// A dependency a factory resolves through its resolver `r`, stored in the made object's `dependencies`. A
/// `Lazy` or `Provider` is kept as a handle; with `readNow` the factory also reads its `instance` at once.
public struct Dependency: Sendable, Hashable {
    public var request: Request
    public var readNow: Bool

    public init(request: Request, readNow: Bool = false) {
        self.request = request
        self.readNow = readNow
    }

    var text: String {
        let call = "r.\(request.call)"
        switch request.wrapper {
        case .direct: return call
        case .lazy, .provider: return readNow ? "\(call)?.instance" : call
        }
    }
}

/// One `register` call and the configuration chained to it.
public struct RegistrationSpec: Sendable, Hashable {
    /// The index of the registering operation in its program; made objects remember it.
    public var id: Int
    public var container: Int
    public var kind: ServiceKind
    public var name: String?
    /// 0, 1 (`Int`) or 2 (`Int, String`) runtime arguments.
    public var arity: Int
    public var scope: Scope
    /// For `gamma`: make a `GammaSub` rather than a `Gamma`.
    public var makesSubclass: Bool
    /// `.implements(Describing.self)`.
    public var implementsDescribing: Bool
    /// The factory records which container its resolver `r` is (`r as? Container`).
    public var inspectsResolver: Bool
    /// Resolved in the factory, in order, and passed to the initializer.
    public var dependencies: [Dependency]
    /// Resolved in `initCompleted` and set as properties (property injection, circular graphs).
    public var injections: [Request]

    public init(
        id: Int, container: Int, kind: ServiceKind, name: String? = nil, arity: Int = 0, scope: Scope,
        makesSubclass: Bool = false, implementsDescribing: Bool = false, inspectsResolver: Bool = false,
        dependencies: [Dependency] = [], injections: [Request] = []
    ) {
        self.id = id
        self.container = container
        self.kind = kind
        self.name = name
        self.arity = arity
        self.scope = scope
        self.makesSubclass = makesSubclass
        self.implementsDescribing = implementsDescribing
        self.inspectsResolver = inspectsResolver
        self.dependencies = dependencies
        self.injections = injections
    }

    public var key: Key { Key(kind: kind, name: name, arity: arity) }

    /// The keys this registration answers: its own and, with `implements`, `Describing` with no name.
    public var keys: [Key] {
        implementsDescribing ? [key, Key(kind: .describing, name: nil, arity: arity)] : [key]
    }

    /// The class the factory makes.
    public var madeClassName: String {
        switch kind {
        case .gamma: makesSubclass ? "GammaSub" : "Gamma"
        case .describing: "Echo"
        case .base: "Derived"
        default: kind.typeName
        }
    }
}

/// One operation of a program. Containers are numbered in order of creation (`c0` is the root); every resolve
/// and read puts its result in the next slot (`s0`, `s1`, …); every dropped object is released number `k`.
public enum Operation: Sendable, Hashable {
    /// `let cN = Container(parent: c<parent>)`.
    case makeChild(parent: Int)
    case register(RegistrationSpec)
    /// `sN = c.resolve(…)`.
    case resolve(container: Int, Request)
    /// `sN = s<slot>.instance` for a held `Lazy`/`Provider`, or the `link`-th `Lazy`/`Provider` among the held
    /// object's dependencies (modulo their count).
    case read(slot: Int, link: Int)
    /// `s<slot> = nil`; an object it held becomes the next released object, to be checked with `checkAlive`.
    case drop(slot: Int)
    /// Whether released object number `released` is still alive (only objects the program itself released).
    case checkAlive(released: Int)
    case resetScope(container: Int, Scope)
    case resetScopeOfType(container: Int, Scope, ServiceKind)
    case removeAll(container: Int)
}

/// A seeded program of operations.
public struct Program: Sendable, Hashable {
    public var seed: UInt64
    public var operations: [Operation]

    public init(seed: UInt64, operations: [Operation]) {
        self.seed = seed
        self.operations = operations
    }

    /// The parent of each container (`nil` for the root), in order of creation.
    public var containerParents: [Int?] {
        var parents: [Int?] = [nil]
        for operation in operations {
            if case .makeChild(let parent) = operation { parents.append(parent) }
        }
        return parents
    }
}
