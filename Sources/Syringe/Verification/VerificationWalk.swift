/// The one walk behind `verify` and `dependencyGraph`, on every receiver, with declared keys or without: every
/// registration visible from a container resolved once, in a throwaway graph, and what became of each;
/// ``report()`` and ``graph`` read the same findings.
final class VerificationWalk: Sendable {
    /// What became of one registration, as one of the types it answers.
    struct Visit {
        let registration: Registration
        let description: RegistrationDescription
        var outcome: VerificationOutcome
    }

    private struct State {
        var visits: [Visit] = []
        var samples: [ObjectIdentifier: VerificationSamples.Sample] = [:]
        /// The synchronous part's (sample misses first), each cycle once, lookalikes named.
        var failures: [ResolutionError] = []
        var awaitedFailures: [ResolutionError] = []
        var shadowedKeyDefaults: [String] = []
        var keyCollisions: [KeyCollision] = []

        /// The runtime arguments to walk `registration` with, or `nil` when it needs a sample and has none.
        func arguments(for registration: Registration) -> (Any, [Any.Type])? {
            if registration.argumentTypes.isEmpty { return ((), []) }
            guard let sample = samples[ObjectIdentifier(registration)] else { return nil }
            return (sample.arguments, sample.request.argumentTypes)
        }
    }

    /// The container asked, or the child that registers the unused key defaults.
    private let container: Container
    private let keys: (asked: Container, unusedDefaults: [RegistrationDescription])?
    private let findings: AsyncVerification
    private let state = Locked(State())

    /// A walk of `container`, and of the defaults of `keys` it does not register yet (in a child that registers
    /// them); `drawing` records the dependencies, for the graph.
    init(of container: Container, keys: [ServiceKeys]? = nil, drawing: Bool = false) {
        if let keys {
            let (probe, unused) = container.keyProbe(for: keys)
            self.container = probe
            self.keys = (container, unused)
        } else {
            self.container = container
            self.keys = nil
        }
        findings = AsyncVerification(recordsDependencies: drawing)
    }

    /// The report of `verify`, or its error.
    func report() throws(VerificationError) -> VerificationReport {
        let state = state.withLock { $0 }
        var verified: [RegistrationDescription] = []
        var unverifiable: [RegistrationDescription] = []
        var asynchronous: [RegistrationDescription] = []
        var providedByRequest: [RegistrationDescription] = []
        for visit in state.visits {
            switch visit.outcome {
            case .verified: verified.append(visit.description)
            case .notWalked(.needsArguments): unverifiable.append(visit.description)
            case .notWalked(.async), .notWalked(.mainActor): asynchronous.append(visit.description)
            case .notWalked(.providedByRequest): providedByRequest.append(visit.description)
            case .failed: break
            }
        }
        // Auto-created types a registration depends on were verified with it: listed after the registrations.
        var report = VerificationReport(
            verified: verified + findings.withFindings(\.autoCreated), unverifiable: unverifiable,
            asynchronous: asynchronous)
        report.providedByRequest = providedByRequest
        let failures = state.failures + state.awaitedFailures
        let error = VerificationError(
            failures: failures, captiveDependencies: findings.withFindings(\.captives), report: report,
            shadowedKeyDefaults: state.shadowedKeyDefaults, keyCollisions: state.keyCollisions)
        guard error.isEmpty else { throw error }
        report.unusedKeyDefaults = keys?.unusedDefaults ?? []
        return report
    }

    /// The graph of `dependencyGraph`.
    var graph: DependencyGraph {
        let visits = state.withLock { $0.visits }
        return findings.withFindings { recorder in
            DependencyGraphBuilder(
                container: container, owner: keys?.asked ?? container, unusedKeys: keys?.unusedDefaults ?? [],
                recorder: recorder, visits: visits
            ).graph
        }
    }

    // MARK: What a receiver may run

    /// Walks every registration whose factory may run here; `async` ones (and `@MainActor` ones, off the main
    /// actor) are set aside.
    @discardableResult
    func walked(samples: (VerificationSamples) -> Void) -> Self {
        let found = walkSynchronously(samples: samples)  // not under the lock: factories run
        state.withLock { $0 = found }
        return self
    }

    /// Walks every synchronous and `@MainActor` registration, from main-actor code.
    @MainActor
    @discardableResult
    func walkedOnMainActor(samples: (VerificationSamples) -> Void) -> Self {
        MainActorPermit.$thread.withValue(currentThreadIdentity()) { walked(samples: samples) }
    }

    /// Walks every registration: the synchronous and `@MainActor` ones on the main actor, then each one set aside,
    /// awaited in a graph of its own.
    func awaited(samples: @escaping @Sendable (VerificationSamples) -> Void) async -> Self {
        await MainActor.run { _ = walkedOnMainActor(samples: samples) }
        // The bookkeeping is in synchronous methods: what an `async` function holds across an `await` costs code.
        for index in state.withLock({ $0.visits.indices }) {
            guard case (let visit, let arguments)? = setAside(at: index) else { continue }
            let outcome = await awaitedOutcome(of: visit, arguments: arguments)
            record(outcome, at: index)
        }
        return self
    }

    // MARK: The synchronous part

    private func walkSynchronously(samples: (VerificationSamples) -> Void) -> State {
        let provided = VerificationSamples()
        samples(provided)
        let registry = RegistrySnapshot(of: container)
        var state = State()
        for sample in provided.samples {
            if let binding = registry.binding(for: sample.key) {
                state.samples[ObjectIdentifier(binding.registration)] = sample
            } else {
                state.failures.append(container.missError(for: sample.request, path: [sample.request]))
            }
        }
        // `@MainActor` factories run only under the permit of a `container.mainActor` call on this thread.
        let onMainActor = MainActorPermit.thread == currentThreadIdentity()
        let recorder = VerificationRecorder(recordsDependencies: findings.recordsDependencies)
        // The instances made, for the "did you mean" of a miss, and those of key defaults, for the shadowing check.
        var made: [Lookalikes.Candidate] = []
        var madeByKeyDefaults: [(binding: Container.Binding, instance: Any)] = []
        let bindings = container.visibleBindings().map { key, binding in
            (
                key: key, binding: binding,
                description: binding.registration.describe(as: binding.serviceType, name: .some(binding.name))
            )
        }
        for (key, binding, description) in bindings.sorted(byKey: { $0.description.description }) {
            guard registry.binds(key) else { continue }  // registered after the snapshot: not walked
            let registration = binding.registration
            var visit = Visit(registration: registration, description: description, outcome: .verified)
            defer { state.visits.append(visit) }
            if registration.asyncFactory != nil || (registration.isolatedToMainActor && !onMainActor) {
                visit.outcome = .notWalked(registration.asyncFactory != nil ? .async : .mainActor)
                continue
            }
            guard case (let arguments, let argumentTypes)? = state.arguments(for: registration) else {
                visit.outcome = .notWalked(.needsArguments)
                continue
            }
            let context = ResolutionContext(container: container, graph: nil, registry: registry)
            context.observer = ResolutionObserver(verification: recorder)
            recorder.failureOrigin = nil
            defer { context.finish() }
            do {
                let instance = try context.resolveOpened(
                    key: key, as: binding.serviceType, name: binding.name, arguments: arguments,
                    argumentTypes: argumentTypes
                )
                made.append(Lookalikes.Candidate(registration: description, instance: instance, origin: "made"))
                if registration.state.withLock({ $0.isKeyDefault }) { madeByKeyDefaults.append((binding, instance)) }
            } catch {
                if !onMainActor, error.isAsyncFactory, recorder.mainActorRequests.contains(error.request) {
                    // Depends on a `@MainActor` registration: resolvable from main-actor code, not from here.
                    visit.outcome = .notWalked(.mainActor)
                } else if error.isUnprovidedRequestValue {
                    // A value each request provides, or a service that needs one, and no request scope runs.
                    visit.outcome = .notWalked(.providedByRequest)
                } else {
                    state.failures.append(error)
                    visit.outcome = .failed(error, origin: recorder.failureOrigin)
                }
            }
        }
        state.shadowedKeyDefaults = Lookalikes.shadowedKeyDefaults(madeByKeyDefaults, among: made)
        state.keyCollisions = KeyDeclarations.collisions(where: { registry.binds($0) })
        if !state.failures.isEmpty {
            let candidates = made + container.keptInstances()
            state.failures = removingRepeatedCycles(state.failures).map { $0.namingLookalikes(among: candidates) }
        }
        findings.start(from: recorder)
        return state
    }

    // MARK: The awaited part

    /// The registration visited at `index` and its arguments, if it was set aside and has them (otherwise it is
    /// recorded as needing arguments).
    private func setAside(at index: Int) -> (Visit, arguments: Any)? {
        state.withLock { state in
            let visit = state.visits[index]
            guard case .notWalked(.async) = visit.outcome else { return nil }
            guard case (let arguments, _)? = state.arguments(for: visit.registration) else {
                state.visits[index].outcome = .notWalked(.needsArguments)
                return nil
            }
            return (visit, arguments)
        }
    }

    /// Awaits `visit`'s registration once, in a graph of its own, and tells what became of it.
    private func awaitedOutcome(of visit: Visit, arguments: Any) async -> VerificationOutcome {
        let request = visit.description.request
        let root = AsyncResolution.Root(container: container, verification: findings)
        let resolution = AsyncResolution(root: root)
        defer {
            resolution.end()
            root.finish()
        }
        _ = findings.takeFailureOrigin()
        do {
            let instance = try await resolution.instance(
                of: visit.registration, as: request.serviceType, name: request.name,
                arguments: InstanceBox(value: arguments))
            return Self.outcome(of: instance, for: visit)
        } catch where error.isUnprovidedRequestValue {
            return .notWalked(.providedByRequest)
        } catch {
            return .failed(error, origin: findings.takeFailureOrigin())
        }
    }

    /// Verified when `instance` is of the type `visit` asks for, otherwise the failure of a wrong instance type.
    private static func outcome(of instance: Any, for visit: Visit) -> VerificationOutcome {
        let request = visit.description.request
        if Lookalikes.isInstance(instance, of: request.serviceType) { return .verified }
        let error = ResolutionError(
            kind: .wrongInstanceType(actual: type(of: instance)), request: request, registration: visit.description)
        return .failed(error, origin: visit.registration)
    }

    private func record(_ outcome: VerificationOutcome, at index: Int) {
        state.withLock { state in
            state.visits[index].outcome = outcome
            if case .failed(let error, _) = outcome { state.awaitedFailures.append(error) }
        }
    }
}
