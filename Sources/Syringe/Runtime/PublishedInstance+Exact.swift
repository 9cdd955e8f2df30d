// Boxing a kept instance without the runtime's dynamic cast, when the instance is stored as exactly the registration's
// service type, as a factory's return always is (see ExactCast.swift for the rule).

extension PublishedInstance {
    /// ``boxing(_:as:)``, with the dynamic cast (~500 instructions, once per kept instance: a derived container pays
    /// it for every app singleton a test makes) skipped when `instance` stores exactly a `Service`.
    ///
    /// Invariant: the value is taken out unchecked only after ``holdsExactly(_:_:)`` compared the type it is stored as
    /// with `Service` (``value(ofExactly:as:)`` checks it again); otherwise ``boxing(_:as:)`` casts as before. Either
    /// way the box is the same: a `case let service as Service` of an `Any` storing exactly a `Service` gives that
    /// value unchanged.
    static func boxingExactly<Service>(_ instance: Any, as serviceType: Service.Type) -> PublishedInstance {
        if holdsExactly(instance, Service.self) {
            return typed(value(ofExactly: instance, as: Service.self), storedExactlyIn: instance)
        }
        return boxing(instance, as: Service.self)
    }
}
