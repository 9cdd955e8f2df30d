extension Container {
    /// Makes a container for one test (or one task) derived from this one: it sees every registration of this
    /// container, keeps its own registrations and every instance it makes, and never changes this container.
    ///
    /// An instance a registration of this container would keep is kept by the derived container, made by its own
    /// first resolve with its registrations as dependencies (singletons made before are not shared). Registering,
    /// ``removeAll()``, loading modules and ``shutdown()`` act on it alone; it has this container's default scope
    /// and no behaviors. Deriving copies nothing.
    ///
    /// ```swift
    /// // The app registers RealGateway, and Checkout(gateway:) in the .container scope.
    /// let test = app.derived { c in c.register(Gateway.self) { _ in MockGateway() } }
    /// assert(test.resolve(Checkout.self)!.gateway is MockGateway)  // the test's own Checkout
    /// assert(app.resolve(Checkout.self)!.gateway is RealGateway)   // the app is unchanged
    /// ```
    public func derived(registeringClosure: (Container) -> Void = { _ in }) -> Container {
        let container = Container(derivingFrom: self)
        registeringClosure(container)
        return container
    }

    /// Whether this container was made by ``derived(registeringClosure:)`` or an override.
    ///
    /// ```swift
    /// assert(app.derived().isDerived && !app.isDerived)
    /// ```
    public var isDerived: Bool {
        registry.derivation != nil
    }
}
