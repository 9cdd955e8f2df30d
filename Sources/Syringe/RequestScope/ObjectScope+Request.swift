extension ObjectScope {
    /// One instance per running ``RequestScope``, disposed when the scope ends. A resolve outside any running scope
    /// throws ``ResolutionError/Kind/outsideRequestScope``.
    ///
    /// ```swift
    /// container.register(UnitOfWork.self) { r in UnitOfWork(db: try r.require(Database.self)) }
    ///     .inObjectScope(.request)
    /// let work = try RequestScope().run { try container.require(UnitOfWork.self) }
    /// ```
    public static let request = ObjectScope(
        kind: .request, storageFactory: TransientStorage.init, description: "request")

    /// The scope of a value the running ``RequestScope`` provides: transient in kind (looked up on every resolve,
    /// nothing kept or disposed).
    static let providedByRequest = ObjectScope(
        kind: .transient, storageFactory: TransientStorage.init, description: "providedByRequest")
}
