/// A container's state for property injection: whether it auto-creates unregistered types, the registrations
/// it made for them, and the objects watching for re-injection. Shared with the container's views.
final class InjectionStore: Sendable {
    let state = Locked(State())

    struct State {
        /// ``Container/autoCreatesUnregisteredTypes``.
        var autoCreates = false
        /// The registrations made for auto-created types, by type: made on the first miss, kept for good.
        var autoRegistrations: [ObjectIdentifier: Registration] = [:]
    }
}
