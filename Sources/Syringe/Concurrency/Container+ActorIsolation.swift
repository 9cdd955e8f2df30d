// Registrations isolated to a global actor or an actor instance: `async` registrations underneath, whose hop to the
// actor is the `await` of an `@isolated(any)` function or of one with an `isolated` parameter (no lock).

extension Container {
    /// Registers a factory isolated to the global actor `isolation`, resolved with `await` from anywhere; a
    /// synchronous resolve fails with ``ResolutionError/Kind/asyncFactory``.
    ///
    /// ```swift
    /// @globalActor actor Database {
    ///     static let shared = Database()
    /// }
    /// container.register(Store.self, isolatedTo: Database.self) { @Database r in Store(cache: r.resolve(Cache.self)!) }
    ///     .inObjectScope(.container)
    /// let store = try await container.async.require(Store.self)
    /// ```
    ///
    /// > Important: Write the actor on the closure (`@Database`). A closure isolated elsewhere is logged when
    /// > registered, and every resolve of it throws: the factory never runs elsewhere.
    @discardableResult
    public func register<Service, Isolation: GlobalActor, each Argument: Sendable>(
        _ serviceType: Service.Type,
        name: String? = nil,
        isolatedTo isolation: Isolation.Type,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @isolated(any) @Sendable (any Resolver, repeat each Argument) throws -> sending Service
    ) -> ServiceEntry<Service> {
        let erased = ErasedFactory.isolated(
            to: Isolation.self,
            site: "register(\(typeName(Service.self)), isolatedTo: \(typeName(Isolation.self))) at \(fileID):\(line)",
            factory)
        return addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: erased)
    }

    /// Registers a factory that runs isolated to the actor instance `actor` (its `isolated` first parameter),
    /// resolved with `await`. What it returns leaves the actor (`sending`). The registration keeps the actor alive.
    ///
    /// ```swift
    /// container.register(Catalog.self, on: library) { library, r in Catalog(titles: library.books) }
    /// let catalog = try await container.async.require(Catalog.self)
    /// ```
    @discardableResult
    public func register<Service, IsolatingActor: Actor>(
        _ serviceType: Service.Type,
        name: String? = nil,
        on actor: IsolatingActor,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (isolated IsolatingActor, any Resolver) throws -> sending Service
    ) -> ServiceEntry<Service> {
        addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: .on(actor, factory))
    }

    /// Registers a factory isolated to the actor instance `actor` that takes runtime arguments (`Sendable`: they
    /// cross into the actor), resolved with `await`.
    ///
    /// ```swift
    /// container.register(Shelf.self, on: library) { library, r, index in Shelf(title: library.books[index]) }
    /// let shelf = try await container.async.require(Shelf.self, argument: 0)
    /// ```
    @discardableResult
    public func register<Service, IsolatingActor: Actor, each Argument: Sendable>(
        _ serviceType: Service.Type,
        name: String? = nil,
        on actor: IsolatingActor,
        fileID: String = #fileID,
        line: UInt = #line,
        factory:
            @escaping @Sendable (isolated IsolatingActor, any Resolver, repeat each Argument) throws
            -> sending Service
    ) -> ServiceEntry<Service> {
        addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: .on(actor, factory))
    }

    // Fixed arities: Swift 6.3.1 infers a closure's `isolated` first parameter for a parameter-pack function type
    // only when the pack has exactly one element.

    /// Registers a factory isolated to the actor instance `actor` that takes two runtime arguments.
    ///
    /// ```swift
    /// container.register(Shelf.self, on: library) { library, _, index, label in
    ///     Shelf(title: "\(label): \(library.books[index])")
    /// }
    /// let shelf = try await container.async.require(Shelf.self, arguments: 0, "Top")
    /// ```
    @discardableResult
    public func register<Service, IsolatingActor: Actor, First: Sendable, Second: Sendable>(
        _ serviceType: Service.Type,
        name: String? = nil,
        on actor: IsolatingActor,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (isolated IsolatingActor, any Resolver, First, Second) throws -> sending Service
    ) -> ServiceEntry<Service> {
        addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: .on(actor, factory))
    }

    /// Registers a factory isolated to the actor instance `actor` that takes three runtime arguments.
    ///
    /// ```swift
    /// container.register(Shelf.self, on: library) { library, _, index, label, suffix in
    ///     Shelf(title: "\(label): \(library.books[index])\(suffix)")
    /// }
    /// ```
    @discardableResult
    public func register<Service, IsolatingActor: Actor, First: Sendable, Second: Sendable, Third: Sendable>(
        _ serviceType: Service.Type,
        name: String? = nil,
        on actor: IsolatingActor,
        fileID: String = #fileID,
        line: UInt = #line,
        factory:
            @escaping @Sendable (isolated IsolatingActor, any Resolver, First, Second, Third) throws -> sending Service
    ) -> ServiceEntry<Service> {
        addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: .on(actor, factory))
    }

    /// Registers a factory isolated to the actor instance `actor` that takes four runtime arguments.
    ///
    /// ```swift
    /// container.register(Shelf.self, on: library) { library, _, index, label, prefix, suffix in
    ///     Shelf(title: "\(prefix)\(label): \(library.books[index])\(suffix)")
    /// }
    /// ```
    @discardableResult
    public func register<
        Service, IsolatingActor: Actor, First: Sendable, Second: Sendable, Third: Sendable, Fourth: Sendable
    >(
        _ serviceType: Service.Type,
        name: String? = nil,
        on actor: IsolatingActor,
        fileID: String = #fileID,
        line: UInt = #line,
        factory:
            @escaping @Sendable (isolated IsolatingActor, any Resolver, First, Second, Third, Fourth) throws
            -> sending Service
    ) -> ServiceEntry<Service> {
        addRegistration(Service.self, name: name, fileID: fileID, line: line, erased: .on(actor, factory))
    }
}

/// A factory registered with `isolatedTo: SomeGlobalActor.self` whose closure is not isolated to that actor.
struct IsolationMismatch: Error, CustomStringConvertible {
    let expected: Any.Type
    /// The actor the closure is isolated to, if any.
    let actual: (any Actor)?

    var description: String {
        let found = actual.map { "isolated to an instance of \(typeName(type(of: $0)))" } ?? "not isolated to an actor"
        return "the factory is \(found), not to the global actor \(typeName(expected)); "
            + "write the actor on the closure: { @\(typeName(expected)) r in … }"
    }

    /// The mismatch between the isolation of a closure and the global actor `expected`, or `nil` when they agree.
    static func check<Isolation: GlobalActor>(
        _ isolation: (any Actor)?, expected: Isolation.Type
    ) -> IsolationMismatch? {
        if let isolation, isolation === Isolation.shared { return nil }
        return IsolationMismatch(expected: Isolation.self, actual: isolation)
    }
}
