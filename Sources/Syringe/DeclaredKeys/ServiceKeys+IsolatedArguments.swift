// Declared keys of `@MainActor` and `async` factories that take runtime arguments:
// `MainActorKey<DetailModel>.WithArguments<Int>`, resolved synchronously by main-actor code
// (`container.mainActor[.detailModel, 42]`) or awaited (`try await container.async[.detailModel, 42]`), and
// `AsyncKey<Quote>.WithArguments<String>`, only awaited (`try await container.async[.quote, "EUR"]`). Generic over
// their factory's parameter list, as ``ServiceKeys/KeyWithArguments`` is (DeclaredKeys/ServiceKeys+Arguments.swift
// says why); their call sites are in DeclaredKeys/ServiceKeys+IsolatedArgumentResolution.swift.

extension ServiceKeys.MainActorKey {
    /// A declared service whose default factory runs on the main actor and takes runtime arguments of the types
    /// `Argument…`, checked by the compiler at every resolve.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let detailModel = MainActorKey<DetailModel>.WithArguments<Int> { r, id in
    ///         DetailModel(id: id, api: try r[.api])
    ///     }
    /// }
    /// @MainActor func open(_ id: Int) throws {
    ///     let model = try container.mainActor[.detailModel, id]
    /// }
    /// ```
    public typealias WithArguments<each Argument> = ServiceKeys.MainActorKeyWithArguments<
        Service, (any Resolver, repeat each Argument)
    >
}

extension ServiceKeys.AsyncKey {
    /// A declared service whose default factory is `async` and takes runtime arguments of the types `Argument…`,
    /// checked by the compiler at every resolve.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let quote = AsyncKey<Quote>.WithArguments<String> { r, currency in
    ///         try await Quote.load(currency, api: try r[.api])
    ///     }
    /// }
    /// let quote = try await container.async[.quote, "EUR"]
    /// ```
    public typealias WithArguments<each Argument> = ServiceKeys.AsyncKeyWithArguments<
        Service, (any AsyncResolver, repeat each Argument)
    >
}

extension ServiceKeys {
    /// A declared service whose default factory runs on the main actor and takes runtime arguments: write it
    /// ``MainActorKey/WithArguments`` (`MainActorKey<DetailModel>.WithArguments<Int>`). `Parameters` is its
    /// factory's parameter list as a tuple, `(any Resolver, Int)`.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let detailModel = MainActorKey<DetailModel>.WithArguments<Int> { _, id in DetailModel(id: id) }
    /// }
    /// let model = try await container.async[.detailModel, 42]
    /// ```
    public final class MainActorKeyWithArguments<Service, Parameters>: ServiceKeys, @unchecked Sendable {
        // @unchecked Sendable: as ``ServiceKeys``; the properties added here are `let`s of Sendable types.
        /// The registration name; `nil` for the unnamed registration of `Service` with these argument types.
        ///
        /// ```swift
        /// print(ServiceKeys.detailModel.name ?? "unnamed")
        /// ```
        public let name: String?
        /// The scope of the default registration and of overrides; `nil` for the default scope of the container
        /// that keeps the registration.
        ///
        /// ```swift
        /// print(ServiceKeys.detailModel.scope ?? .graph)
        /// ```
        public let scope: ObjectScope?

        /// Declares a service made on the main actor from runtime arguments.
        ///
        /// ```swift
        /// extension ServiceKeys {
        ///     static let detailModel = MainActorKey<DetailModel>.WithArguments<Int> { _, id in DetailModel(id: id) }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The registration name; `nil` (the default) for the unnamed registration.
        ///   - scope: The scope of the default registration; `nil` for the default scope of the container that
        ///     keeps it.
        ///   - fileID: Where the key is declared; recorded on the default registration for messages.
        ///   - line: The line of the declaration.
        ///   - factory: The default factory, run on the main actor with the resolver and the runtime arguments.
        public init<each Argument>(
            name: String? = nil, scope: ObjectScope? = nil, fileID: String = #fileID, line: UInt = #line,
            factory: @escaping @MainActor @Sendable (any Resolver, repeat each Argument) throws -> Service
        ) where Parameters == (any Resolver, repeat each Argument) {
            self.name = name
            self.scope = scope
            let expected = argumentTypeList(repeat (each Argument).self)
            // As `register(_:name:isolatedTo:factory:)` with arguments: the registry key includes the argument
            // types, so only a request packing exactly them reaches the factory, and the cast succeeds.
            let run: @MainActor @Sendable (any Resolver, InstanceBox) throws -> InstanceBox = { resolver, arguments in
                guard let values = arguments.value as? (repeat each Argument) else {
                    throw ArgumentPackMismatch(expected: expected)
                }
                return InstanceBox(value: try factory(resolver, repeat each values))
            }
            let key = ServiceKey(
                serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name)
            super.init(registryKey: key, serviceType: Service.self, fileID: fileID, line: line) { container in
                container.bindDefault(
                    ErasedRegistration(
                        body: { resolver, arguments in
                            let box = InstanceBox(value: arguments)
                            return try MainActorPermit.run { try run(resolver, box) }.value
                        },
                        asyncFactory: nil, isolatedToMainActor: true, serviceType: Service.self, name: name,
                        argumentTypes: expected, argumentsType: argumentsSignature(repeat (each Argument).self),
                        fileID: fileID, line: line, configuration: container.configuration(for: scope),
                        lifecycle: container.lifecycle
                    ),
                    as: Service.self, for: key
                )
            }
        }
    }

    /// A declared service whose default factory is `async` and takes runtime arguments: write it
    /// ``AsyncKey/WithArguments`` (`AsyncKey<Quote>.WithArguments<String>`). `Parameters` is its factory's parameter
    /// list as a tuple, `(any AsyncResolver, String)`.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let quote = AsyncKey<Quote>.WithArguments<String> { _, currency in try await Quote.load(currency) }
    /// }
    /// let quote = try await container.async[.quote, "EUR"]
    /// ```
    public final class AsyncKeyWithArguments<Service, Parameters>: ServiceKeys, @unchecked Sendable {
        // @unchecked Sendable: as ``ServiceKeys``; the properties added here are `let`s of Sendable types.
        /// The registration name; `nil` for the unnamed registration of `Service` with these argument types.
        ///
        /// ```swift
        /// print(ServiceKeys.quote.name ?? "unnamed")
        /// ```
        public let name: String?
        /// The scope of the default registration and of overrides; `nil` for the default scope of the container
        /// that keeps the registration.
        ///
        /// ```swift
        /// print(ServiceKeys.quote.scope ?? .graph)
        /// ```
        public let scope: ObjectScope?

        /// Declares a service made by an `async` factory from runtime arguments.
        ///
        /// ```swift
        /// extension ServiceKeys {
        ///     static let quote = AsyncKey<Quote>.WithArguments<String> { r, currency in
        ///         try await Quote.load(currency, api: try r[.api])
        ///     }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The registration name; `nil` (the default) for the unnamed registration.
        ///   - scope: The scope of the default registration; `nil` for the default scope of the container that
        ///     keeps it.
        ///   - fileID: Where the key is declared; recorded on the default registration for messages.
        ///   - line: The line of the declaration.
        ///   - factory: The default factory; resolves its dependencies with `await` through its resolver.
        public init<each Argument>(
            name: String? = nil, scope: ObjectScope? = nil, fileID: String = #fileID, line: UInt = #line,
            factory: @escaping @Sendable (any AsyncResolver, repeat each Argument) async throws -> Service
        ) where Parameters == (any AsyncResolver, repeat each Argument) {
            self.name = name
            self.scope = scope
            let expected = argumentTypeList(repeat (each Argument).self)
            let key = ServiceKey(
                serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name)
            super.init(registryKey: key, serviceType: Service.self, fileID: fileID, line: line) { container in
                container.bindDefault(
                    ErasedRegistration(
                        body: { _, _ in throw AsyncFactoryRequired() },
                        asyncFactory: { resolver, arguments in
                            // As `register(_:name:factory:)` with `async` arguments: the cast succeeds for every
                            // request the registry key lets through.
                            guard let values = arguments.value as? (repeat each Argument) else {
                                throw ArgumentPackMismatch(expected: expected)
                            }
                            return InstanceBox(value: try await factory(resolver, repeat each values))
                        },
                        isolatedToMainActor: false, serviceType: Service.self, name: name, argumentTypes: expected,
                        argumentsType: argumentsSignature(repeat (each Argument).self), fileID: fileID, line: line,
                        configuration: container.configuration(for: scope), lifecycle: container.lifecycle
                    ),
                    as: Service.self, for: key
                )
            }
        }
    }
}

extension Container {
    /// Overrides a declared main-actor key that takes runtime arguments, with a main-actor factory taking the same
    /// arguments.
    ///
    /// ```swift
    /// container.register(.detailModel) { _, id in DetailModel(id: -id) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service on the main actor from the resolver and the runtime arguments.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func register<Service, each Argument>(
        _ key: ServiceKeys.MainActorKeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> ServiceEntry<Service> {
        let entry = register(
            Service.self, name: key.name, isolatedTo: MainActor.self, fileID: fileID, line: line, factory: factory)
        if let scope = key.scope { entry.inObjectScope(scope) }
        return entry
    }

    /// Overrides a declared `async` key that takes runtime arguments, with an `async` factory taking the same
    /// arguments.
    ///
    /// ```swift
    /// container.register(.quote) { _, currency in Quote(currency: currency, rate: 1) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service from the resolver and the runtime arguments; resolves its dependencies with
    ///     `await`.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func register<Service, each Argument>(
        _ key: ServiceKeys.AsyncKeyWithArguments<Service, (any AsyncResolver, repeat each Argument)>,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any AsyncResolver, repeat each Argument) async throws -> Service
    ) -> ServiceEntry<Service> {
        let entry = register(Service.self, name: key.name, fileID: fileID, line: line, factory: factory)
        if let scope = key.scope { entry.inObjectScope(scope) }
        return entry
    }
}
