/// What one loaded module registered: its registrations, and the keys it forwarded (possibly to
/// registrations it did not make). Unloading removes exactly these, compared by registration identity, so a
/// later registration under the same key by someone else stays.
final class ModuleRecord: Sendable {
    struct State {
        var assembly: any Assembly
        var registrations: [Registration] = []
        var forwards: [ServiceKey: [Registration]] = [:]
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
    }

    func recordForward(_ key: ServiceKey, to registration: Registration) {
        state.withLock { $0.forwards[key, default: []].append(registration) }
    }

    var registrations: [Registration] {
        state.withLock { $0.registrations }
    }

    /// Whether the module forwarded `key` to `registration`.
    func forwarded(_ key: ServiceKey, _ registration: Registration) -> Bool {
        state.withLock { state in
            state.forwards[key]?.contains { $0 === registration } == true
        }
    }
}
