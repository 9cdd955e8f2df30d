// Overrides, one entry per kind of factory: the compiler must see the factory's isolation.

extension Container {
    /// Overrides a declared key in this container and those below it (the parent's registration is unchanged): an
    /// ordinary registration of the key's type and name, given the key's scope and settings.
    ///
    /// ```swift
    /// let test = app.derived { c in
    ///     c.register(.api) { _ in MockAPI() }
    /// }
    /// ```
    @discardableResult
    public func register<Service>(
        _ key: ServiceKeys.Key<Service>, fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (any Resolver) throws -> Service
    ) -> ServiceEntry<Service> {
        key.configured(register(Service.self, name: key.name, fileID: fileID, line: line, factory: factory))
    }

    /// Overrides a declared key that takes runtime arguments, with a factory taking the same arguments.
    ///
    /// ```swift
    /// container.register(.detail) { _, id in Detail(id: id, api: MockAPI()) }
    /// ```
    @discardableResult
    public func register<Service, each Argument>(
        _ key: ServiceKeys.DeclaredKey<Service, (ServiceKeys.Arguments, repeat each Argument), ServiceKeys.Synchronous>,
        fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> ServiceEntry<Service> {
        key.configured(register(Service.self, name: key.name, fileID: fileID, line: line, factory: factory))
    }

    /// Overrides a declared main-actor key, with a factory that runs on the main actor.
    ///
    /// ```swift
    /// container.register(.model) { _ in ViewModel(api: MockAPI()) }
    /// ```
    @discardableResult
    public func register<Service, each Argument>(
        _ key: ServiceKeys.DeclaredKey<
            Service, (ServiceKeys.Arguments, repeat each Argument), ServiceKeys.OnMainActor
        >,
        fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @MainActor @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> ServiceEntry<Service> {
        key.configured(
            addRegistration(Service.self, name: key.name, fileID: fileID, line: line, erased: .onMainActor(factory)))
    }

    /// Overrides a declared global-actor key, with a factory isolated to the same actor (write it on the closure).
    ///
    /// ```swift
    /// container.register(.store) { @StorageActor _ in Store(inMemory: true) }
    /// ```
    @discardableResult
    public func register<Service, Isolation: GlobalActor, each Argument: Sendable>(
        _ key: ServiceKeys.DeclaredKey<
            Service, (ServiceKeys.Arguments, repeat each Argument), ServiceKeys.OnGlobalActor<Isolation>
        >,
        fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @isolated(any) @Sendable (any Resolver, repeat each Argument) throws -> sending Service
    ) -> ServiceEntry<Service> {
        let erased = ErasedFactory.isolated(
            to: Isolation.self, site: "register(.\(typeName(Service.self))) at \(fileID):\(line)", factory)
        return key.configured(
            addRegistration(Service.self, name: key.name, fileID: fileID, line: line, erased: erased))
    }

    /// Overrides a declared `async` key, with an `async` factory.
    ///
    /// ```swift
    /// container.register(.prices) { _ in PriceList(prices: ["tea": 3]) }
    /// ```
    @discardableResult
    public func register<Service, each Argument>(
        _ key: ServiceKeys.DeclaredKey<Service, (ServiceKeys.Arguments, repeat each Argument), ServiceKeys.Asynchronous>,
        fileID: String = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (any AsyncResolver, repeat each Argument) async throws -> Service
    ) -> ServiceEntry<Service> {
        key.configured(
            addRegistration(Service.self, name: key.name, fileID: fileID, line: line, erased: .awaited(factory)))
    }

    /// Registers the defaults of the app's declared keys in this container now, instead of on each key's first use,
    /// so that lookups by type see them too. A key this container already binds keeps its registration.
    ///
    /// ```swift
    /// let app = Container()
    /// app.register(keys: ServiceKeys.all)          // [api, session, prices]
    /// let session = try app.require(Session.self)   // the key's default, found by type
    /// ```
    public func register(keys: [ServiceKeys]) {
        for key in keys { key.installDefault(in: self) }
    }
}

extension ServiceKeys.DeclaredKey {
    /// Registers `factory`, a synchronous factory that ignores the runtime arguments, under this key in `container`,
    /// whatever its kind: `SyringeTesting`'s placeholders, which answer every resolve of the key.
    package func registerStandIn(
        in container: Container, fileID: String, line: UInt,
        factory: @escaping @Sendable (any Resolver) throws -> Service
    ) -> ServiceEntry<Service> {
        let erased = ErasedFactory(
            body: { resolver, _ in try factory(resolver) }, asyncFactory: nil, isolatedToMainActor: false,
            argumentTypes: argumentTypes, argumentsType: argumentsType)
        return container.addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: erased)
    }
}
