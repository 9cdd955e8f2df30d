// Resolving by declared key (see ``ServiceKeys``): a normal lookup of the key's type and name; only when it misses
// is the key's default registered (DeclaredKeys/Container+KeyDefaults.swift) and the resolve made again.

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
    // Inlinable: the app's call, specialized for its key, makes the very call `require(Service.self)` makes (its
    // quick read of a kept instance included), and only a miss leaves it, for the out-of-line default path. A named
    // key takes an out-of-line path of its own, so that the inlined code is that call, a check of the name, and
    // the miss's call.
    @inlinable
    public func require<Service>(_ key: ServiceKeys.Key<Service>) throws(ResolutionError) -> Service {
        guard key.name == nil else { return try requireNamed(key) }
        do {
            // The unnamed form is the container's top-level path, the one `container.resolve(Service.self)` takes.
            return try require(Service.self)
        } catch {
            return try key.requireDefault(after: error, through: self)
        }
    }

    /// `require(_:)` of a named key, out of line.
    @usableFromInline
    @inline(never)
    func requireNamed<Service>(_ key: ServiceKeys.Key<Service>) throws(ResolutionError) -> Service {
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
    /// registered and resolved, joining the resolution that asked; any other error is thrown as it is.
    @usableFromInline
    func requireDefault(after error: ResolutionError, through resolver: any Resolver) throws(ResolutionError) -> Service
    {
        let name = self.name
        if let service = try requireDefault(
            after: error, through: resolver, as: Service.self, arguments: (), argumentTypes: { [] },
            again: { (resolver) throws(ResolutionError) in try resolver.require(Service.self, name: name) })
        {
            return service
        }
        // A resolver of your own, not a container: there is no registry to keep the default in, so the default
        // factory makes the service on every such resolve.
        do {
            return try factory(resolver)
        } catch {
            throw factoryError(error)
        }
    }
}
