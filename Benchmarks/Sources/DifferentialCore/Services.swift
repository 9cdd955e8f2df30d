// The services programs register: classes with identity, so a trace can tell "the same instance as before" from
// "a new one". Both runners register these very types; only the container calls differ.

/// The protocol registered as `ServiceKind.describing`, and forwarded to by `implements`.
public protocol Describing: AnyObject {}

/// What a factory or `initCompleted` stored in a made object: an object (or `nil` when the resolve failed), or a
/// `Lazy`/`Provider` handle.
public enum Link {
    case object(Node?)
    /// A `Lazy`/`Provider` (nil when resolving the wrapper failed); `readNow` is what the factory read from it at
    /// once, when the dependency said so.
    case deferred(Wrapper, DeferredHandle?, readNow: Node??)
}

/// A `Lazy` or `Provider` of one library, behind a closure: reading it calls `instance` (or, for Syringe, the
/// non-trapping `require()`), and gives `nil` when the library could not resolve.
public final class DeferredHandle {
    public let wrapper: Wrapper
    public let request: Request
    /// When the handle was made (see `RunState.stamp(for:)`).
    let stamp: HandleStamp
    private let reader: () -> Node?

    public init(wrapper: Wrapper, request: Request, stamp: HandleStamp, read: @escaping () -> Node?) {
        self.wrapper = wrapper
        self.request = request
        self.stamp = stamp
        self.reader = read
    }

    public func read() -> Node? { reader() }
}

/// Every service object: which registration made it, with which arguments, what its factory passed to the
/// initializer and what `initCompleted` set afterwards.
public class Node: Describing {
    /// Unique within one run of one program, never reused (object addresses are, once an object is freed).
    public let serial: Int
    /// The id of the registration whose factory made it.
    public let registration: Int
    public let arguments: Arguments
    /// Which container the factory's resolver `r` was (`c0`, …, `other`), when the registration inspects it.
    public let resolverLabel: String?
    public let dependencies: [Link]
    /// Set by `initCompleted` (property injection).
    public var injected: [Node?] = []

    public required init(
        serial: Int, registration: Int, arguments: Arguments, resolverLabel: String?, dependencies: [Link]
    ) {
        self.serial = serial
        self.registration = registration
        self.arguments = arguments
        self.resolverLabel = resolverLabel
        self.dependencies = dependencies
    }

    /// The class name the trace prints.
    public var className: String { String(describing: type(of: self)) }
}

public final class Alpha: Node {}
public final class Beta: Node {}
public class Gamma: Node {}
public final class GammaSub: Gamma {}
public final class Echo: Node {}
public final class Delta: Node {}
public class Base: Node {}
public final class Derived: Base {}

extension RegistrationSpec {
    /// The class the factory instantiates.
    var madeClass: Node.Type {
        switch kind {
        case .alpha: Alpha.self
        case .beta: Beta.self
        case .gamma: makesSubclass ? GammaSub.self : Gamma.self
        case .describing: Echo.self
        case .delta: Delta.self
        case .base: Derived.self
        }
    }
}

/// Something done with the Swift type of a `ServiceKind`, for code that must name the type statically (the
/// libraries' generic `register` and `resolve`).
public protocol ServiceTypeVisitor {
    associatedtype Result
    func visit<Service>(_ serviceType: Service.Type) -> Result
}

extension ServiceKind {
    /// Calls `visitor` with the Swift type of this kind.
    public func accept<V: ServiceTypeVisitor>(_ visitor: V) -> V.Result {
        switch self {
        case .alpha: visitor.visit(Alpha.self)
        case .beta: visitor.visit(Beta.self)
        case .gamma: visitor.visit(Gamma.self)
        case .describing: visitor.visit((any Describing).self)
        case .delta: visitor.visit(Delta.self)
        case .base: visitor.visit(Base.self)
        }
    }
}
