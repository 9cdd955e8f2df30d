extension ObjectScope {
    /// One instance per container that resolves it: a feature container (a child) gets its own instance of a
    /// registration its parent makes, kept — and disposed by ``Container/shutdown()`` — in the child.
    ///
    /// The instance lives in the container the top-level `resolve` is called on, not in the one that holds
    /// the registration. Two sibling children each get their own instance; the parent, resolving for itself,
    /// gets a third. This differs from ``container``, whose one instance lives with the registration and is
    /// shared by every child. A child's instances are released with the child (disposed only by its
    /// `shutdown()`).
    ///
    /// ```swift
    /// app.register(Cart.self) { _ in Cart() }.inObjectScope(.perContainer)
    /// let shop = Container(parent: app)
    /// let checkout = Container(parent: app)
    /// assert(shop.resolve(Cart.self) !== checkout.resolve(Cart.self))
    /// shop.shutdown()  // disposes shop's Cart only
    /// ```
    ///
    /// > Warning: A ``container`` singleton of the parent that depends on a `perContainer` service captures
    /// > the instance of whichever container first resolved it. Keep `perContainer` services out of parent
    /// > singletons.
    public static let perContainer = ObjectScope(
        kind: .perContainer, storageFactory: PermanentStorage.init, description: "perContainer"
    )
}
