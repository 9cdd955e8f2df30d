// The defaults of `Resolver`'s requirements, for a resolver of your own (`Container` implements each itself). The
// Swinject forms call the pack form, whose default calls the Swinject form with as many arguments; for a type that
// implements neither, a task-local (`ResolverDefaults.packCalledBy`) breaks the circle: `nil`, and a log message.

extension Resolver {
    /// The default for a resolver of your own: ``resolve(_:name:)`` with the name `nil`.
    public func resolve<Service>(_ serviceType: Service.Type) -> Service? {
        resolve(serviceType, name: nil)
    }

    /// The default for a resolver of your own, with one runtime argument: the same form with the name `nil`.
    public func resolve<Service, Arg1>(_ serviceType: Service.Type, argument: Arg1) -> Service? {
        resolve(serviceType, name: nil, argument: argument)
    }

    /// The default for a resolver of your own, with one runtime argument: ``resolve(_:name:arguments:)``.
    public func resolve<Service, Arg1>(_ serviceType: Service.Type, name: String?, argument: Arg1) -> Service? {
        resolveByPack(serviceType, name: name, fromFormWith: 1, argument)
    }

    /// The default for a resolver of your own, with 2 runtime arguments: the same form with the name `nil`.
    public func resolve<Service, Arg1, Arg2>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2)
    }

    /// The default for a resolver of your own, with 2 runtime arguments: ``resolve(_:name:arguments:)``.
    public func resolve<Service, Arg1, Arg2>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2
    ) -> Service? {
        resolveByPack(serviceType, name: name, fromFormWith: 2, arg1, arg2)
    }

    /// The default for a resolver of your own, with 3 runtime arguments: the same form with the name `nil`.
    public func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3)
    }

    /// The default for a resolver of your own, with 3 runtime arguments: ``resolve(_:name:arguments:)``.
    public func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service? {
        resolveByPack(serviceType, name: name, fromFormWith: 3, arg1, arg2, arg3)
    }

    /// The default for a resolver of your own, with 4 runtime arguments: the same form with the name `nil`.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4)
    }

    /// The default for a resolver of your own, with 4 runtime arguments: ``resolve(_:name:arguments:)``.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service? {
        resolveByPack(serviceType, name: name, fromFormWith: 4, arg1, arg2, arg3, arg4)
    }

    /// The default for a resolver of your own, with 5 runtime arguments: the same form with the name `nil`.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5)
    }

    /// The default for a resolver of your own, with 5 runtime arguments: ``resolve(_:name:arguments:)``.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5
    ) -> Service? {
        resolveByPack(serviceType, name: name, fromFormWith: 5, arg1, arg2, arg3, arg4, arg5)
    }

    /// The default for a resolver of your own, with 6 runtime arguments: the same form with the name `nil`.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
    }

    /// The default for a resolver of your own, with 6 runtime arguments: ``resolve(_:name:arguments:)``.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6
    ) -> Service? {
        resolveByPack(serviceType, name: name, fromFormWith: 6, arg1, arg2, arg3, arg4, arg5, arg6)
    }

    /// The default for a resolver of your own, with 7 runtime arguments: the same form with the name `nil`.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
    }

    /// The default for a resolver of your own, with 7 runtime arguments: ``resolve(_:name:arguments:)``.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7
    ) -> Service? {
        resolveByPack(serviceType, name: name, fromFormWith: 7, arg1, arg2, arg3, arg4, arg5, arg6, arg7)
    }

    /// The default for a resolver of your own, with 8 runtime arguments: the same form with the name `nil`.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
    }

    /// The default for a resolver of your own, with 8 runtime arguments: ``resolve(_:name:arguments:)``.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service? {
        resolveByPack(serviceType, name: name, fromFormWith: 8, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
    }

    /// The default for a resolver of your own, with 9 runtime arguments: the same form with the name `nil`.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
    }

    /// The default for a resolver of your own, with 9 runtime arguments: ``resolve(_:name:arguments:)``.
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service? {
        resolveByPack(serviceType, name: name, fromFormWith: 9, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
    }

    /// The default for a resolver of your own: the Swinject form with as many arguments (`nil`, logged, beyond
    /// nine, or when the type implements neither that form nor this one).
    public func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service? {
        var values: [Any] = []
        var types: [any OpenedArgument.Type] = []
        for value in repeat each arguments {
            values.append(value)
            types.append(openedType(of: value))
        }
        if values.isEmpty { return resolve(serviceType, name: name) }
        let calledBy = ResolverDefaults.packCalledBy
        guard values.count <= 9, calledBy != ResolverDefaults.Caller(Self.self, arity: values.count) else {
            Container.log(
                ResolutionError(
                    kind: .notRegistered,
                    request: ServiceRequest(
                        serviceType: Service.self, name: name,
                        argumentTypes: argumentTypeList(repeat (each Argument).self))
                ).addingNote(
                    "\(typeName(Self.self)) implements neither resolve(_:name:arguments:) nor a resolve with "
                        + "\(values.count) arguments of its own"))
            return nil
        }
        return types[0].resolveFirst(FixedArityCall(resolver: self, name: name, values: values, types: types))
    }

    /// The default for a resolver of your own: ``resolve(_:name:)``, or a ``ResolutionError`` of kind
    /// ``ResolutionError/Kind/notRegistered`` when it returns `nil`.
    public func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service {
        if let service = resolve(serviceType, name: name) { return service }
        throw returnedNil(ServiceRequest(serviceType: Service.self, name: name))
    }

    /// The default for a resolver of your own: ``resolve(_:name:arguments:)``, or a ``ResolutionError`` of kind
    /// ``ResolutionError/Kind/notRegistered`` when it returns `nil`.
    public func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        if let service = resolve(serviceType, name: name, arguments: repeat each arguments) { return service }
        throw returnedNil(
            ServiceRequest(
                serviceType: Service.self, name: name, argumentTypes: argumentTypeList(repeat (each Argument).self)))
    }

    /// The error of a default `require` whose `resolve` returned `nil`.
    private func returnedNil(_ request: ServiceRequest) -> ResolutionError {
        ResolutionError(kind: .notRegistered, request: request).addingNote("\(typeName(Self.self)) returned nil")
    }

    /// Calls the pack form from the default of the form with `arity` arguments, noting it for the pack form's
    /// default (which would otherwise call that form back).
    private func resolveByPack<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, fromFormWith arity: Int, _ arguments: repeat each Argument
    ) -> Service? {
        ResolverDefaults.$packCalledBy.withValue(ResolverDefaults.Caller(Self.self, arity: arity)) {
            resolve(serviceType, name: name, arguments: repeat each arguments)
        }
    }
}

enum ResolverDefaults {
    /// A fixed form's default that called the pack form: the resolver's type and the count of arguments.
    struct Caller: Hashable, Sendable {
        let resolver: ObjectIdentifier
        let arity: Int
        init(_ resolver: Any.Type, arity: Int) {
            self.resolver = ObjectIdentifier(resolver)
            self.arity = arity
        }
    }

    /// The fixed form's default running the pack form on this thread or task, if any.
    @TaskLocal static var packCalledBy: Caller?
}

/// A pack-form resolve passed on to the fixed form with as many arguments, their types opened one by one
/// (``OpenedArgument``).
struct FixedArityCall<Resolving: Resolver> {
    let resolver: Resolving
    let name: String?
    let values: [Any]
    let types: [any OpenedArgument.Type]

    /// The argument at `index`, of its own type: `values[index]` holds a value of exactly that type.
    func value<Value>(_ index: Int, as type: Value.Type) -> Value {
        // Safe: `types[index]` is `ArgumentOf<Value>`, made from the same value as `values[index]`.
        values[index] as! Value
    }
}

private func openedType<Value>(of value: Value) -> any OpenedArgument.Type { ArgumentOf<Value>.self }

/// The type of one argument of a ``FixedArityCall``: each step takes the arguments opened before it, opens its own,
/// and either calls the fixed form (the last argument) or the next argument's step.
protocol OpenedArgument {
    static func resolveFirst<R: Resolver, Service>(_ call: FixedArityCall<R>) -> Service?
    static func resolveSecond<R: Resolver, Service, A1>(_ call: FixedArityCall<R>, _ a1: A1) -> Service?
    static func resolveThird<R: Resolver, Service, A1, A2>(_ call: FixedArityCall<R>, _ a1: A1, _ a2: A2) -> Service?
    static func resolveFourth<R: Resolver, Service, A1, A2, A3>(_ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3)
        -> Service?
    static func resolveFifth<R: Resolver, Service, A1, A2, A3, A4>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4
    ) -> Service?
    static func resolveSixth<R: Resolver, Service, A1, A2, A3, A4, A5>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5
    ) -> Service?
    static func resolveSeventh<R: Resolver, Service, A1, A2, A3, A4, A5, A6>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6
    ) -> Service?
    static func resolveEighth<R: Resolver, Service, A1, A2, A3, A4, A5, A6, A7>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6, _ a7: A7
    ) -> Service?
    static func resolveNinth<R: Resolver, Service, A1, A2, A3, A4, A5, A6, A7, A8>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6, _ a7: A7, _ a8: A8
    ) -> Service?
}

/// Opens the argument type `Value` (see ``OpenedArgument``).
private enum ArgumentOf<Value>: OpenedArgument {
    static func resolveFirst<R: Resolver, Service>(_ call: FixedArityCall<R>) -> Service? {
        let a1 = call.value(0, as: Value.self)
        guard call.values.count > 1 else { return call.resolver.resolve(Service.self, name: call.name, argument: a1) }
        return call.types[1].resolveSecond(call, a1)
    }
    static func resolveSecond<R: Resolver, Service, A1>(_ call: FixedArityCall<R>, _ a1: A1) -> Service? {
        let a2 = call.value(1, as: Value.self)
        guard call.values.count > 2 else {
            return call.resolver.resolve(Service.self, name: call.name, arguments: a1, a2)
        }
        return call.types[2].resolveThird(call, a1, a2)
    }
    static func resolveThird<R: Resolver, Service, A1, A2>(_ call: FixedArityCall<R>, _ a1: A1, _ a2: A2) -> Service? {
        let a3 = call.value(2, as: Value.self)
        guard call.values.count > 3 else {
            return call.resolver.resolve(Service.self, name: call.name, arguments: a1, a2, a3)
        }
        return call.types[3].resolveFourth(call, a1, a2, a3)
    }
    static func resolveFourth<R: Resolver, Service, A1, A2, A3>(_ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3)
        -> Service?
    {
        let a4 = call.value(3, as: Value.self)
        guard call.values.count > 4 else {
            return call.resolver.resolve(Service.self, name: call.name, arguments: a1, a2, a3, a4)
        }
        return call.types[4].resolveFifth(call, a1, a2, a3, a4)
    }
    static func resolveFifth<R: Resolver, Service, A1, A2, A3, A4>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4
    ) -> Service? {
        let a5 = call.value(4, as: Value.self)
        guard call.values.count > 5 else {
            return call.resolver.resolve(Service.self, name: call.name, arguments: a1, a2, a3, a4, a5)
        }
        return call.types[5].resolveSixth(call, a1, a2, a3, a4, a5)
    }
    static func resolveSixth<R: Resolver, Service, A1, A2, A3, A4, A5>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5
    ) -> Service? {
        let a6 = call.value(5, as: Value.self)
        guard call.values.count > 6 else {
            return call.resolver.resolve(Service.self, name: call.name, arguments: a1, a2, a3, a4, a5, a6)
        }
        return call.types[6].resolveSeventh(call, a1, a2, a3, a4, a5, a6)
    }
    static func resolveSeventh<R: Resolver, Service, A1, A2, A3, A4, A5, A6>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6
    ) -> Service? {
        let a7 = call.value(6, as: Value.self)
        guard call.values.count > 7 else {
            return call.resolver.resolve(Service.self, name: call.name, arguments: a1, a2, a3, a4, a5, a6, a7)
        }
        return call.types[7].resolveEighth(call, a1, a2, a3, a4, a5, a6, a7)
    }
    static func resolveEighth<R: Resolver, Service, A1, A2, A3, A4, A5, A6, A7>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6, _ a7: A7
    ) -> Service? {
        let a8 = call.value(7, as: Value.self)
        guard call.values.count > 8 else {
            return call.resolver.resolve(Service.self, name: call.name, arguments: a1, a2, a3, a4, a5, a6, a7, a8)
        }
        return call.types[8].resolveNinth(call, a1, a2, a3, a4, a5, a6, a7, a8)
    }
    static func resolveNinth<R: Resolver, Service, A1, A2, A3, A4, A5, A6, A7, A8>(
        _ call: FixedArityCall<R>, _ a1: A1, _ a2: A2, _ a3: A3, _ a4: A4, _ a5: A5, _ a6: A6, _ a7: A7, _ a8: A8
    ) -> Service? {
        let a9 = call.value(8, as: Value.self)
        return call.resolver.resolve(Service.self, name: call.name, arguments: a1, a2, a3, a4, a5, a6, a7, a8, a9)
    }
}
