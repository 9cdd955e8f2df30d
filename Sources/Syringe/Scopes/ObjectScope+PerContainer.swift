extension ObjectScope {
    /// One instance per container the top-level `resolve` is called on: each child gets its own instance of a
    /// parent's registration, kept in the child and disposed by its ``Container/shutdown()``.
    ///
    /// ```swift
    /// app.register(Cart.self) { _ in Cart() }.inObjectScope(.perContainer)
    /// let shop = Container(parent: app)
    /// assert(shop.resolve(Cart.self) !== app.resolve(Cart.self))
    /// ```
    ///
    /// > Warning: A parent's ``container`` singleton that depends on it keeps the instance of whichever container
    /// > resolved it first.
    public static let perContainer = ObjectScope(
        kind: .perContainer, storageFactory: PermanentStorage.init, description: "perContainer"
    )
}
