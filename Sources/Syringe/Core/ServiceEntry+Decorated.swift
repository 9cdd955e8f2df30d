extension ServiceEntry {
    /// Wraps every instance this registration makes with `decorator`, before its scope keeps it and before the
    /// `initCompleted` closures. Decorators run in the order added, each wrapping the previous one's result.
    ///
    /// ```swift
    /// container.register(Animal.self) { _ in Cat(name: "Mimi") }
    ///     .decorated { r, inner in LoggingAnimal(inner, log: r.resolve(Log.self)!) }
    ///     .decorated { _, inner in CountingAnimal(inner) }
    /// // resolve(Animal.self) is CountingAnimal(LoggingAnimal(Cat))
    /// ```
    @discardableResult
    public func decorated(_ decorator: @escaping @Sendable (any Resolver, Service) throws -> Service) -> Self {
        let erased: Registration.Decorator = { resolver, instance in
            // `case let`, not `as?`, as in `initCompleted`.
            switch instance {
            case let service as Service: return try decorator(resolver, service)
            default: return instance
            }
        }
        registration.reconfigure { $0.ownedBits(decorators: $0.decorators + [erased]) }
        return self
    }
}
