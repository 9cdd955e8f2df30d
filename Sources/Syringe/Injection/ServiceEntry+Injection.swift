extension ServiceEntry {
    /// Makes the container fill the `@Injected` properties of every instance this registration makes: after
    /// the factory, once its scope keeps the instance, and before the `initCompleted` closures.
    ///
    /// ```swift
    /// final class OrderService {
    ///     @Injected var api: OrdersAPI
    /// }
    /// container.register(OrderService.self) { _ in OrderService() }.injectsProperties()
    /// ```
    @discardableResult
    public func injectsProperties() -> Self {
        registration.reconfigure { $0.ownedBits(injectsProperties: true) }
        return self
    }
}
