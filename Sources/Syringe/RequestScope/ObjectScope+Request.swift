extension ObjectScope {
    /// One instance per running ``RequestScope``: everything resolved while one request's scope runs shares it, the
    /// next request gets its own, and the scope disposes it (``Disposable``, ``AsyncDisposable``) when it ends.
    ///
    /// A resolve outside any running scope throws ``ResolutionError/Kind/outsideRequestScope``. A `.container`
    /// singleton that depends on a `.request` service is a captive dependency (``Container/verify(samples:)``).
    ///
    /// ```swift
    /// container.register(UnitOfWork.self) { r in UnitOfWork(db: try r.require(Database.self)) }
    ///     .inObjectScope(.request)
    /// try RequestScope().run {
    ///     let work = try container.require(UnitOfWork.self)
    ///     let again = try container.require(UnitOfWork.self)
    ///     assert(work === again)
    /// }
    /// ```
    public static let request = ObjectScope(
        kind: .request, storageFactory: TransientStorage.init, description: "request")

    /// The scope of a registration whose instance is a value the running ``RequestScope`` provides
    /// (``ServiceKeys/DeclaredKey/providedByRequest(label:name:fileID:line:)``,
    /// ``Container/registerProvidedByRequest(_:name:fileID:line:)``): transient in kind (the value is looked up on
    /// every resolve; nothing is kept or disposed), described as `providedByRequest`.
    static let providedByRequest = ObjectScope(
        kind: .transient, storageFactory: TransientStorage.init, description: "providedByRequest")
}
