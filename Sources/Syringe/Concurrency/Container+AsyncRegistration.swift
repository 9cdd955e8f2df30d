extension Container {
    /// Registers an `async` factory, with or without runtime arguments, resolved only with `await`
    /// (`container.async`, or `r` in another `async` factory).
    ///
    /// A synchronous resolve of it fails with ``ResolutionError/Kind/asyncFactory``. A `.container` or `.weak`
    /// instance is made once however many tasks ask, in a task that a waiter's cancellation does not reach.
    ///
    /// ```swift
    /// container.register(Database.self) { _ in try await Database.connect() }.inObjectScope(.container)
    /// let database = try await container.async.require(Database.self)
    /// ```
    // Disfavored: a closure that could be either (no `async`, no `await`) then costs the type checker only the
    // synchronous forms. An `async` closure matches only this form.
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

    // Three main-actor forms: Swift 6.3.1 ranks a main-actor closure type above the global-actor form's
    // `@isolated(any)` one only when the overloads have the same shape (no arguments, `Sendable` ones, any).

    /// Registers a factory isolated to the main actor, without runtime arguments.
    ///
    /// ```swift
    /// container.register(ViewModel.self, isolatedTo: MainActor.self) { _ in ViewModel() }
    /// ```
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

    /// Registers a factory isolated to the main actor whose runtime arguments are `Sendable`.
    ///
    /// ```swift
    /// container.register(DetailModel.self, isolatedTo: MainActor.self) { _, id in DetailModel(id: id) }
    /// ```
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

    /// Registers a factory isolated to the main actor: main-actor code resolves it synchronously through
    /// ``mainActor``, any code with `await` (``Container/async``). A plain synchronous resolve fails with
    /// ``ResolutionError/Kind/asyncFactory``; it never runs the factory off the main actor, never blocks.
    ///
    /// ```swift
    /// container.register(ViewModel.self, isolatedTo: MainActor.self) { r in ViewModel(api: r.resolve(API.self)!) }
    /// @MainActor func show() -> ViewModel? { container.mainActor.resolve(ViewModel.self) }
    /// ```
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
