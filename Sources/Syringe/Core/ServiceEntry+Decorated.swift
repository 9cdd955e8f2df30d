extension ServiceEntry {
    /// Wraps every instance this registration makes with `decorator`, before its scope keeps it.
    ///
    /// Decorators run in the order they were added, each receiving what the previous one returned; the last
    /// one's result is what the scope keeps and every resolve returns. They run before the `initCompleted`
    /// closures (which receive the decorated instance), in synchronous and `await`ed resolutions alike, and
    /// for resolves from child containers too (the decorators belong to the registration). A decorator that
    /// throws fails the resolution, as a factory that throws does.
    ///
    /// ```swift
    /// container.register(Animal.self) { _ in Cat(name: "Mimi") }
    ///     .decorated { r, inner in LoggingAnimal(inner, log: r.resolve(Log.self)!) }
    ///     .decorated { _, inner in CountingAnimal(inner) }
    /// // resolve(Animal.self) is CountingAnimal(LoggingAnimal(Cat))
    /// ```
    ///
    /// Registrations without decorators pay nothing for the feature.
    @discardableResult
    public func decorated(_ decorator: @escaping @Sendable (any Resolver, Service) throws -> Service) -> Self {
        let erased: Registration.Decorator = { resolver, instance in
            // The registration's factory (and any earlier decorator) returns `Service`; `case let`, not `as?`,
            // as in `initCompleted`.
            switch instance {
            case let service as Service: return try decorator(resolver, service)
            default: return instance
            }
        }
        registration.reconfigure { $0.ownedBits(decorators: $0.decorators + [erased]) }
        return self
    }
}
