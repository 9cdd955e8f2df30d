// The registrations of each kind of factory, each carrying its factory (one allocation): typed, with the service
// type erased for storage (Runtime/StoredFactory.swift), or erased. A request for exactly the registered type calls
// the typed factory (no `Any`, no cast); every other path calls ``Registration/make(_:_:)``, which returns `Any`.

/// Thrown by the base ``Registration``'s `make`, which every subclass overrides.
struct FactoryNotImplemented: Error, CustomStringConvertible {
    var description: String { "the registration has no factory" }
}

/// A registration whose factory takes no runtime arguments, typed; not generic, so registering a new service type
/// looks up no class metadata.
@usableFromInline
final class PlainRegistration: Registration, @unchecked Sendable {
    // @unchecked Sendable: `body` is a `let` of a Sendable type; see `Registration` for the rest.
    let body: StoredFactory

    /// A registration of `Service`, of shape `.plain` (``Registration/typedPlain(as:)`` relies on both).
    // Inlined: out of line, the caller retained and released the factory and the lifecycle store around the call.
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

/// A registration that records the types of its runtime arguments (any number, none included).
@usableFromInline
class RegistrationWithArguments: Registration, @unchecked Sendable {
    // @unchecked Sendable: adds `let`s of Sendable types (see `Registration`). Not final only for the kinds below.
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

/// A registration whose factory takes runtime arguments (as one value), typed; not generic, as ``PlainRegistration``.
@usableFromInline
final class ArgumentRegistration: RegistrationWithArguments, @unchecked Sendable {
    // @unchecked Sendable: adds `let`s of Sendable types (see `Registration`).
    let body: StoredFactory
    /// Converts arguments given with other static types (a metatype: registering allocates nothing for it).
    let argumentConversion: any ArgumentConversion.Type

    /// A registration of `Service`, of shape `.arguments` (``Registration/typedWithArguments(as:)`` relies on both).
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
    // @unchecked Sendable: adds `let`s of Sendable types (see `Registration`).
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
    // @unchecked Sendable: adds a `let` of a Sendable class (see `Registration`).
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

    /// A stand-in with the original's shared configuration (``Configuration/isShared``), found with no call.
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
