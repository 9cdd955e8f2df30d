// Resolving declared keys with runtime arguments the compiler-checked way: main-actor keys synchronously from
// main-actor code (`container.mainActor[.detailModel, 42]`), `async` and main-actor keys with `await`
// (`try await container.async[.quote, "EUR"]`, `try await r[.quote, "EUR"]` in an `async` factory). The
// argument types are inferred from the key's parameter list, as for ``ServiceKeys/KeyWithArguments``.

extension MainActorResolver {
    /// The service a main-actor key declares, made on the main actor from these runtime arguments; synchronous,
    /// for main-actor code.
    ///
    /// ```swift
    /// @MainActor func open(_ id: Int) throws {
    ///     let model = try container.mainActor[.detailModel, id]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    @MainActor
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.MainActorKeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        _ arguments: repeat each Argument
    ) -> Service {
        get throws(ResolutionError) { try require(key, arguments: repeat each arguments) }
    }

    /// Resolves the service a main-actor key declares from these runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let model = try container.mainActor.require(.detailModel, arguments: 42)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    @MainActor
    public func require<Service, each Argument>(
        _ key: ServiceKeys.MainActorKeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        let result = MainActorPermit.$thread.withValue(currentThreadIdentity()) {
            Result { () throws(ResolutionError) in
                try container.requireDeclared(key, as: Service.self, arguments: repeat each arguments)
            }
        }
        return try result.get()
    }

    /// Resolves the service a main-actor key declares from these runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let model = container.mainActor.resolve(.detailModel, arguments: 42)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service, or `nil` (logged) when it cannot be made.
    @MainActor
    public func resolve<Service, each Argument>(
        _ key: ServiceKeys.MainActorKeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        arguments: repeat each Argument
    ) -> Service? {
        do {
            return try require(key, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// The service a key with runtime arguments declares, resolved from main-actor code (its dependencies may be
    /// `@MainActor` ones).
    ///
    /// ```swift
    /// let detail = try container.mainActor[.detail, 42]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    @MainActor
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.KeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        _ arguments: repeat each Argument
    ) -> Service {
        get throws(ResolutionError) {
            let result = MainActorPermit.$thread.withValue(currentThreadIdentity()) {
                Result { () throws(ResolutionError) in
                    try container.requireDeclared(key, as: Service.self, arguments: repeat each arguments)
                }
            }
            return try result.get()
        }
    }
}

extension AsyncContainerResolver {
    /// The service an `async` key declares, made from these runtime arguments, awaited.
    ///
    /// ```swift
    /// let quote = try await container.async[.quote, "EUR"]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.AsyncKeyWithArguments<Service, (any AsyncResolver, repeat each Argument)>,
        _ arguments: repeat each Argument
    ) -> Service {
        get async throws(ResolutionError) { try await require(key, arguments: repeat each arguments) }
    }

    /// Resolves the service an `async` key declares from these runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let quote = try await container.async.require(.quote, arguments: "EUR")
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public func require<Service, each Argument>(
        _ key: ServiceKeys.AsyncKeyWithArguments<Service, (any AsyncResolver, repeat each Argument)>,
        arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        try await requireDeclared(key, as: Service.self, arguments: repeat each arguments)
    }

    /// Resolves the service an `async` key declares from these runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let quote = await container.async.resolve(.quote, arguments: "EUR")
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service, or `nil` (logged) when it cannot be made.
    public func resolve<Service, each Argument>(
        _ key: ServiceKeys.AsyncKeyWithArguments<Service, (any AsyncResolver, repeat each Argument)>,
        arguments: repeat each Argument
    ) async -> Service? {
        do {
            return try await require(key, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// The service a main-actor key declares, made from these runtime arguments, awaited from anywhere: its
    /// factory runs on the main actor.
    ///
    /// ```swift
    /// let model = try await container.async[.detailModel, 42]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.MainActorKeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        _ arguments: repeat each Argument
    ) -> Service {
        get async throws(ResolutionError) {
            try await requireDeclared(key, as: Service.self, arguments: repeat each arguments)
        }
    }

    /// The service a key with runtime arguments declares, awaited: its dependencies may be `async` or
    /// `@MainActor` ones.
    ///
    /// ```swift
    /// let detail = try await container.async[.detail, 42]
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
        get async throws(ResolutionError) {
            try await requireDeclared(key, as: Service.self, arguments: repeat each arguments)
        }
    }
}

extension AsyncResolver {
    /// The service an `async` key declares, made from these runtime arguments, from inside an `async` factory.
    ///
    /// ```swift
    /// container.register(Basket.self) { r in Basket(quote: try await r[.quote, "EUR"]) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.AsyncKeyWithArguments<Service, (any AsyncResolver, repeat each Argument)>,
        _ arguments: repeat each Argument
    ) -> Service {
        get async throws(ResolutionError) {
            try await requireDeclared(key, as: Service.self, arguments: repeat each arguments)
        }
    }

    /// The service a main-actor key declares, made from these runtime arguments, from inside an `async` factory:
    /// its factory runs on the main actor.
    ///
    /// ```swift
    /// container.register(Screen.self) { r in Screen(model: try await r[.detailModel, 42]) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - arguments: The runtime arguments, in the order the key's factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service, each Argument>(
        _ key: ServiceKeys.MainActorKeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        _ arguments: repeat each Argument
    ) -> Service {
        get async throws(ResolutionError) {
            try await requireDeclared(key, as: Service.self, arguments: repeat each arguments)
        }
    }
}
