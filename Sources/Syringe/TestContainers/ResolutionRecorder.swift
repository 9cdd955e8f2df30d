/// The services resolved through a recording container (``Container/derivedRecording()``), in order, for
/// `SyringeTesting`. It registers nothing, so every lookup, nested ones included, falls through to its ancestors,
/// where ``RegistryView`` notes it; a ``Lazy`` or ``Provider`` is not noted again.
package final class ResolutionRecorder: Sendable {
    private let bindings = Locked<[Container.Binding]>([])

    package init() {}

    func note(_ binding: Container.Binding) {
        bindings.withLock { $0.append(binding) }
    }

    /// What was resolved so far, in order: the request (as the binding answers it) and the registration.
    package func resolutions() -> [(request: ServiceRequest, registration: RegistrationDescription)] {
        bindings.withLock { $0 }.map { binding in
            let registration = binding.registration.describe(as: binding.serviceType, name: .some(binding.name))
            return (registration.request, registration)
        }
    }
}

extension Container {
    /// A container derived from this one that notes in the returned recorder every service resolved through it.
    /// Register nothing in it: its own registrations would be found without being noted.
    package func derivedRecording() -> (container: Container, recorder: ResolutionRecorder) {
        let recorder = ResolutionRecorder()
        return (Container(derivingFrom: self, recorder: recorder), recorder)
    }
}
