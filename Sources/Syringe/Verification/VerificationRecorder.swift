/// Collects what one ``Container/verify(samples:)`` run finds while its resolutions run.
final class VerificationRecorder {
    /// One per owner and captured registration, in the order found. Lists, not sets, here: there are few, and a
    /// `Set` of a type of its own costs its own copy of the hashing code.
    private(set) var captives: [CaptiveDependency] = []
    /// The requests that reached a `@MainActor` registration, to tell its failure off the main actor from an
    /// `async` factory's.
    private(set) var mainActorRequests: [ServiceRequest] = []
    /// The innermost registration whose resolution failed in the current top-level resolution.
    var failureOrigin: Registration?
    /// Whether to record the dependencies, for ``Container/dependencyGraph(samples:)``.
    let recordsDependencies: Bool
    /// In the order first seen.
    private(set) var dependencies: [Dependency] = []
    private var seenDependencies: Set<Dependency> = []
    /// The dependencies on the path of a captive dependency.
    private(set) var captiveDependencies: Set<Dependency> = []
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

    /// Records `registration` as the innermost failure, unless a deeper one was recorded.
    func failed(_ registration: Registration) {
        if failureOrigin == nil { failureOrigin = registration }
    }

    /// The auto-created types a verified registration depends on, each once, in the order first made.
    private(set) var autoCreated: [RegistrationDescription] = []
    private var seenAutoCreated: Set<ObjectIdentifier> = []
    /// The types of ``autoCreated``, in the same order.
    private var seenAutoCreatedOrder: [Any.Type] = []

    func noteAutoCreated(_ type: Any.Type, as description: @autoclosure () -> RegistrationDescription) {
        if seenAutoCreated.insert(ObjectIdentifier(type)).inserted {
            autoCreated.append(description())
            seenAutoCreatedOrder.append(type)
        }
    }

    /// Records a captive dependency if `registration`, of a shorter scope, is resolved while a `.container`- or
    /// `.perContainer`-scoped registration that does not allow it is being made.
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
