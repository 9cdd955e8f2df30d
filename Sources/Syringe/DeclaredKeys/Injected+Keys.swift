extension Injected {
    /// Marks a property to be filled with the service a declared key names: the registration of the key's type
    /// and name, else the one its default factory makes, as `try resolver.require(key)` would.
    ///
    /// The property is filled by the same rules as every `@Injected` property (a registration's
    /// ``ServiceEntry/injectsProperties()``, or ``Container/inject(into:isolation:)``); the key gives its type,
    /// its name and a default, so it cannot fail for want of a registration of the key.
    ///
    /// ```swift
    /// final class CheckoutScreen {
    ///     @Injected(.api) var api: any API
    /// }
    /// let screen = CheckoutScreen()
    /// try container.inject(into: screen)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key; its service type is the property's type.
    ///   - reinjected: Whether the property is filled again when its source registration changes.
    ///   - fileID: Where the property is declared, for the message of a read before injection.
    ///   - line: The line of the declaration.
    ///   - function: The declaring type, as `#function` names it in a property declaration, for that message.
    public init(
        _ key: ServiceKeys.Key<Value>, reinjected: Bool = false, fileID: String = #fileID, line: UInt = #line,
        function: String = #function
    ) {
        storage = InjectedStorage(
            name: key.name, reinjected: reinjected, fileID: fileID, line: line, declaringType: function,
            resolveThroughKey: { resolver throws(ResolutionError) -> Any in try resolver.require(key) })
    }
}
