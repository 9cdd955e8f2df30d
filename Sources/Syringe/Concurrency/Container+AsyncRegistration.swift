extension Container {
    /// Registers an `async` factory for `serviceType` under `name`.
    ///
    /// Resolve it with `await`: `try await container.async.require(…)`, or `try await r.require(…)` inside
    /// another `async` factory. A synchronous `resolve` of it returns `nil` and logs, and `require` throws, a
    /// ``ResolutionError`` of kind ``ResolutionError/Kind/asyncFactory``; it never blocks. Scopes work as for
    /// synchronous factories; a `.container` or `.weak` instance is created once however many tasks ask, in a
    /// task of its own, so cancelling a task that waits for it does not cancel the creation.
    ///
    /// A factory isolated to a global actor (`{ @MainActor r in … }`, `{ @MyActor r in … }`) registers here
    /// too and runs on its actor; only `await` resolves it. To let main-actor code also resolve it
    /// synchronously, register it with `register(_:name:isolatedTo:factory:)` (`isolatedTo: MainActor.self`).
    ///
    /// ```swift
    /// container.register(Database.self) { _ in try await Database.connect() }.inObjectScope(.container)
    /// let database = try await container.async.require(Database.self)
    /// ```
    ///
    /// With runtime arguments, the factory takes them after the resolver, and each resolve passes them:
    ///
    /// ```swift
    /// container.register(Session.self) { r, userID in
    ///     try await Session.open(for: userID, api: r.require(API.self))
    /// }
    /// let session = try await container.async.require(Session.self, argument: userID)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service from the resolver and the runtime arguments (none, or some); resolves its
    ///     dependencies with `await` through the resolver it receives.
    /// - Returns: The registration, to configure further.
    // Disfavored, so that a closure that could be either (no `async`, no `await`) costs the type checker only the
    // synchronous forms: see the synchronous `register` with arguments. An `async` closure matches only this form.
    @_disfavoredOverload
    @discardableResult
    public func register<Service, each Argument>(
        _ serviceType: Service.Type,
        name: String? = nil,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any AsyncResolver, repeat each Argument) async throws -> Service
    ) -> ServiceEntry<Service> {
        addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: .awaited(factory))
    }

    // NB: `register(_:name:isolatedTo:fileID:line:factory:)` for any global actor also accepts `MainActor.self`.
    // Swift 6.3.1 ranks a main-actor closure type above its `@isolated(any)` type only when the two overloads
    // have the same shape: so the main-actor form has one entry without arguments, one whose arguments are
    // `Sendable` (as the global-actor form's must be), and the one below for any arguments. All three forward to
    // the same builder, `ErasedFactory.onMainActor`.

    /// Registers a factory isolated to the main actor, without runtime arguments (see the form with arguments).
    ///
    /// ```swift
    /// container.register(ViewModel.self, isolatedTo: MainActor.self) { _ in ViewModel() }
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - isolation: `MainActor.self`: the factory runs on the main actor.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service on the main actor.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func register<Service>(
        _ serviceType: Service.Type,
        name: String? = nil,
        isolatedTo isolation: MainActor.Type,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (any Resolver) throws -> Service
    ) -> ServiceEntry<Service> {
        addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: .onMainActor(factory))
    }

    /// Registers a factory isolated to the main actor whose runtime arguments are `Sendable` (see the form with
    /// any arguments).
    ///
    /// ```swift
    /// container.register(DetailModel.self, isolatedTo: MainActor.self) { _, id in DetailModel(id: id) }
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - isolation: `MainActor.self`: the factory runs on the main actor.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service on the main actor from the resolver and the runtime arguments.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func register<Service, each Argument: Sendable>(
        _ serviceType: Service.Type,
        name: String? = nil,
        isolatedTo isolation: MainActor.Type,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> ServiceEntry<Service> {
        addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: .onMainActor(factory))
    }

    /// Registers a factory isolated to the main actor, which main-actor code can also resolve synchronously.
    ///
    /// The compiler lets only main-actor code create the service synchronously: through ``mainActor``, whose
    /// methods are `@MainActor`. Anywhere else, `await` it: `try await container.async.require(…)` hops to the
    /// main actor to run the factory. A plain synchronous `resolve` cannot know at compile time that the
    /// registration is isolated (the registry is looked up at run time); it fails with a
    /// ``ResolutionError/Kind/asyncFactory`` error, never runs the factory off the main actor and never blocks.
    ///
    /// ```swift
    /// container.register(ViewModel.self, isolatedTo: MainActor.self) { r in ViewModel(api: r.resolve(API.self)!) }
    ///
    /// @MainActor func show() -> ViewModel? {
    ///     container.mainActor.resolve(ViewModel.self)  // synchronous, on the main actor
    /// }
    /// func load() async throws -> ViewModel {
    ///     try await container.async.require(ViewModel.self)  // from anywhere
    /// }
    /// ```
    ///
    /// With runtime arguments, the factory takes them after the resolver, and each resolve passes them:
    ///
    /// ```swift
    /// container.register(DetailModel.self, isolatedTo: MainActor.self) { _, id in DetailModel(id: id) }
    /// @MainActor func open(_ id: Int) -> DetailModel? {
    ///     container.mainActor.resolve(DetailModel.self, arguments: id)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - isolation: `MainActor.self`: the factory runs on the main actor.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service on the main actor from the resolver and the runtime arguments (none, or
    ///     some).
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func register<Service, each Argument>(
        _ serviceType: Service.Type,
        name: String? = nil,
        isolatedTo isolation: MainActor.Type,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> ServiceEntry<Service> {
        addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: .onMainActor(factory))
    }
}

/// The synchronous factory of an `async` registration: a synchronous resolution cannot run it.