// Declared keys of services whose factories are `@MainActor` or `async`: the compiler lets only main-actor code
// resolve the first synchronously (`container.mainActor[.model]`), and only `await` the second
// (`try await container.async[.prices]`).

extension ServiceKeys {
    /// A declared service whose default factory runs on the main actor: resolved synchronously by main-actor
    /// code through ``Container/mainActor`` (`container.mainActor[.model]`), or with `await` from anywhere
    /// (`try await container.async[.model]`).
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let model = MainActorKey<ViewModel> { r in ViewModel(api: try r[.api]) }
    /// }
    /// @MainActor func show() throws {
    ///     let model = try container.mainActor[.model]
    /// }
    /// ```
    public final class MainActorKey<Service>: ServiceKeys, @unchecked Sendable {
        // @unchecked Sendable: as ``ServiceKeys``; the properties added here are `let`s of Sendable types.
        /// The registration name; `nil` for the unnamed registration of `Service`.
        ///
        /// ```swift
        /// print(ServiceKeys.model.name ?? "unnamed")
        /// ```
        public let name: String?
        /// The scope of the default registration and of overrides; `nil` for the default scope of the container
        /// that keeps the registration.
        ///
        /// ```swift
        /// print(ServiceKeys.model.scope ?? .graph)
        /// ```
        public let scope: ObjectScope?

        /// Declares a service made on the main actor.
        ///
        /// ```swift
        /// extension ServiceKeys {
        ///     static let model = MainActorKey<ViewModel>(scope: .container) { _ in ViewModel() }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The registration name; `nil` (the default) for the unnamed registration of `Service`.
        ///   - scope: The scope of the default registration; `nil` for the default scope of the container that
        ///     keeps it.
        ///   - fileID: Where the key is declared; recorded on the default registration for messages.
        ///   - line: The line of the declaration.
        ///   - factory: The default factory, run on the main actor.
        public init(
            name: String? = nil, scope: ObjectScope? = nil, fileID: String = #fileID, line: UInt = #line,
            factory: @escaping @MainActor @Sendable (any Resolver) throws -> Service
        ) {
            self.name = name
            self.scope = scope
            let key = ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: name)
            super.init(registryKey: key, serviceType: Service.self, fileID: fileID, line: line) { container in
                container.bindDefault(
                    ErasedRegistration(
                        body: { resolver, _ in
                            try MainActorPermit.run { InstanceBox(value: try factory(resolver)) }.value
                        },
                        asyncFactory: nil, isolatedToMainActor: true, serviceType: Service.self, name: name,
                        argumentTypes: [], argumentsType: noArgumentsSignature, fileID: fileID, line: line,
                        configuration: container.configuration(for: scope), lifecycle: container.lifecycle
                    ),
                    as: Service.self, for: key
                )
            }
        }
    }

    /// A declared service whose default factory is `async`: resolved only with `await`
    /// (`try await container.async[.prices]`, or `try await r[.prices]` in another `async` factory).
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let prices = AsyncKey<PriceList>(scope: .container) { _ in try await PriceList.load() }
    /// }
    /// let prices = try await container.async[.prices]
    /// ```
    public final class AsyncKey<Service>: ServiceKeys, @unchecked Sendable {
        // @unchecked Sendable: as ``ServiceKeys``; the properties added here are `let`s of Sendable types.
        /// The registration name; `nil` for the unnamed registration of `Service`.
        ///
        /// ```swift
        /// print(ServiceKeys.prices.name ?? "unnamed")
        /// ```
        public let name: String?
        /// The scope of the default registration and of overrides; `nil` for the default scope of the container
        /// that keeps the registration.
        ///
        /// ```swift
        /// print(ServiceKeys.prices.scope ?? .graph)
        /// ```
        public let scope: ObjectScope?

        /// Declares a service made by an `async` factory.
        ///
        /// ```swift
        /// extension ServiceKeys {
        ///     static let prices = AsyncKey<PriceList> { r in try await PriceList.load(api: try await r[.api]) }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The registration name; `nil` (the default) for the unnamed registration of `Service`.
        ///   - scope: The scope of the default registration; `nil` for the default scope of the container that
        ///     keeps it.
        ///   - fileID: Where the key is declared; recorded on the default registration for messages.
        ///   - line: The line of the declaration.
        ///   - factory: The default factory; resolves its dependencies with `await` through its resolver.
        public init(
            name: String? = nil, scope: ObjectScope? = nil, fileID: String = #fileID, line: UInt = #line,
            factory: @escaping @Sendable (any AsyncResolver) async throws -> Service
        ) {
            self.name = name
            self.scope = scope
            let key = ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: name)
            super.init(registryKey: key, serviceType: Service.self, fileID: fileID, line: line) { container in
                container.bindDefault(
                    ErasedRegistration(
                        body: { _, _ in throw AsyncFactoryRequired() },
                        asyncFactory: { resolver, _ in InstanceBox(value: try await factory(resolver)) },
                        isolatedToMainActor: false, serviceType: Service.self, name: name, argumentTypes: [],
                        argumentsType: noArgumentsSignature, fileID: fileID, line: line,
                        configuration: container.configuration(for: scope), lifecycle: container.lifecycle
                    ),
                    as: Service.self, for: key
                )
            }
        }
    }
}

extension Container {
    /// Overrides a declared main-actor key in this container, with a factory that runs on the main actor.
    ///
    /// ```swift
    /// container.register(.model) { _ in ViewModel(api: MockAPI()) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service on the main actor.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func register<Service>(
        _ key: ServiceKeys.MainActorKey<Service>,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (any Resolver) throws -> Service
    ) -> ServiceEntry<Service> {
        let entry = register(
            Service.self, name: key.name, isolatedTo: MainActor.self, fileID: fileID, line: line, factory: factory)
        if let scope = key.scope { entry.inObjectScope(scope) }
        return entry
    }

    /// Overrides a declared `async` key in this container, with an `async` factory.
    ///
    /// ```swift
    /// container.register(.prices) { _ in PriceList(prices: ["tea": 3]) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service; resolves its dependencies with `await`.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func register<Service>(
        _ key: ServiceKeys.AsyncKey<Service>,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any AsyncResolver) async throws -> Service
    ) -> ServiceEntry<Service> {
        let entry = register(Service.self, name: key.name, fileID: fileID, line: line, factory: factory)
        if let scope = key.scope { entry.inObjectScope(scope) }
        return entry
    }
}

extension MainActorResolver {
    /// The service a main-actor key declares, made on the main actor if needed; synchronous, for main-actor code.
    ///
    /// ```swift
    /// @MainActor func show() throws {
    ///     let model = try container.mainActor[.model]
    /// }
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    @MainActor
    public subscript<Service>(_ key: ServiceKeys.MainActorKey<Service>) -> Service {
        get throws(ResolutionError) { try require(key) }
    }

    /// Resolves the service a main-actor key declares, or throws why it cannot.
    ///
    /// ```swift
    /// let model = try container.mainActor.require(.model)
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    @MainActor
    public func require<Service>(_ key: ServiceKeys.MainActorKey<Service>) throws(ResolutionError) -> Service {
        let result = MainActorPermit.$thread.withValue(currentThreadIdentity()) {
            Result { () throws(ResolutionError) in try container.requireDeclared(key, as: Service.self) }
        }
        return try result.get()
    }

    /// Resolves the service a main-actor key declares, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let model = container.mainActor.resolve(.model)
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service, or `nil` (logged) when it cannot be made.
    @MainActor
    public func resolve<Service>(_ key: ServiceKeys.MainActorKey<Service>) -> Service? {
        do {
            return try require(key)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// The service a key declares, resolved from main-actor code (its dependencies may be `@MainActor` ones).
    ///
    /// ```swift
    /// let api = try container.mainActor[.api]
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    @MainActor
    public subscript<Service>(_ key: ServiceKeys.Key<Service>) -> Service {
        get throws(ResolutionError) {
            let result = MainActorPermit.$thread.withValue(currentThreadIdentity()) {
                Result { () throws(ResolutionError) in try container.require(key) }
            }
            return try result.get()
        }
    }
}

extension AsyncContainerResolver {
    /// The service an `async` key declares, awaited.
    ///
    /// ```swift
    /// let prices = try await container.async[.prices]
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service>(_ key: ServiceKeys.AsyncKey<Service>) -> Service {
        get async throws(ResolutionError) { try await require(key) }
    }

    /// Resolves the service an `async` key declares, or throws why it cannot.
    ///
    /// ```swift
    /// let prices = try await container.async.require(.prices)
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public func require<Service>(_ key: ServiceKeys.AsyncKey<Service>) async throws(ResolutionError) -> Service {
        try await requireDeclared(key, as: Service.self)
    }

    /// Resolves the service an `async` key declares, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let prices = await container.async.resolve(.prices)
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service, or `nil` (logged) when it cannot be made.
    public func resolve<Service>(_ key: ServiceKeys.AsyncKey<Service>) async -> Service? {
        do {
            return try await require(key)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// The service a main-actor key declares, awaited from anywhere: its factory runs on the main actor.
    ///
    /// ```swift
    /// let model = try await container.async[.model]
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service>(_ key: ServiceKeys.MainActorKey<Service>) -> Service {
        get async throws(ResolutionError) { try await requireDeclared(key, as: Service.self) }
    }

    /// The service a key declares, awaited: its dependencies may be `async` or `@MainActor` ones.
    ///
    /// ```swift
    /// let api = try await container.async[.api]
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service>(_ key: ServiceKeys.Key<Service>) -> Service {
        get async throws(ResolutionError) { try await requireDeclared(key, as: Service.self) }
    }

    /// The awaited resolve of a declared key of any kind, with `arguments`: on the key's own miss, its default is
    /// registered in the root of the tree and the resolve made again (each awaited resolve reads the registry
    /// afresh).
    func requireDeclared<Service, each Argument>(
        _ key: ServiceKeys, as serviceType: Service.Type, arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        do {
            return try await require(Service.self, name: key.registryKey.name, arguments: repeat each arguments)
        } catch {
            guard key.isMiss(error) else { throw error }
            key.installDefault(container.root)
            return try await require(Service.self, name: key.registryKey.name, arguments: repeat each arguments)
        }
    }
}

extension AsyncResolver {
    /// The service an `async` key declares, from inside an `async` factory.
    ///
    /// ```swift
    /// container.register(Catalog.self) { r in Catalog(prices: try await r[.prices]) }
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service>(_ key: ServiceKeys.AsyncKey<Service>) -> Service {
        get async throws(ResolutionError) { try await requireDeclared(key, as: Service.self) }
    }

    /// The service a main-actor key declares, from inside an `async` factory: its factory runs on the main actor.
    ///
    /// ```swift
    /// container.register(Screen.self) { r in Screen(model: try await r[.model]) }
    /// ```
    ///
    /// - Parameter key: The declared key.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` when the service cannot be made; never "not registered" for the key itself.
    public subscript<Service>(_ key: ServiceKeys.MainActorKey<Service>) -> Service {
        get async throws(ResolutionError) { try await requireDeclared(key, as: Service.self) }
    }

    /// An awaited resolve of a declared key inside an `async` factory. On the key's own miss, its default is
    /// registered in the root of the tree and the key resolved again through this resolver: an awaited resolution
    /// reads the registry afresh at every resolve, so it finds the default, in the same object graph and path.
    func requireDeclared<Service, each Argument>(
        _ key: ServiceKeys, as serviceType: Service.Type, arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        do {
            return try await require(Service.self, name: key.registryKey.name, arguments: repeat each arguments)
        } catch {
            guard key.isMiss(error), let container = (self as? AsyncResolution)?.root.container else { throw error }
            key.installDefault(container.root)
            return try await require(Service.self, name: key.registryKey.name, arguments: repeat each arguments)
        }
    }
}
