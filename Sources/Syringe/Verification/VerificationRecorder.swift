/// Collects what one ``Container/verify(samples:)`` run finds while its resolutions run.
final class VerificationRecorder {
    /// The captive dependencies found, one per owner and captured registration, in the order found.
    ///
    /// A list, not also a set: there are few (each is a mistake to fix), and a `Set` of a type of its own costs
    /// its own copy of the standard library's hashing code (a few KB of the library's size).
    private(set) var captives: [CaptiveDependency] = []
    /// The requests that reached a `@MainActor` registration (`isolatedTo: MainActor.self`), so a failure to run
    /// one off the main actor is told apart from one of an `async` factory. A list, for the same reason.
    private(set) var mainActorRequests: [ServiceRequest] = []
    /// The innermost registration whose resolution failed in the current top-level resolution.
    var failureOrigin: Registration?
    /// Whether to record the dependencies each resolution observes (for ``Container/dependencyGraph(samples:)``).
    let recordsDependencies: Bool
    /// The dependencies observed, as (dependent, dependency) registration identities, in the order first seen.
    private(set) var dependencies: [Dependency] = []
    private var seenDependencies: Set<Dependency> = []
    /// The dependencies on the path of a captive dependency, from the singleton down to the captured service.
    private(set) var captiveDependencies: Set<Dependency> = []
    /// The registrations seen, by identity.
    private(set) var registrations = [ObjectIdentifier: Registration]()

    /// One observed dependency: `dependent`'s factory (or `initCompleted` closures) resolved `dependency`.
    struct Dependency: Hashable {
        let dependent: ObjectIdentifier
        let dependency: ObjectIdentifier
    }

    init(recordsDependencies: Bool = false) {
        self.recordsDependencies = recordsDependencies
    }

    /// Adds what `other`, which recorded a part of the same verification, found.
    func merge(_ other: VerificationRecorder) {
        for captive in other.captives { addCaptive(captive) }
        for request in other.mainActorRequests { addMainActorRequest(request) }
        for (type, description) in zip(other.seenAutoCreatedOrder, other.autoCreated) {
            noteAutoCreated(type, as: description)
        }
        if failureOrigin == nil { failureOrigin = other.failureOrigin }
        guard recordsDependencies else { return }
        registrations.merge(other.registrations) { mine, _ in mine }
        for dependency in other.dependencies where seenDependencies.insert(dependency).inserted {
            dependencies.append(dependency)
        }
        captiveDependencies.formUnion(other.captiveDependencies)
    }

    /// Records `registration` as the innermost failure of this resolution, unless a deeper one was recorded.
    func failed(_ registration: Registration) {
        if failureOrigin == nil { failureOrigin = registration }
    }

    /// The auto-created types (Autoregistration/Container+AutoCreation.swift) a verified registration depends on, each
    /// once, in the order first made.
    private(set) var autoCreated: [RegistrationDescription] = []
    private var seenAutoCreated: Set<ObjectIdentifier> = []
    /// The types of ``autoCreated``, in the same order.
    private var seenAutoCreatedOrder: [Any.Type] = []

    /// Records that an auto-created `type` was made for a registration being verified.
    func noteAutoCreated(_ type: Any.Type, as description: @autoclosure () -> RegistrationDescription) {
        if seenAutoCreated.insert(ObjectIdentifier(type)).inserted {
            autoCreated.append(description())
            seenAutoCreatedOrder.append(type)
        }
    }

    /// Records a captive dependency if `registration`, with a scope shorter than the container's, is resolved
    /// while a `.container`- or `.perContainer`-scoped registration that does not allow it is being made.
    func check(
        _ registration: Registration,
        request: ServiceRequest,
        kind: ObjectScope.Kind,
        stack: [(registration: Registration, request: ServiceRequest, kind: ObjectScope.Kind)]
    ) {
        if registration.isolatedToMainActor { addMainActorRequest(request) }
        if recordsDependencies {
            registrations[ObjectIdentifier(registration)] = registration
            if let dependent = stack.last?.registration {
                let dependency = Dependency(
                    dependent: ObjectIdentifier(dependent), dependency: ObjectIdentifier(registration))
                if seenDependencies.insert(dependency).inserted { dependencies.append(dependency) }
            }
        }
        guard kind == .transient || kind == .graph || kind == .weak || kind == .request else { return }
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
        addCaptive(captive)
        if recordsDependencies {
            let chain =
                stack[ownerIndex...].map { ObjectIdentifier($0.registration) } + [ObjectIdentifier(registration)]
            for index in chain.indices.dropLast() {
                captiveDependencies.insert(Dependency(dependent: chain[index], dependency: chain[index + 1]))
            }
        }
    }

    /// Records `captive` unless one with the same owner and captured registration is recorded.
    private func addCaptive(_ captive: CaptiveDependency) {
        guard !captives.contains(where: { $0.owner == captive.owner && $0.captured == captive.captured }) else {
            return
        }
        captives.append(captive)
    }

    private func addMainActorRequest(_ request: ServiceRequest) {
        if !mainActorRequests.contains(request) { mainActorRequests.append(request) }
    }
}
