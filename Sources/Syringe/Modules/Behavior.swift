/// Something told about every registration a container makes, for example to add configuration or to log.
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
}
