// Generic over a tuple of argument types, spelled through a variadic type alias: a generic *type* with a parameter
// pack needs the Swift 5.9 runtime (macOS 14, iOS 17); a pack-generic function or type alias does not. Every call
// site infers its pack from the key's type, so `container[.detail]` does not compile for a `WithArguments<Int>` key.

extension ServiceKeys {
    /// A declared service with a default factory whose kind (`Execution`) and runtime argument types (`Parameters`)
    /// the compiler checks at every resolve. Write it through the aliases: ``Key``, ``MainActorKey``, and so on.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let cart = Key<Cart>(scope: .container) { _ in Cart() }
    ///     static let detail = Key<Detail>.WithArguments<Int> { r, id in Detail(id: id, api: try r[.api]) }
    ///     static let model = MainActorKey<ViewModel> { r in ViewModel(api: try r[.api]) }
    ///     static let prices = AsyncKey<PriceList>(scope: .container) { _ in try await PriceList.load() }
    /// }
    /// ```
    public final class DeclaredKey<Service, Parameters, Execution: ServiceKeys.Execution>: ServiceKeys,
        @unchecked Sendable
    {
        // @unchecked Sendable: as ``ServiceKeys``; the properties added here are `let`s of Sendable types.

        /// The registration name; `nil` for the unnamed registration of `Service` with these argument types.
        ///
        /// ```swift
        /// print(ServiceKeys.api.name ?? "unnamed")
        /// ```
        public let name: String?
        /// The scope of the default registration and of overrides made with `register(.key) { … }`; `nil` for the
        /// default scope of the container that keeps the registration.
        ///
        /// ```swift
        /// print(ServiceKeys.api.scope ?? .graph)
        /// ```
        public let scope: ObjectScope?
        /// The key's name as the dependency graph shows it (`label: "api"` draws `ServiceKeys.api`), usually the
        /// name of the static property that holds it (Swift cannot read a property's name at run time).
        ///
        /// ```swift
        /// extension ServiceKeys {
        ///     static let searchIndex = Key<SearchIndex>(label: "searchIndex") { _ in SearchIndex() }
        /// }
        /// print(ServiceKeys.searchIndex.label ?? "unlabelled")  // searchIndex
        /// ```
        public let label: String?

        /// The key of this kind whose factory takes runtime arguments of the types `Argument…`.
        ///
        /// ```swift
        /// extension ServiceKeys {
        ///     static let invoice = Key<Invoice>.WithArguments<Int, String> { _, number, currency in
        ///         Invoice(number: number, currency: currency)
        ///     }
        /// }
        /// let invoice = try container[.invoice, 42, "EUR"]
        /// ```
        public typealias WithArguments<each Argument> = DeclaredKey<
            Service, (ServiceKeys.Arguments, repeat each Argument), Execution
        >

        /// Whether a resolve of the key is a resolve of its type whose miss registers the default: not for a named
        /// key, one that ``ServiceKeys/answersUnregistered``, nor one that ``ServiceKeys/collides``.
        @usableFromInline
        let resolvesAsItsType: Bool

        /// The key's further registration settings, applied to its default and to every override.
        let settings: (@Sendable (ServiceEntry<Service>) -> Void)?

        /// The one initializer: `makeRegistration` is what differs between the kinds.
        init<each Argument>(
            label: String?, name: String?, scope: ObjectScope?, settings: (@Sendable (ServiceEntry<Service>) -> Void)?,
            fileID: String, line: UInt, arguments: repeat (each Argument).Type,
            runDefault: (@Sendable (any Resolver, Any) throws -> Any)? = nil,
            makeRegistration: @escaping @Sendable (Container, Registration.Configuration) -> Registration
        ) {
            self.label = label
            self.name = name
            self.scope = scope
            self.settings = settings
            let answersUnregistered = ServiceKeys.answersUnregistered(Service.self)
            let signature = argumentsSignature(repeat (each Argument).self)
            let key = ServiceKey(serviceType: Service.self, argumentsType: signature.key, name: name)
            let argumentTypes = argumentTypeList(repeat (each Argument).self)
            let declaration = ServiceKeys.Declaration(label: label, fileID: fileID, line: line)
            let collides = KeyDeclarations.declare(
                declaration, of: ServiceRequest(serviceType: Service.self, name: name, argumentTypes: argumentTypes),
                for: key)
            resolvesAsItsType = name == nil && !answersUnregistered && !collides
            super.init(
                registryKey: key, serviceType: Service.self, argumentTypes: argumentTypes,
                argumentsType: signature, declaration: declaration, collides: collides,
                installDefault: { container in
                    let registration = makeRegistration(container, container.configuration(for: scope))
                    registration.state.withLock { state in
                        state.isKeyDefault = true
                        state.keyLabel = label
                    }
                    settings?(ServiceEntry(registration: registration, container: container))
                    container.bindDefault(registration, as: Service.self, for: key)
                },
                runDefault: runDefault, answersUnregistered: answersUnregistered)
        }

        /// The initializer of the kinds whose factory is erased (main actor, global actor, `async`).
        convenience init<each Argument>(
            label: String?, name: String?, scope: ObjectScope?, settings: (@Sendable (ServiceEntry<Service>) -> Void)?,
            fileID: String, line: UInt, arguments: repeat (each Argument).Type, erased: ErasedFactory
        ) {
            self.init(
                label: label, name: name, scope: scope, settings: settings, fileID: fileID, line: line,
                arguments: repeat (each Argument).self
            ) { container, configuration in
                container.erasedRegistration(
                    Service.self, name: name, fileID: fileID, line: line, configuration: configuration, erased: erased)
            }
        }

        /// `entry`, a registration of this key made with `register(.key)`, given the key's scope and settings.
        func configured(_ entry: ServiceEntry<Service>) -> ServiceEntry<Service> {
            if let label { entry.registration.state.withLock { $0.keyLabel = label } }
            if let scope { entry.inObjectScope(scope) }
            settings?(entry)
            return entry
        }
    }

    /// A declared service made by a synchronous factory, resolved anywhere.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let formatter = Key<Formatter>(name: "json", scope: .container) { _ in JSONFormatter() }
    /// }
    /// let formatter = try container[.formatter]
    /// ```
    public typealias Key<Service> = DeclaredKey<Service, Arguments, Synchronous>

    /// A declared service whose factory runs on the main actor: resolved synchronously by main-actor code through
    /// ``Container/mainActor``, or with `await` from anywhere.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let profile = MainActorKey<ProfileModel> { r in ProfileModel(api: try r[.api]) }
    /// }
    /// let profile = try container.mainActor[.profile]   // on the main actor
    /// ```
    public typealias MainActorKey<Service> = DeclaredKey<Service, Arguments, OnMainActor>

    /// A declared service whose factory is isolated to the global actor `Isolation`, resolved with `await`.
    ///
    /// Write the actor on the closure (`{ @StorageActor r in … }`): the compiler cannot check it for a generic
    /// `Isolation`. A factory isolated elsewhere is logged when registered, and every resolve of it throws.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let store = GlobalActorKey<Store, StorageActor>(isolatedTo: StorageActor.self) { @StorageActor _ in
    ///         Store()
    ///     }
    /// }
    /// let store = try await container.async[.store]
    /// ```
    public typealias GlobalActorKey<Service, Isolation: GlobalActor> = DeclaredKey<
        Service, Arguments, OnGlobalActor<Isolation>
    >

    /// A declared service whose factory is `async`: resolved only with `await`.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let rates = AsyncKey<ExchangeRates>(scope: .container) { _ in try await ExchangeRates.download() }
    /// }
    /// let rates = try await container.async[.rates]
    /// ```
    public typealias AsyncKey<Service> = DeclaredKey<Service, Arguments, Asynchronous>
}

extension ServiceKeys.DeclaredKey {
    /// Declares a service made by a synchronous factory without runtime arguments. `settings` apply to the default
    /// and to every override; a `nil` scope is the default scope of the container that keeps the registration.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let stagingAPI = Key<any API>(name: "staging", scope: .container) { r in
    ///         RealAPI(session: try r[.session])
    ///     }
    /// }
    /// ```
    public convenience init(
        label: String? = nil, name: String? = nil, scope: ObjectScope? = nil,
        settings: (@Sendable (ServiceEntry<Service>) -> Void)? = nil, fileID: String = #fileID,
        line: UInt = #line, factory: @escaping @Sendable (any Resolver) throws -> Service
    ) where Parameters == ServiceKeys.Arguments, Execution == ServiceKeys.Synchronous {
        self.init(
            label: label, name: name, scope: scope, settings: settings, fileID: fileID, line: line,
            runDefault: { resolver, _ in try factory(resolver) }
        ) { container, configuration in
            PlainRegistration(
                body: factory, name: name, fileID: fileID, line: line, configuration: configuration,
                lifecycle: container.lifecycle)
        }
    }

    /// Declares a service made by a synchronous factory from runtime arguments of the types `Argument…`. A scope
    /// that keeps one instance keeps one for every argument, unless `settings` add `keyedByArguments(limit:)`.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let product = Key<Product>.WithArguments<Int>(
    ///         scope: .container, settings: { $0.keyedByArguments(limit: 20) }  // one Product kept per id
    ///     ) { r, id in Product(id: id, api: try r[.api]) }
    /// }
    /// let product = try container[.product, 42]
    /// ```
    public convenience init<each Argument>(
        label: String? = nil, name: String? = nil, scope: ObjectScope? = nil,
        settings: (@Sendable (ServiceEntry<Service>) -> Void)? = nil, fileID: String = #fileID,
        line: UInt = #line, factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) where Parameters == (ServiceKeys.Arguments, repeat each Argument), Execution == ServiceKeys.Synchronous {
        let body: @Sendable (any Resolver, Any) throws -> Service = { resolver, arguments in
            let values = try unpack(arguments, as: (repeat each Argument).self) {
                argumentPackMismatch(repeat (each Argument).self)
            }
            return try factory(resolver, repeat each values)
        }
        self.init(
            label: label, name: name, scope: scope, settings: settings, fileID: fileID, line: line,
            arguments: repeat (each Argument).self, runDefault: { try body($0, $1) }
        ) { container, configuration in
            ArgumentRegistration(
                body: body, argumentConversion: ArgumentConverter<(repeat each Argument)>.self, name: name,
                argumentTypes: argumentTypeList(repeat (each Argument).self),
                argumentsType: argumentsSignature(repeat (each Argument).self), fileID: fileID, line: line,
                configuration: configuration, lifecycle: container.lifecycle)
        }
    }

    /// Declares a service made on the main actor, with or without runtime arguments.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let home = MainActorKey<HomeModel>(scope: .container) { _ in HomeModel() }
    ///     static let detailModel = MainActorKey<DetailModel>.WithArguments<Int> { _, id in DetailModel(id: id) }
    /// }
    /// ```
    public convenience init<each Argument>(
        label: String? = nil, name: String? = nil, scope: ObjectScope? = nil,
        settings: (@Sendable (ServiceEntry<Service>) -> Void)? = nil, fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (any Resolver, repeat each Argument) throws -> Service
    )
    where
        Parameters == (ServiceKeys.Arguments, repeat each Argument),
        Execution == ServiceKeys.OnMainActor
    {
        self.init(
            label: label, name: name, scope: scope, settings: settings, fileID: fileID, line: line,
            arguments: repeat (each Argument).self, erased: .onMainActor(factory))
    }

    /// Declares a service made on the global actor `Isolation` (write it on the closure too), with or without
    /// `Sendable` runtime arguments.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let index = GlobalActorKey<SearchIndex, StorageActor>(isolatedTo: StorageActor.self) {
    ///         @StorageActor _ in SearchIndex()
    ///     }
    /// }
    /// ```
    public convenience init<Isolation: GlobalActor, each Argument: Sendable>(
        label: String? = nil, name: String? = nil, scope: ObjectScope? = nil,
        settings: (@Sendable (ServiceEntry<Service>) -> Void)? = nil, isolatedTo isolation: Isolation.Type,
        fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @isolated(any) @Sendable (any Resolver, repeat each Argument) throws -> sending Service
    )
    where
        Parameters == (ServiceKeys.Arguments, repeat each Argument),
        Execution == ServiceKeys.OnGlobalActor<Isolation>
    {
        let erased = ErasedFactory.isolated(
            to: Isolation.self,
            site: "GlobalActorKey<\(typeName(Service.self)), \(typeName(Isolation.self))> at \(fileID):\(line)", factory)
        self.init(
            label: label, name: name, scope: scope, settings: settings, fileID: fileID, line: line,
            arguments: repeat (each Argument).self, erased: erased)
    }

    /// Declares a service made by an `async` factory, with or without runtime arguments.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let stock = AsyncKey<Stock> { r in try await Stock.load(api: try r[.api]) }
    ///     static let quote = AsyncKey<Quote>.WithArguments<String> { _, currency in try await Quote.fetch(currency) }
    /// }
    /// ```
    public convenience init<each Argument>(
        label: String? = nil, name: String? = nil, scope: ObjectScope? = nil,
        settings: (@Sendable (ServiceEntry<Service>) -> Void)? = nil, fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any AsyncResolver, repeat each Argument) async throws -> Service
    ) where Parameters == (ServiceKeys.Arguments, repeat each Argument), Execution == ServiceKeys.Asynchronous {
        self.init(
            label: label, name: name, scope: scope, settings: settings, fileID: fileID, line: line,
            arguments: repeat (each Argument).self, erased: .awaited(factory))
    }
}
