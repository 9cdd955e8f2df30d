/// The erased closures and argument signature of an `async` or actor-isolated registration: the one place that
/// turns such a factory (registered by type or declared by key) into a registration's closures.
struct ErasedFactory: Sendable {
    /// Runs a main-actor factory under ``MainActorPermit``; throws ``AsyncFactoryRequired`` for an awaited one.
    let body: Registration.Factory
    /// The awaited body, `nil` for a main-actor factory (which the awaited path hops to the main actor to run).
    let asyncFactory: Registration.AsyncFactory?
    let isolatedToMainActor: Bool
    let argumentTypes: [Any.Type]
    let argumentsType: ArgumentsSignature

    /// A factory isolated to the main actor, run synchronously by main-actor code or awaited from anywhere.
    static func onMainActor<Service, each Argument>(
        _ factory: @escaping @MainActor @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> ErasedFactory {
        let expected = argumentTypeList(repeat (each Argument).self)
        let run: @MainActor @Sendable (any Resolver, InstanceBox) throws -> InstanceBox = { resolver, arguments in
            let values = try arguments.unpacked(as: (repeat each Argument).self, expected: expected)
            return InstanceBox(value: try factory(resolver, repeat each values))
        }
        return ErasedFactory(
            body: { resolver, arguments in
                let box = InstanceBox(value: arguments)
                let bound = ThreadBound(resolver)
                return try MainActorPermit.run { try run(bound.value, box) }.value
            },
            asyncFactory: nil, isolatedToMainActor: true, argumentTypes: expected,
            argumentsType: argumentsSignature(repeat (each Argument).self))
    }

    /// An `async` factory, resolved only with `await`.
    static func awaited<Service, each Argument>(
        _ factory: @escaping @Sendable (any AsyncResolver, repeat each Argument) async throws -> Service
    ) -> ErasedFactory {
        let expected = argumentTypeList(repeat (each Argument).self)
        return ErasedFactory(
            body: asyncOnly,
            asyncFactory: { resolver, arguments in
                let values = try arguments.unpacked(as: (repeat each Argument).self, expected: expected)
                return InstanceBox(value: try await factory(resolver, repeat each values))
            },
            isolatedToMainActor: false, argumentTypes: expected,
            argumentsType: argumentsSignature(repeat (each Argument).self))
    }

    /// A factory isolated to the global actor `Isolation`, checked here (Swift cannot spell `@Isolation`): a
    /// mismatch is reported at registration (`site` names it) and every resolve throws ``IsolationMismatch``.
    static func isolated<Service, Isolation: GlobalActor, each Argument: Sendable>(
        to isolation: Isolation.Type, site: @autoclosure () -> String,
        _ factory: @escaping @isolated(any) @Sendable (any Resolver, repeat each Argument) throws -> sending Service
    ) -> ErasedFactory {
        let mismatch = IsolationMismatch.check(factory.isolation, expected: Isolation.self)
        let expected = argumentTypeList(repeat (each Argument).self)
        if let mismatch {
            Container.reportRegistrationProblem(
                site() + ": " + mismatch.description,
                request: ServiceRequest(serviceType: Service.self, argumentTypes: expected))
        }
        return ErasedFactory(
            body: asyncOnly,
            asyncFactory: { resolver, arguments in
                if let mismatch { throw mismatch }
                let values = try arguments.unpacked(as: (repeat each Argument).self, expected: expected)
                return InstanceBox(value: try await factory(resolver, repeat each values))
            },
            isolatedToMainActor: false, argumentTypes: expected,
            argumentsType: argumentsSignature(repeat (each Argument).self))
    }
}

extension ErasedFactory {
    /// A factory isolated to the actor instance `actor`, its `isolated` first parameter; keeps the actor alive.
    static func on<Service, IsolatingActor: Actor, each Argument: Sendable>(
        _ actor: IsolatingActor,
        _ factory:
            @escaping @Sendable (isolated IsolatingActor, any Resolver, repeat each Argument) throws -> sending Service
    ) -> ErasedFactory {
        let expected = argumentTypeList(repeat (each Argument).self)
        return ErasedFactory(
            body: asyncOnly,
            asyncFactory: { resolver, arguments in
                let values = try arguments.unpacked(as: (repeat each Argument).self, expected: expected)
                return InstanceBox(value: try await factory(actor, resolver, repeat each values))
            },
            isolatedToMainActor: false, argumentTypes: expected,
            argumentsType: argumentsSignature(repeat (each Argument).self))
    }
}

extension InstanceBox {
    /// The runtime arguments this box carries, as the registration's own argument types. The registry key includes
    /// them, so ``ArgumentPackMismatch`` (naming `expected`) is only a guard.
    func unpacked<each Argument>(
        as types: (repeat each Argument).Type, expected: [Any.Type]
    ) throws -> (repeat each Argument) {
        try unpack(value, as: (repeat each Argument).self) { ArgumentPackMismatch(expected: expected) }
    }
}

private let asyncOnly: Registration.Factory = { _, _ in throw AsyncFactoryRequired() }

extension Container {
    /// The registration of an `async` or actor-isolated factory, made for this container but not bound.
    func erasedRegistration<Service>(
        _ serviceType: Service.Type, name: String?, fileID: String, line: UInt,
        configuration: borrowing Registration.Configuration, erased: ErasedFactory
    ) -> ErasedRegistration {
        ErasedRegistration(
            body: erased.body, asyncFactory: erased.asyncFactory, isolatedToMainActor: erased.isolatedToMainActor,
            serviceType: Service.self, name: name, argumentTypes: erased.argumentTypes,
            argumentsType: erased.argumentsType, fileID: fileID, line: line, configuration: configuration,
            lifecycle: lifecycle)
    }

    /// Registers an `async` or actor-isolated factory in this container, replacing any registration of the same
    /// type, name and argument types.
    func addRegistration<Service>(
        _ serviceType: Service.Type, name: String?, fileID: String, line: UInt, erased: ErasedFactory
    ) -> ServiceEntry<Service> {
        let registration = add(
            erasedRegistration(
                Service.self, name: name, fileID: fileID, line: line, configuration: defaultConfiguration,
                erased: erased),
            as: Service.self, arguments: erased.argumentsType.key)
        return ServiceEntry(registration: registration, container: self)
    }
}
