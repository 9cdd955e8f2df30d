/// A registration's factory, in a box that keeps its static type.
///
/// The resolve path calls a ``PlainFactory`` through its typed closure when the request asks for exactly the
/// registered type: the service comes back as itself, with no `Any` in between and no dynamic cast. Every
/// other path (forwarded types, scopes that store instances, diagnostics) calls ``make(_:_:)``, which returns
/// the service as `Any`.
@usableFromInline
class ServiceFactory: @unchecked Sendable {
    // @unchecked Sendable: the class and its subclasses have only `let` properties of Sendable types; it is
    // not final only so that the subclasses can keep their closure's static type.

    /// Which subclass this is, so the resolve path can downcast without a dynamic cast.
    enum Shape {
        case erased, plain, arguments
    }

    let shape: Shape

    init(shape: Shape) {
        self.shape = shape
    }

    /// Runs the factory with the resolver and the runtime arguments (one value; a tuple when several).
    func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        throw FactoryNotImplemented()
    }

    /// The box in which a `.container` registration keeps `instance`, made by this factory: typed as the
    /// factory's service type where a subclass knows it.
    func box(_ instance: Any) -> PublishedInstance {
        ErasedPublishedInstance(instance)
    }
}

/// Thrown by the base ``ServiceFactory``, which every registration replaces with a subclass; never seen in practice.
struct FactoryNotImplemented: Error, CustomStringConvertible {
    var description: String { "the registration has no factory" }
}

/// A factory given as an erased closure (`async`, main-actor and stand-in registrations).
final class ErasedFactory: ServiceFactory, @unchecked Sendable {
    // @unchecked Sendable: `body` is a `let` of a Sendable closure type.
    let body: Registration.Factory

    init(_ body: @escaping Registration.Factory) {
        self.body = body
        super.init(shape: .erased)
    }

    override func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        try body(resolver, arguments)
    }
}

/// The factory of a registration without runtime arguments, typed.
@usableFromInline
final class PlainFactory<Service>: ServiceFactory, @unchecked Sendable {
    // @unchecked Sendable: `body` is a `let` of a Sendable closure type.
    let body: @Sendable (any Resolver) throws -> Service

    @usableFromInline
    init(_ body: @escaping @Sendable (any Resolver) throws -> Service) {
        self.body = body
        super.init(shape: .plain)
    }

    override func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        try body(resolver)
    }

    override func box(_ instance: Any) -> PublishedInstance {
        PublishedInstance.boxing(instance, as: Service.self)
    }
}

/// The factory of a registration with runtime arguments, typed; it receives them as one value.
@usableFromInline
final class ArgumentFactory<Service>: ServiceFactory, @unchecked Sendable {
    // @unchecked Sendable: `body` is a `let` of a Sendable closure type.
    let body: @Sendable (any Resolver, Any) throws -> Service

    @usableFromInline
    init(_ body: @escaping @Sendable (any Resolver, Any) throws -> Service) {
        self.body = body
        super.init(shape: .arguments)
    }

    override func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        try body(resolver, arguments)
    }

    override func box(_ instance: Any) -> PublishedInstance {
        PublishedInstance.boxing(instance, as: Service.self)
    }
}
