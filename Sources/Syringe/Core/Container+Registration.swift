extension Container {
    /// Registers a factory for `serviceType` under `name`.
    ///
    /// Registering the same type, name and argument types again replaces the earlier registration. The
    /// factory may throw; the error reaches `require` callers wrapped in a ``ResolutionError`` with the path.
    ///
    /// ```swift
    /// container.register(Animal.self) { _ in Cat(name: "Mimi") }
    /// container.register(Animal.self, name: "dog") { _ in Dog(name: "Hachi") }
    /// container.register(PetOwner.self) { r in PetOwner(pet: r.resolve(Animal.self)!) }
    /// ```
    // Inlinable, so that an app's call makes the entry there, where a caller that drops it (most do) releases
    // nothing it retained for it.
    @inlinable
    @discardableResult
    public func register<Service>(
        _ serviceType: Service.Type,
        name: consuming String? = nil,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any Resolver) throws -> Service
    ) -> ServiceEntry<Service> {
        // An unnamed registration (the default `nil`, folded away in the caller) passes two words fewer: all its
        // arguments fit in registers. A named one moves the caller's name into the registration: an unwrapped copy
        // (`if let`) of a borrowed name cost a second retain and a release of it per registration.
        let registration =
            if name == nil {
                addPlainRegistration(fileID: fileID, line: line, factory: factory)
            } else {
                addPlainRegistration(name: name, fileID: fileID, line: line, factory: factory)
            }
        return ServiceEntry(registration: registration, container: self)
    }

    /// ``register(_:name:fileID:line:factory:)`` of an unnamed registration; returns the registration.
    @usableFromInline
    func addPlainRegistration<Service>(
        fileID: String, line: UInt, factory: @escaping @Sendable (any Resolver) throws -> Service
    ) -> Registration {
        makePlainRegistration(name: nil, fileID: fileID, line: line, factory: factory)
    }

    /// ``register(_:name:fileID:line:factory:)``; returns the registration.
    @usableFromInline
    func addPlainRegistration<Service>(
        name: consuming String?, fileID: String, line: UInt,
        factory: @escaping @Sendable (any Resolver) throws -> Service
    ) -> Registration {
        makePlainRegistration(name: name, fileID: fileID, line: line, factory: factory)
    }

    /// The two entries' body. Internal, and so are what it calls: the optimizer does not copy either entry into
    /// an app's code across modules (where it would put the unnamed entry's `nil` back into the caller, or make a
    /// copy of the entry per service type).
    @inline(__always)
    private func makePlainRegistration<Service>(
        name: consuming String?, fileID: String, line: UInt,
        factory: @escaping @Sendable (any Resolver) throws -> Service
    ) -> Registration {
        add(
            PlainRegistration(
                body: factory, name: name, fileID: fileID, line: line, configuration: defaultConfiguration,
                lifecycle: lifecycle
            ),
            as: Service.self, arguments: noArgumentsKey
        )
    }

    /// Registers a factory that takes runtime arguments, passed at resolve time.
    ///
    /// Any number of arguments is supported. Resolve with `argument:` for one and `arguments:` for several,
    /// in the factory's order and with the same types.
    ///
    /// ```swift
    /// container.register(Animal.self) { _, name, age in Cat(name: name, age: age) }
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3)
    /// ```
    // Inlinable, so that an app's call, specialized for its types, takes the arguments out of their `Any` in
    // specialized code.
    //
    // Disfavored, as is the `async` form: at a call with a one-parameter closure (`{ r in … }`, most of an app's
    // registrations) the type checker then settles on the plain form above and stops, instead of solving the
    // closure's body again for this form (with no arguments) and for the `async` one. A closure with arguments
    // matches only the two disfavored forms, and this one still ranks above the `async` one. A file of 400
    // registrations needs 0.35x the solver's work of before and 0.71x Swinject's (Documentation/Internals/PerformanceRecord.md,
    // "Launch").
    @inlinable
    @discardableResult
    @_disfavoredOverload
    public func register<Service, each Argument>(
        _ serviceType: Service.Type,
        name: String? = nil,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> ServiceEntry<Service> {
        let registration = addArgumentRegistration(
            repeat (each Argument).self, name: name, fileID: fileID, line: line,
            factory: { resolver, arguments in
                // The registry key includes the argument types, so only a request with exactly these types
                // reaches this factory, and it packs its arguments the same way; the cast succeeds for every such
                // request. Exactly that type, so taken out without a dynamic cast.
                let values = try unpack(arguments, as: (repeat each Argument).self) {
                    argumentPackMismatch(repeat (each Argument).self)
                }
                return try factory(resolver, repeat each values)
            },
            converting: ArgumentConverter<(repeat each Argument)>.self
        )
        return ServiceEntry(registration: registration, container: self)
    }

    /// ``register(_:name:fileID:line:factory:)`` with runtime arguments; returns the registration.
    @usableFromInline
    func addArgumentRegistration<Service, each Argument>(
        _ argumentTypes: repeat (each Argument).Type, name: consuming String?, fileID: String, line: UInt,
        factory: @escaping @Sendable (any Resolver, Any) throws -> Service,
        converting argumentConversion: any ArgumentConversion.Type
    ) -> Registration {
        let signature = argumentsSignature(repeat (each Argument).self)
        return add(
            ArgumentRegistration(
                body: factory, argumentConversion: argumentConversion, name: name,
                argumentTypes: argumentTypeList(repeat (each Argument).self), argumentsType: signature,
                fileID: fileID, line: line, configuration: defaultConfiguration, lifecycle: lifecycle
            ),
            as: Service.self, arguments: signature.key
        )
    }

    /// Makes `type` under `name` resolve through the registration of `service` (type forwarding).
    ///
    /// Most code calls ``ServiceEntry/implements(_:name:)`` instead.
    ///
    /// ```swift
    /// let cat = container.register(Cat.self) { _ in Cat() }
    /// container.forward(Animal.self, name: "pet", to: cat)
    /// ```
    public func forward<T, S>(_ type: T.Type, name: String? = nil, to service: ServiceEntry<S>) {
        let registration = service.registration
        let key = ServiceKey(serviceType: T.self, argumentsType: registration.argumentsType, name: name)
        let behaviors = registry.withLock { registry in
            registry.setBinding(Binding(registration: registration, serviceType: T.self, name: name), for: key)
            return registry.behaviors
        }
        module?.recordForward(key, to: registration)
        for behavior in behaviors {
            behavior.container(self, didRegisterType: type, toService: service, withName: name)
        }
        reinjectAfterBinding(key)
    }

    /// The one place registrations are added: binds `registration` under its key, then tells the behaviors
    /// (outside the lock). Returns the registration, for the caller's entry.
    func add<Service>(
        _ registration: consuming Registration, as serviceType: Service.Type, arguments: ArgumentsKey
    ) -> Registration {
        // The map takes the reference the caller passed (moved out of `pending`, not copied); the one returned
        // is retained for the entry.
        let kept = copy registration
        var pending: Registration? = consume registration
        let (bound, behaviors) = registry.withLock { registry -> (Bool, [any Behavior]?) in
            let registration = pending.take()!  // set just above, taken once
            let key = ServiceKey(serviceType: Service.self, argumentsType: arguments, name: registration.name)
            // A registration of another launch context may hold the key (Container+LaunchContexts.swift).
            if registry.launch.isInUse, !registry.admitsLaunch(registration, for: key, in: self) { return (false, nil) }
            registry.bind(registration, as: Service.self, for: key)
            // Most containers have no behaviors: then nothing is copied out (not even the empty array).
            return (true, registry.behaviors.isEmpty ? nil : registry.behaviors)
        }
        guard bound else { return kept }
        module?.record(kept)
        if let behaviors {
            let entry = ServiceEntry<Service>(registration: kept, container: self)
            for behavior in behaviors {
                behavior.container(self, didRegisterType: Service.self, toService: entry, withName: kept.name)
            }
        }
        // Re-injection (Injection/Reinjection.swift): one load while no object watches.
        if hasInjectionWatches {
            reinjectAfterBinding(ServiceKey(serviceType: Service.self, argumentsType: arguments, name: kept.name))
        }
        return kept
    }
}

/// The error of an argument factory whose arguments do not have the registered types.
@usableFromInline
func argumentPackMismatch<each Argument>(_: repeat (each Argument).Type) -> any Error {
    ArgumentPackMismatch(expected: argumentTypeList(repeat (each Argument).self))
}

/// Thrown by an erased factory if its arguments do not have the registered types (the registry key rules it out).
struct ArgumentPackMismatch: Error, CustomStringConvertible {
    let expected: [Any.Type]

    var description: String {
        "the runtime arguments are not of the registered types "
            + ServiceRequest(
                serviceType: Any.self, argumentTypes: expected
            ).argumentsDescription
    }
}
