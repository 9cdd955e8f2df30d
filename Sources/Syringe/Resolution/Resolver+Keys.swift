// Resolving by declared key (see ``ServiceKeys``): a normal lookup of the key's type and name; only when it misses
// is the key's default registered (Registration/Container+KeyDefaults.swift) and the resolve made again.

extension Resolver {
    /// The service the key declares: the registration of its type and name in this container or an ancestor,
    /// else the one its default factory makes (registered on this first use in the root of the tree).
    ///
    /// ```swift
    /// container.register(Checkout.self) { r in Checkout(api: try r[.api]) }
    /// let api = try container[.api]
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made (its factory throws, a cycle, a missing
    ///   dependency of its factory); never for want of a registration of the key itself.
    public subscript<Service>(_ key: ServiceKeys.Key<Service>) -> Service {
        get throws(ResolutionError) { try require(key) }
    }

    /// Resolves the service the key declares, or throws why it cannot.
    ///
    /// ```swift
    /// let api = try container.require(.api)
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service: the registration of the key's type and name, else its default factory's.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public func require<Service>(_ key: ServiceKeys.Key<Service>) throws(ResolutionError) -> Service {
        do {
            return try require(Service.self, name: key.name)
        } catch {
            return try key.requireDefault(after: error, through: self)
        }
    }

    /// Resolves the service the key declares, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let api = container.resolve(.api)
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service, or `nil` (logged through ``Container/loggingFunction``) when it cannot be made.
    public func resolve<Service>(_ key: ServiceKeys.Key<Service>) -> Service? {
        do {
            return try require(key)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// The service the key declares, made from these runtime arguments (their types are the key's, checked by
    /// the compiler).
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
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.Key<Service>.WithArguments<repeat each Argument>, _ arguments: repeat each Argument
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
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public func require<Service, each Argument>(
        _ key: ServiceKeys.Key<Service>.WithArguments<repeat each Argument>, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        do {
            return try require(Service.self, name: key.name, arguments: repeat each arguments)
        } catch {
            guard let container = key.containerToRetry(after: error, through: self) else { throw error }
            return try container.requireFreshly(
                key.registryKey, as: Service.self, arguments: (repeat each arguments)
            ) { argumentTypeList(repeat (each Argument).self) }
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
    /// - Returns: The service, or `nil` (logged) when it cannot be made.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public func resolve<Service, each Argument>(
        _ key: ServiceKeys.Key<Service>.WithArguments<repeat each Argument>, arguments: repeat each Argument
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
    /// The service the key declares (see the `Resolver` subscript); declared on `Container` so that a call on a
    /// container takes its path for top-level resolves, as `resolve(Service.self)` does.
    ///
    /// ```swift
    /// let api = try container[.api]
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    // Inlinable, as the method below: the app's call is then the same call as `require(Service.self)`.
    @inlinable
    public subscript<Service>(_ key: ServiceKeys.Key<Service>) -> Service {
        get throws(ResolutionError) { try require(key) }
    }

    /// Resolves the service the key declares, or throws why it cannot (see `Resolver.require(_:)`).
    ///
    /// ```swift
    /// let api = try container.require(.api)
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    // Inlinable: the app's call, specialized for its key, makes the very call `require(Service.self)` makes; only a
    // miss leaves it, for the out-of-line default path.
    @inlinable
    public func require<Service>(_ key: ServiceKeys.Key<Service>) throws(ResolutionError) -> Service {
        do {
            // The unnamed form is the container's top-level path, the one `container.resolve(Service.self)` takes.
            if let name = key.name { return try require(Service.self, name: name) }
            return try require(Service.self)
        } catch {
            return try key.requireDefault(after: error, through: self)
        }
    }

    /// Resolves the service the key declares, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let api = container.resolve(.api)
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service, or `nil` (logged through ``loggingFunction``) when it cannot be made.
    public func resolve<Service>(_ key: ServiceKeys.Key<Service>) -> Service? {
        do {
            return try require(key)
        } catch {
            Container.log(error)
            return nil
        }
    }
}

extension ServiceKeys.Key {
    /// After `error`, a failed resolve of this key through `resolver`: on the key's own miss, its default is
    /// registered and the resolve made again; any other error is thrown as it is.
    @usableFromInline
    func requireDefault(after error: ResolutionError, through resolver: any Resolver) throws(ResolutionError) -> Service
    {
        if let container = containerToRetry(after: error, through: resolver) {
            return try container.requireFreshly(registryKey, as: Service.self, arguments: ()) { [] }
        }
        guard isMiss(error) else { throw error }
        // A resolver of your own, not a container: there is no registry to keep the default in, so the default
        // factory makes the service on every such resolve.
        do {
            return try factory(resolver)
        } catch let failure as ResolutionError {
            throw failure
        } catch {
            throw ResolutionError(kind: .factoryFailed(underlying: error), request: request)
        }
    }
}
