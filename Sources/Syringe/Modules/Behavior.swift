/// Something told about every registration a container makes and removes, after the change, outside the
/// container's locks, on the thread that made it.
///
/// ```swift
/// struct SingletonsForServices: Behavior {
///     func container<Type, Service>(
///         _ container: Container, didRegisterType type: Type.Type,
///         toService entry: ServiceEntry<Service>, withName name: String?
///     ) {
///         if "\(type)".hasSuffix("Service") { entry.inObjectScope(.container) }
///     }
/// }
/// ```
public protocol Behavior: Sendable {
    /// Called for every registration, and for every type forwarded to one (then `type` is the forwarded type
    /// and `entry` the registration it resolves through).
    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    )

    /// Called for every key a container removes (unregister, unload, `removeAll`), forwarded types each as its own
    /// key. Has a default that does nothing.
    ///
    /// ```swift
    /// func container(_ container: Container, didUnregister registration: RegistrationDescription) {
    ///     print("removed \(registration.request)")
    /// }
    /// ```
    func container(_ container: Container, didUnregister registration: RegistrationDescription)
}

extension Behavior {
    /// Does nothing.
    ///
    /// ```swift
    /// behavior.container(container, didUnregister: description)
    /// ```
    public func container(_ container: Container, didUnregister registration: RegistrationDescription) {}
}
