// Registrations isolated to any global actor, or to one actor instance.
//
// Both are `async` registrations underneath: an awaited resolution runs the factory, and the hop to the actor is
// the `await` of an `@isolated(any)` function or of a function with an `isolated` parameter: the compiler checks
// the isolation, and the runtime hops through the actor's executor, not through a lock. They share the `async`
// registrations' scopes (single-flight singletons), verification (`container.async.verify()`) and dependency graph.

extension Container {
    /// Registers a factory isolated to the global actor `isolation`, resolved with `await` from anywhere.
    ///
    /// The factory is a closure isolated to that actor, `{ @Database r in … }`: the compiler checks its body as
    /// code of the actor, and an awaited resolve runs it there. Resolve it with
    /// `try await container.async.require(…)`, or `try await r.require(…)` in another `async` factory; a
    /// synchronous `resolve` fails with a ``ResolutionError/Kind/asyncFactory`` error and never blocks. Scopes work
    /// as for `async` registrations: a `.container` instance is made once, however many tasks ask.
    ///
    /// For the main actor, `isolatedTo: MainActor.self` also lets main-actor code resolve synchronously through
    /// ``Container/mainActor``; for any other global actor, resolution is awaited.
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
    /// > Important: The closure must be isolated to `isolation` (write `@Database` on it). A closure isolated
    /// > elsewhere, or not at all, is reported through ``loggingFunction`` when it is registered, and every resolve
    /// > of the registration fails with a ``ResolutionError`` that says so: the factory never runs elsewhere.
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - isolation: The global actor the factory runs on.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service on the actor from the resolver and the runtime arguments (none, or some, as
    ///     `{ @Database r, id in … }`, passed at resolve time: `try await container.async.require(Store.self,
    ///     argument: id)`); resolves synchronous dependencies through the resolver.
    /// - Returns: The registration, to configure further.
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

    /// Registers a factory that runs isolated to the actor instance `actor`, resolved with `await`.
    ///
    /// The factory receives the actor as an `isolated` parameter: its body is the actor's code, checked by the
    /// compiler, so it may use the actor's state synchronously (a SwiftData `@ModelActor`'s `modelContext`, a
    /// database connection an actor owns). An awaited resolve hops to the actor to run it. What it returns leaves
    /// the actor (`sending`): a `Sendable` service, or a new value that holds none of the actor's state.
    ///
    /// Resolve it with `try await container.async.require(…)` or `try await r.require(…)` in another `async`
    /// factory; a synchronous `resolve` fails with a ``ResolutionError/Kind/asyncFactory`` error. The registration
    /// keeps the actor alive as long as it exists.
    ///
    /// ```swift
    /// actor Library {
    ///     var books: [String] = ["Dune"]
    /// }
    /// let library = Library()
    /// container.register(Catalog.self, on: library) { library, r in Catalog(titles: library.books) }
    /// let catalog = try await container.async.require(Catalog.self)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - actor: The actor the factory runs on.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service isolated to `actor`, from the actor and the resolver.
    /// - Returns: The registration, to configure further.
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

    /// Registers a factory isolated to the actor instance `actor` that takes runtime arguments, resolved with
    /// `await`.
    ///
    /// The arguments cross into the actor, so they are `Sendable`.
    ///
    /// ```swift
    /// container.register(Shelf.self, on: library) { library, r, index in Shelf(title: library.books[index]) }
    /// let shelf = try await container.async.require(Shelf.self, argument: 0)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - actor: The actor the factory runs on.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service isolated to `actor`, from the actor, the resolver and the runtime arguments.
    /// - Returns: The registration, to configure further.
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

    // NB: Swift 6.3.1 infers the `isolated` first parameter of a closure passed for a parameter-pack function
    // type only when the pack has exactly one element: `{ library, r, index, label in library.titles … }` fails
    // with "actor-isolated property 'titles' can not be referenced from a Sendable closure" (and so does the form
    // without arguments, which has its own overload above). These fixed-arity entry points give two to four
    // arguments a closure type without a pack, so their parameters are inferred; each forwards to the one
    // generic core. Five or more arguments: write `isolated` on the closure's first parameter,
    // `{ (library: isolated Library, r, a: Int, …) in … }`.

    /// Registers a factory isolated to the actor instance `actor` that takes two runtime arguments (see
    /// ``register(_:name:on:fileID:line:factory:)-(_,_,IsolatingActor,_,_,_)`` for the rules).
    ///
    /// ```swift
    /// container.register(Shelf.self, on: library) { library, _, index, label in
    ///     Shelf(title: "\(label): \(library.books[index])")
    /// }
    /// let shelf = try await container.async.require(Shelf.self, arguments: 0, "Top")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - actor: The actor the factory runs on.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service isolated to `actor`, from the actor, the resolver and the two arguments.
    /// - Returns: The registration, to configure further.
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
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - actor: The actor the factory runs on.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service isolated to `actor`, from the actor, the resolver and the three arguments.
    /// - Returns: The registration, to configure further.
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
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - actor: The actor the factory runs on.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service isolated to `actor`, from the actor, the resolver and the four arguments.
    /// - Returns: The registration, to configure further.
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
    /// The global actor named at registration.
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
