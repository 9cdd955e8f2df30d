// `@Injected(.key)`: a property filled through a declared key of any kind, so that a miss registers the key's
// default wherever the property is filled.

extension Injected {
    /// Declares a property filled through a declared key: the registration of the key's type and name, else the
    /// key's default (registered on first use, as for `container[.key]`).
    ///
    /// Which fill can run the key's factory follows from its kind, as for resolving:
    ///
    /// | Key | `inject(into:)`, `.injectsProperties()` | `mainActor.inject(into:)` | `try await async.inject(into:)` |
    /// | --- | --- | --- | --- |
    /// | ``ServiceKeys/Key`` | yes | yes | yes |
    /// | ``ServiceKeys/MainActorKey`` | on the main actor only | yes | yes |
    /// | ``ServiceKeys/GlobalActorKey``, ``ServiceKeys/AsyncKey`` | ``ResolutionError/Kind/asyncFactory`` | ``ResolutionError/Kind/asyncFactory`` | yes |
    ///
    /// A key with runtime arguments cannot mark a property (a declaration has no arguments to give): resolve it in
    /// the owner's initializer instead.
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
