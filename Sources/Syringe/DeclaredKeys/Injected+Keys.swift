extension Injected {
    /// Declares a property filled through a declared key without runtime arguments: the registration of the key's
    /// type and name, else the key's default. A fill that cannot run the key's kind of factory (an `async` key filled
    /// synchronously) fails with ``ResolutionError/Kind/asyncFactory``; `reinjected` fills it again when the key's
    /// registration is replaced.
    ///
    /// ```swift
    /// @MainActor final class PlayerModel {
    ///     @Injected(.api) var api: any API
    ///     @Injected(.prices) var prices: PriceList   // an AsyncKey
    /// }
    /// let model = PlayerModel()
    /// try await container.async.inject(into: model)
    /// ```
    public init<Execution>(
        _ key: ServiceKeys.DeclaredKey<Value, ServiceKeys.Arguments, Execution>, reinjected: Bool = false,
        fileID: String = #fileID, line: UInt = #line, function: String = #function
    ) {
        storage = InjectedStorage(
            name: key.name, reinjected: reinjected, fileID: fileID, line: line, declaringType: function, key: key)
    }
}
