extension ServiceEntry {
    /// Makes the container fill the `@Injected` properties of every instance this registration makes.
    ///
    /// The properties are filled after the factory, once the instance is kept by its scope (so a property may
    /// refer back to it, as with `initCompleted`), and before the `initCompleted` closures, which can then use
    /// them. An instance adopting ``InjectionCompletionAware`` is told afterwards. A required property that
    /// cannot be resolved fails the resolution with a ``ResolutionError`` naming the property and its owner.
    ///
    /// ```swift
    /// final class OrderService {
    ///     @Injected var api: OrdersAPI
    ///     @Injected var analytics: Analytics?
    /// }
    /// container.register(OrderService.self) { _ in OrderService() }
    ///     .injectsProperties()
    /// ```
    ///
    /// Registrations that do not call it pay nothing for the feature.
    ///
    /// - Returns: This entry.
    @discardableResult
    public func injectsProperties() -> Self {
        registration.reconfigure { $0.ownedBits(injectsProperties: true) }
        return self
    }
}
