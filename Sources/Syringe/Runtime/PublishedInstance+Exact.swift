extension PublishedInstance {
    /// ``boxing(_:as:)`` without its dynamic cast (~500 instructions per kept instance) when `instance` stores
    /// exactly a `Service`, as a factory's result does.
    ///
    /// Invariant: the value is taken out unchecked only after ``holdsExactly(_:_:)`` compared its stored type with
    /// `Service` (see ExactCast.swift); the box is the one ``boxing(_:as:)`` would make.
    static func boxingExactly<Service>(_ instance: Any, as serviceType: Service.Type) -> PublishedInstance {
        if holdsExactly(instance, Service.self) {
            return typed(value(ofExactly: instance, as: Service.self), storedExactlyIn: instance)
        }
        return boxing(instance, as: Service.self)
    }
}
