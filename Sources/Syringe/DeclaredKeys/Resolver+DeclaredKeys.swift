// A subscript on every receiver that may run the key's factory (the `Execution` constraint is the compiler's check),
// all resolving through the one path in KeyResolution.swift.

extension Resolver {
    /// The service the key declares, made from these runtime arguments if it takes any: the registration of its
    /// type and name, else its default (registered on first use). It never throws for want of a registration.
    ///
    /// ```swift
    /// container.register(ProductPage.self) { r in ProductPage(api: try r[.api], detail: try r[.detail, 42]) }
    /// ```
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.DeclaredKey<Service, (ServiceKeys.Arguments, repeat each Argument), ServiceKeys.Synchronous>,
        _ arguments: repeat each Argument
    ) -> Service {
        get throws(ResolutionError) { try key.require(Service.self, from: self, arguments: repeat each arguments) }
    }

    /// Unavailable: says at compile time that a key whose factory runs on an actor or is `async` is awaited.
    ///
    /// ```swift
    /// let model = try await container.async[.model]   // from anywhere
    /// ```
    @available(
        *, unavailable,
        message:
            "this key's factory runs on an actor or is async: resolve it with 'try await container.async[key]' (or 'try await r[key]' in an async factory), or 'container.mainActor[key]' from main-actor code for a MainActorKey"
    )
    public subscript<Service, each Argument, Execution>(
        _ key: ServiceKeys.DeclaredKey<Service, (ServiceKeys.Arguments, repeat each Argument), Execution>,
        _ arguments: repeat each Argument
    ) -> Service {
        get throws(ResolutionError) { try key.require(Service.self, from: self, arguments: repeat each arguments) }
    }
}

extension Container {
    /// The service the key declares (see the `Resolver` subscript), by the call `require(Service.self)` makes.
    ///
    /// ```swift
    /// let api = try container[.api]
    /// ```
    // Inlinable: specialized for its key, this is `require(Service.self)`; a miss or a named key goes out of line.
    @inlinable
    public subscript<Service>(_ key: ServiceKeys.Key<Service>) -> Service {
        get throws(ResolutionError) {
            guard key.resolvesAsItsType else { return try requireNamed(key) }
            do {
                return try require(Service.self)
            } catch {
                return try key.requireDefault(after: error, through: self, as: Service.self)
            }
        }
    }

    /// The service the key declares, made from these runtime arguments (see the `Resolver` subscript).
    ///
    /// ```swift
    /// let detail = try container[.detail, 42]
    /// ```
    // Inlinable: the app's call, specialized for its key's types, packs the arguments as a resolve by type does.
    @inlinable
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.DeclaredKey<Service, (ServiceKeys.Arguments, repeat each Argument), ServiceKeys.Synchronous>,
        _ arguments: repeat each Argument
    ) -> Service {
        get throws(ResolutionError) {
            guard key.startsWithLookup else {
                return try key.require(Service.self, from: self, arguments: repeat each arguments)
            }
            do {
                return try require(Service.self, name: key.name, arguments: repeat each arguments)
            } catch {
                return try key.requireDefault(
                    after: error, through: self, as: Service.self, arguments: repeat each arguments)
            }
        }
    }

    /// A named key without arguments, or one whose type a lookup answers with no registration, out of line.
    @usableFromInline
    @inline(never)
    func requireNamed<Service>(_ key: ServiceKeys.Key<Service>) throws(ResolutionError) -> Service {
        try key.require(Service.self, from: self)
    }
}

extension MainActorResolver {
    /// The service a synchronous or main-actor key declares, resolved synchronously by main-actor code.
    ///
    /// ```swift
    /// let model = try container.mainActor[.model]             // on the main actor
    /// let detail = try container.mainActor[.detailModel, 42]
    /// ```
    @MainActor
    public subscript<Service, each Argument, Execution: ServiceKeys.MainActorExecution>(
        _ key: ServiceKeys.DeclaredKey<Service, (ServiceKeys.Arguments, repeat each Argument), Execution>,
        _ arguments: repeat each Argument
    ) -> Service {
        get throws(ResolutionError) {
            let result = MainActorPermit.$thread.withValue(currentThreadIdentity()) {
                Result { () throws(ResolutionError) in
                    try key.require(Service.self, from: container, arguments: repeat each arguments)
                }
            }
            return try result.get()
        }
    }
}

extension AsyncContainerResolver {
    /// The service a key of any kind declares, awaited.
    ///
    /// ```swift
    /// let prices = try await container.async[.prices]
    /// let quote = try await container.async[.quote, "EUR"]
    /// let model = try await container.async[.model]   // a MainActorKey, made on the main actor
    /// ```
    // On the caller's executor, as `require` is: a key whose factory is synchronous resolves without suspending.
    nonisolated(nonsending) public subscript<Service, each Argument, Execution>(
        _ key: ServiceKeys.DeclaredKey<Service, (ServiceKeys.Arguments, repeat each Argument), Execution>,
        _ arguments: repeat each Argument
    ) -> Service {
        get async throws(ResolutionError) {
            let packed = (repeat each arguments)
            return try await key.requireAwaitedOnCallersExecutor(in: container) { () async throws(ResolutionError) in
                try await require(Service.self, name: key.name, arguments: repeat each packed)
            }
        }
    }
}

extension AsyncResolver {
    /// The service an actor-isolated or `async` key declares, from inside an `async` factory.
    ///
    /// ```swift
    /// container.register(Catalog.self) { r in Catalog(prices: try await r[.prices], quote: try await r[.quote, "EUR"]) }
    /// ```
    public subscript<Service, each Argument, Execution: ServiceKeys.AwaitedExecution>(
        _ key: ServiceKeys.DeclaredKey<Service, (ServiceKeys.Arguments, repeat each Argument), Execution>,
        _ arguments: repeat each Argument
    ) -> Service {
        get async throws(ResolutionError) {
            let packed = (repeat each arguments)
            // The resolver an `async` factory receives is the awaited resolution, whose root container keeps the
            // default; a resolver of the user's own has no registry, and its miss is thrown as it is.
            return try await key.requireAwaited(in: (self as? AsyncResolution)?.root.container) {
                () async throws(ResolutionError) in
                try await require(Service.self, name: key.name, arguments: repeat each packed)
            }
        }
    }
}
