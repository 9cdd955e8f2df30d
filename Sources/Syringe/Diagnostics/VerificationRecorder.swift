/// Collects what one ``Container/verify(samples:)`` run finds while its resolutions run.
final class VerificationRecorder {
    private(set) var captives: [CaptiveDependency] = []
    private var seen: Set<CaptiveDependency> = []
    /// The auto-created types (Injection/Container+AutoCreation.swift) a verified registration depends on, each
    /// once, in the order first made.
    private(set) var autoCreated: [RegistrationDescription] = []
    private var seenAutoCreated: Set<ObjectIdentifier> = []

    /// Records that an auto-created `type` was made for a registration being verified.
    func noteAutoCreated(_ type: Any.Type, as description: @autoclosure () -> RegistrationDescription) {
        if seenAutoCreated.insert(ObjectIdentifier(type)).inserted { autoCreated.append(description()) }
    }

    /// Records a captive dependency if `registration`, with a scope shorter than the container's, is resolved
    /// while a `.container`- or `.perContainer`-scoped registration that does not allow it is being made.
    func check(
        _ registration: Registration,
        request: ServiceRequest,
        kind: ObjectScope.Kind,
        stack: [(registration: Registration, request: ServiceRequest, kind: ObjectScope.Kind)]
    ) {
        guard kind == .transient || kind == .graph || kind == .weak else { return }
        // A registered value or instance is one instance for good, however its scope is built.
        guard !registration.configuration.scope.isRegisteredInstanceScope else { return }
        guard let ownerIndex = stack.lastIndex(where: { $0.kind == .container || $0.kind == .perContainer }) else {
            return
        }
        let owner = stack[ownerIndex]
        guard !owner.registration.state.withLock({ $0.allowsCaptiveDependencies }) else { return }
        let captive = CaptiveDependency(
            owner: owner.registration.describe(as: owner.request.serviceType, name: .some(owner.request.name)),
            captured: registration.describe(as: request.serviceType, name: .some(request.name)),
            path: stack[ownerIndex...].map(\.request) + [request]
        )
        let key = CaptiveDependency(owner: captive.owner, captured: captive.captured, path: [])
        if seen.insert(key).inserted { captives.append(captive) }
    }
}
