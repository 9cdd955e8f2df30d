// Resolving a declared key that takes runtime arguments (see ``ServiceKeys/KeyWithArguments``): a normal lookup of
// the key's type, name and argument types; only when it misses is the key's default registered
// (DeclaredKeys/Container+KeyDefaults.swift) and resolved. Each call site is a pack-generic function whose pack is
// inferred from the key's parameter list, so the arguments' types and number are the key's, checked by the
// compiler: `container[.detail]` and `container[.detail, "42"]` do not compile for a `WithArguments<Int>` key.

extension Resolver {
    /// The service the key declares, made from these runtime arguments (their types are the key's, checked by
    /// the compiler).
    ///
    /// ```swift
    /// container.register(Screen.self) { r in Screen(detail: try r[.detail, 42]) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.KeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        _ arguments: repeat each Argument
    ) -> Service {
        get throws(ResolutionError) { try require(key, arguments: repeat each arguments) }
    }

    /// Resolves the service the key declares from these runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let model = try resolver.require(.detail, arguments: 42)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public func require<Service, each Argument>(
        _ key: ServiceKeys.KeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        do {
            return try require(Service.self, name: key.name, arguments: repeat each arguments)
        } catch {
            return try key.requireDefault(after: error, through: self, arguments: (repeat each arguments))
        }
    }

    /// Resolves the service the key declares from these runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let model = resolver.resolve(.detail, arguments: 42)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service, or `nil` (logged through ``Container/loggingFunction``) when it cannot be made.
    public func resolve<Service, each Argument>(
        _ key: ServiceKeys.KeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        arguments: repeat each Argument
    ) -> Service? {
        do {
            return try require(key, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }
}

extension Container {
    /// The service the key declares, made from these runtime arguments (see the `Resolver` subscript); declared on
    /// `Container` so that a call on a container makes the very call `require(Service.self, name:arguments:)`
    /// makes.
    ///
    /// ```swift
    /// let model = try container[.detail, 42]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    @inlinable
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.KeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        _ arguments: repeat each Argument
    ) -> Service {
        get throws(ResolutionError) { try require(key, arguments: repeat each arguments) }
    }

    /// Resolves the service the key declares from these runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let model = try container.require(.detail, arguments: 42)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    // Inlinable: the app's call, specialized for its key's types, makes the key and packs the arguments as a
    // resolve by type does; only a miss leaves it, for the out-of-line default path.
    @inlinable
    public func require<Service, each Argument>(
        _ key: ServiceKeys.KeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        do {
            return try require(Service.self, name: key.name, arguments: repeat each arguments)
        } catch {
            return try key.requireDefault(after: error, through: self, arguments: (repeat each arguments))
        }
    }

    /// Resolves the service the key declares from these runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let model = container.resolve(.detail, arguments: 42)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service, or `nil` (logged through ``loggingFunction``) when it cannot be made.
    public func resolve<Service, each Argument>(
        _ key: ServiceKeys.KeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        arguments: repeat each Argument
    ) -> Service? {
        do {
            return try require(key, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }
}

extension ServiceKeys.KeyWithArguments {
    /// After `error`, a failed resolve of this key with `arguments` through `resolver`: on the key's own miss, its
    /// default is registered and resolved, joining the resolution that asked; any other error is thrown as it is.
    @usableFromInline
    func requireDefault<each Argument>(
        after error: ResolutionError, through resolver: any Resolver, arguments: (repeat each Argument)
    ) throws(ResolutionError) -> Service {
        let name = self.name
        if let service = try requireDefault(
            after: error, through: resolver, as: Service.self, arguments: arguments,
            argumentTypes: { argumentTypeList(repeat (each Argument).self) },
            again: { (resolver) throws(ResolutionError) in
                try resolver.require(Service.self, name: name, arguments: repeat each arguments)
            })
        {
            return service
        }
        // A resolver of your own, not a container: the default factory makes the service on every such resolve.
        do {
            return try factory(resolver, arguments)
        } catch {
            throw factoryError(error)
        }
    }
}
