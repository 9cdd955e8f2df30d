extension Container {
    /// Makes a container for one test (or one task) derived from this one: it sees every registration of this
    /// container, keeps its own registrations and every instance it makes, and never changes this container.
    ///
    /// Deriving copies nothing: it costs the same for an app of ten registrations as for one of ten thousand.
    /// The derived container resolves this container's registrations as a child does, with one difference: an
    /// instance that a registration of this container would keep (``ObjectScope/container``,
    /// ``ObjectScope/weak``, custom scopes) is kept by the derived container instead, made by its own first
    /// resolve, with the derived container's registrations as dependencies. So a mock registered in the derived
    /// container reaches the app's singletons that depend on it, and neither the mock nor those singletons ever
    /// reach this container or another derived container.
    ///
    /// ```swift
    /// let app = Container()
    /// app.register(Gateway.self) { _ in RealGateway() }
    /// app.register(Checkout.self) { r in Checkout(gateway: r.resolve(Gateway.self)!) }
    ///     .inObjectScope(.container)
    ///
    /// let test = app.derived { c in
    ///     c.register(Gateway.self) { _ in MockGateway() }
    /// }
    /// assert(test.resolve(Checkout.self)!.gateway is MockGateway)  // the test's own Checkout
    /// assert(app.resolve(Checkout.self)!.gateway is RealGateway)   // the app is unchanged
    /// ```
    ///
    /// What the derived container sees of instances made before it:
    /// - Singletons this container made before deriving are **not** shared: the derived container makes its
    ///   own on first use (a test starts from a clean state, with its own registrations in effect). Its
    ///   singletons live as long as the derived container, and ``shutdown()`` on it disposes them.
    /// - ``ObjectScope/perContainer`` instances are made per resolving container, as always.
    /// - Registrations this container adds or replaces later are visible, as to a child; the configuration
    ///   (scope, `initCompleted`) of an app registration is read when the derived container first keeps an
    ///   instance of it.
    ///
    /// Registering, `unregister`, ``removeAll()``, loading modules, ``resetObjectScope(_:)-(ObjectScope)`` and
    /// ``shutdown()`` on the derived container act on the derived container alone. It has this container's
    /// default scope and no behaviors: this container's behaviors are not told of the derived container's
    /// registrations.
    ///
    /// - Parameter registeringClosure: Registers the derived container's own services (mocks, for a test).
    /// - Returns: The derived container, whose parent is this container.
    /// - Complexity: O(1) in the number of this container's registrations. The first resolve of each of this
    ///   container's shared-scope services through the derived container makes its stand-in (one allocation).
    public func derived(registeringClosure: (Container) -> Void = { _ in }) -> Container {
        let container = Container(derivingFrom: self)
        registeringClosure(container)
        return container
    }

    /// Whether this container was made by ``derived(registeringClosure:)`` (or by an override, see
    /// ``withOverrides(_:operation:)``): it keeps its own instances of its ancestors' shared services.
    ///
    /// ```swift
    /// assert(app.derived().isDerived)
    /// assert(!app.isDerived)
    /// ```
    public var isDerived: Bool {
        registry.derivation != nil
    }
}
