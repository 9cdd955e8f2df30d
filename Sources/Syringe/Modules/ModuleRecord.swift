/// What one loaded module registered, and the keys it forwarded: unloading removes exactly these, by registration
/// identity. A retired registration is forgotten here too (``forget(_:)``), so a module never keeps it alive.
final class ModuleRecord: Sendable {
    struct State {
        var assembly: any Assembly
        var registrations: [Registration] = []
        var forwards = [ServiceKey: [Registration]]()
    }

    /// The module's identity: its assembly type.
    let id: ObjectIdentifier
    let state: Locked<State>

    init(_ assembly: any Assembly) {
        self.id = ObjectIdentifier(type(of: assembly))
        self.state = Locked(State(assembly: assembly))
    }

    var assembly: any Assembly {
        state.withLock { $0.assembly }
    }

    func record(_ registration: Registration) {
        state.withLock { $0.registrations.append(registration) }
        // Retired by another thread since its binding (retirement marks it before it forgets it in records).
        if registration.isRetired { forget([ObjectIdentifier(registration)]) }
    }

    func recordForward(_ key: ServiceKey, to registration: Registration) {
        state.withLock { $0.forwards[key, default: []].append(registration) }
        if registration.isRetired { forget([ObjectIdentifier(registration)]) }
    }

    /// Forgets the registrations `ids`, which their container retired.
    func forget(_ ids: Set<ObjectIdentifier>) {
        state.withLock { state in
            state.registrations.removeAll { ids.contains(ObjectIdentifier($0)) }
            for (key, registrations) in state.forwards {
                let kept = registrations.filter { !ids.contains(ObjectIdentifier($0)) }
                if kept.count != registrations.count { state.forwards[key] = kept.isEmpty ? nil : kept }
            }
        }
    }

    var registrations: [Registration] {
        state.withLock { $0.registrations }
    }

    func forwarded(_ key: ServiceKey, _ registration: Registration) -> Bool {
        state.withLock { state in
            state.forwards[key]?.contains { $0 === registration } == true
        }
    }
}
