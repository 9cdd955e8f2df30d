/// Something told about every registration a container makes and removes, for example to add configuration or
/// to log.
///
/// Add behaviors with `Container(behaviors:)` or ``Container/addBehavior(_:)``. The container calls them
/// after the registration is stored, outside its locks, on the thread that registered.
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
    ///
    /// - Parameters:
    ///   - container: The container that registered.
    ///   - type: The type registered or forwarded.
    ///   - entry: The registration.
    ///   - name: The registration name.
    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    )

    /// Called for every key a container removes: by ``Container/unregister(_:name:arguments:)``,
    /// ``Container/unregisterAll(_:)``, ``Container/unload(_:)-(Module.Type)`` or ``Container/removeAll()``. A removed
    /// registration's forwarded types are reported too, each as its own key.
    ///
    /// The default implementation does nothing, so behaviors written for Swinject compile unchanged.
    ///
    /// ```swift
    /// struct RemovalLogger: Behavior {
    ///     func container<Type, Service>(
    ///         _ container: Container, didRegisterType type: Type.Type,
    ///         toService entry: ServiceEntry<Service>, withName name: String?
    ///     ) {}
    ///     func container(_ container: Container, didUnregister registration: RegistrationDescription) {
    ///         print("removed \(registration.request)")
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - container: The container that removed the key.
    ///   - registration: The removed key (type, name, argument types) with the registration's scope and place.
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
