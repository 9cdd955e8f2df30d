// The registrations of each kind of factory, each carrying its factory: typed (its service type erased for storage,
// so that the classes are not generic over it: Runtime/StoredFactory.swift) or erased.
//
// The factory lives in the registration itself, not in a box of its own, so a registration is one allocation.
// The resolve path calls a ``PlainRegistration`` through its typed factory when the request asks for exactly the
// registered type: the service comes back as itself, with no `Any` in between and no dynamic cast. Every other
// path (forwarded types, scopes that store instances, diagnostics) calls ``Registration/make(_:_:)``, which
// returns the service as `Any`.

/// Thrown by the base ``Registration``, which every registration replaces with a subclass; never seen in practice.
struct FactoryNotImplemented: Error, CustomStringConvertible {
    var description: String { "the registration has no factory" }
}

/// A registration whose factory takes no runtime arguments, typed.
///
/// Not generic over the service type (see `Runtime/StoredFactory.swift`): registering a new service type looks up no
/// metadata of a class made for it.
@usableFromInline
final class PlainRegistration: Registration, @unchecked Sendable {
    // @unchecked Sendable: `body` is a `let` of a Sendable type; see `Registration` for the rest.
    let body: StoredFactory

    /// A registration of `Service`. The service type is always `Service` itself and the shape `.plain`: the resolve
    /// path downcasts by comparing them (``Registration/typedPlain(as:)``), so they are not parameters.
    // Inlined into the registering call: out of line, its caller retained the factory and the lifecycle store for
    // the call and released them after it, besides the retains that store them here.
    @inline(__always)
    init<Service>(
        body: @escaping @Sendable (any Resolver) throws -> Service,
        name: String?, fileID: String, line: UInt, configuration: borrowing Configuration, lifecycle: LifecycleStore
    ) {
        self.body = StoredFactory(body)
        super.init(
            shape: .plain, serviceType: Service.self, name: name, fileID: fileID, line: line,
            configuration: configuration, lifecycle: lifecycle
        )
    }

    override func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        try makeErased(resolver, as: serviceType)
    }

    /// The factory's result in an `Any` that stores it as exactly `Service`, the service type (opened).
    private func makeErased<Service>(_ resolver: any Resolver, as serviceType: Service.Type) throws -> Any {
        try body.make(resolver, as: Service.self)
    }
}

/// A registration that records the types of its runtime arguments (any number, none included): the parent of the
/// kinds that can take them. A plain registration takes none, and does not store that it takes none.
@usableFromInline
class RegistrationWithArguments: Registration, @unchecked Sendable {
    // @unchecked Sendable: the properties added here are `let`s of Sendable types (metatypes); see `Registration`
    // for the rest. Not final only so that the kinds below can add their factories.
    private let storedArgumentTypes: [Any.Type]
    private let storedArgumentsType: ArgumentsSignature

    init(
        shape: Shape, serviceType: Any.Type, name: String?, argumentTypes: [Any.Type],
        argumentsType: ArgumentsSignature, fileID: String, line: UInt, configuration: borrowing Configuration,
        lifecycle: LifecycleStore
    ) {
        self.storedArgumentTypes = argumentTypes
        self.storedArgumentsType = argumentsType
        super.init(
            shape: shape, serviceType: serviceType, name: name, fileID: fileID, line: line,
            configuration: configuration, lifecycle: lifecycle
        )
    }

    final override var argumentTypes: [Any.Type] { storedArgumentTypes }

    final override var argumentsType: ArgumentsSignature { storedArgumentsType }
}

/// A registration whose factory takes runtime arguments, typed; the factory receives them as one value.
///
/// Not generic over the service type, as ``PlainRegistration`` is not.
@usableFromInline
final class ArgumentRegistration: RegistrationWithArguments, @unchecked Sendable {
    // @unchecked Sendable: `body` is a `let` of a Sendable type, `argumentConversion` a `let` metatype; see
    // `Registration` for the rest.
    let body: StoredFactory
    /// Converts arguments given with other static types to the factory's argument types (see
    /// `ArgumentConversion.swift`): a metatype, so registering allocates nothing for it.
    let argumentConversion: any ArgumentConversion.Type

    /// A registration of `Service`. The service type is always `Service` itself and the shape `.arguments`: the
    /// resolve path downcasts by comparing them (``Registration/typedWithArguments(as:)``), so they are not
    /// parameters.
    init<Service>(
        body: @escaping @Sendable (any Resolver, Any) throws -> Service,
        argumentConversion: any ArgumentConversion.Type,
        name: String?, argumentTypes: [Any.Type], argumentsType: ArgumentsSignature,
        fileID: String, line: UInt, configuration: borrowing Configuration, lifecycle: LifecycleStore
    ) {
        self.body = StoredFactory(takingArguments: body)
        self.argumentConversion = argumentConversion
        super.init(
            shape: .arguments, serviceType: Service.self, name: name, argumentTypes: argumentTypes,
            argumentsType: argumentsType, fileID: fileID, line: line, configuration: configuration,
            lifecycle: lifecycle
        )
    }

    override func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        try makeErased(resolver, arguments, as: serviceType)
    }

    /// The factory's result in an `Any` that stores it as exactly `Service`, the service type (opened).
    private func makeErased<Service>(
        _ resolver: any Resolver, _ arguments: Any, as serviceType: Service.Type
    ) throws -> Any {
        try body.make(resolver, arguments, as: Service.self)
    }
}

/// A registration whose factory is an erased closure (`async` and main-actor registrations).
final class ErasedRegistration: RegistrationWithArguments, @unchecked Sendable {
    // @unchecked Sendable: the properties added here are `let`s of Sendable types; see `Registration` for the
    // rest.
    let body: Registration.Factory
    private let storedAsyncFactory: AsyncFactory?
    private let storedIsolatedToMainActor: Bool

    init(
        body: @escaping Registration.Factory, asyncFactory: AsyncFactory?, isolatedToMainActor: Bool,
        serviceType: Any.Type, name: String?, argumentTypes: [Any.Type], argumentsType: ArgumentsSignature,
        fileID: String, line: UInt, configuration: borrowing Configuration, lifecycle: LifecycleStore
    ) {
        self.body = body
        self.storedAsyncFactory = asyncFactory
        self.storedIsolatedToMainActor = isolatedToMainActor
        super.init(
            shape: .erased, serviceType: serviceType, name: name, argumentTypes: argumentTypes,
            argumentsType: argumentsType, fileID: fileID, line: line, configuration: configuration,
            lifecycle: lifecycle
        )
    }

    override var asyncFactory: AsyncFactory? { storedAsyncFactory }

    override var isolatedToMainActor: Bool { storedIsolatedToMainActor }

    override func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        try body(resolver, arguments)
    }
}

/// The registration that keeps one container's instance of a ``ObjectScope/perContainer`` registration (see
/// ``LifecycleStore/localRegistration(for:scope:)``): it makes instances with the original's factory.
final class StandInRegistration: Registration, @unchecked Sendable {
    // @unchecked Sendable: `original` is a `let` of a Sendable class; see `Registration` for the rest.
    let original: Registration

    init(
        of original: Registration, scope: any ObjectScopeProtocol, completions: [Completion] = [],
        lifecycle: LifecycleStore
    ) {
        self.original = original
        super.init(
            shape: .erased, serviceType: original.serviceType, name: original.name, fileID: original.fileID,
            line: original.line, configuration: .of(scope: scope, completions: completions), lifecycle: lifecycle
        )
    }

    /// A stand-in with `configuration`, a shared one (``Configuration/isShared``) that the original has: the same
    /// configuration ``Configuration/of(scope:completions:)`` gives for its scope, found with no call.
    init(
        of original: Registration, sharedConfiguration configuration: borrowing Configuration,
        lifecycle: LifecycleStore
    ) {
        assert(
            configuration.isShared && !configuration.isRegisteredInstance,
            "not a built-in scope's shared configuration")
        self.original = original
        super.init(
            shape: .erased, serviceType: original.serviceType, name: original.name, fileID: original.fileID,
            line: original.line, configuration: configuration, lifecycle: lifecycle
        )
    }

    override var argumentTypes: [Any.Type] { original.argumentTypes }

    override var asyncFactory: AsyncFactory? { original.asyncFactory }

    override var isolatedToMainActor: Bool { original.isolatedToMainActor }

    override var argumentsType: ArgumentsSignature { original.argumentsType }

    override func make(_ resolver: any Resolver, _ arguments: Any) throws -> Any {
        try original.make(resolver, arguments)
    }

    override func box(_ instance: Any) -> PublishedInstance {
        original.box(instance)
    }
}
