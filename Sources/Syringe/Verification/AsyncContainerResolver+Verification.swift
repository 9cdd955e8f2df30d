extension AsyncContainerResolver {
    /// Verifies every registration, `async` and `@MainActor` ones included, and reports every problem at once.
    ///
    /// The synchronous and `@MainActor` registrations are verified on the main actor, as
    /// ``MainActorResolver/verify(samples:)`` does; then each registration with an `async` factory is awaited the
    /// same throwaway way: every instance, of every scope, lives only in that resolution's object graph, so no
    /// singleton is created or kept, and the synchronous registrations it reaches are checked as `verify()`
    /// checks them. Captive dependencies are found across `async` and synchronous factories. One report, one
    /// error: ``VerificationReport/asynchronous`` is empty unless a registration could not be reached at all.
    ///
    /// ```swift
    /// @Test func containerIsSound() async throws {
    ///     try await AppAssembler.makeContainer().async.verify { samples in
    ///         samples.provide(Session.self, argument: "ana")
    ///     }
    /// }
    /// ```
    ///
    /// > Warning: Factories run, with their side effects, as in ``Container/verify(samples:)``. Two child tasks
    /// > of one `async` factory that race for the same graph-scoped service may each make one, as in a normal
    /// > awaited resolution.
    ///
    /// - Parameter samples: Provides sample runtime arguments for registrations that take them; called on the main
    ///   actor and again for the `async` registrations.
    /// - Returns: What was verified and what could not be.
    /// - Throws: ``VerificationError`` listing every failed resolution and every captive dependency.
    @discardableResult
    public func verify(
        samples: @escaping @Sendable (VerificationSamples) -> Void = { _ in }
    ) async throws(VerificationError) -> VerificationReport {
        let container = self.container
        // The synchronous and `@MainActor` registrations, on the main actor; the `async` ones are set aside.
        let walk = await MainActor.run { () -> SynchronousWalk in
            MainActorPermit.$thread.withValue(currentThreadIdentity()) {
                var pending: [SynchronousWalk.Pending] = []
                let outcome = Result { () throws(VerificationError) in
                    try container.verify(samples: samples, recorder: VerificationRecorder()) {
                        registration, description, outcome in
                        if case .asynchronous = outcome {
                            pending.append(
                                SynchronousWalk.Pending(registration: registration, description: description))
                        }
                    }
                }
                return SynchronousWalk(outcome: outcome, pending: pending)
            }
        }
        // The `async` registrations, each awaited in a throwaway graph. The bookkeeping is in synchronous methods:
        // what an `async` function holds across an `await` is copied into each of its parts (code size).
        let run = AsyncVerificationRun(container: container, walk: walk, samples: samples)
        for pending in walk.pending {
            guard let arguments = run.arguments(for: pending) else { continue }
            await run.verify(pending, arguments: arguments)
        }
        return try run.finish()
    }
}

/// The `async` part of ``AsyncContainerResolver/verify(samples:)``: what it found so far.
private final class AsyncVerificationRun {
    let container: Container
    let provided = VerificationSamples()
    let registry: RegistrySnapshot
    let verification = AsyncVerification()
    var failures: [ResolutionError]
    var captives: [CaptiveDependency]
    let shadowedKeyDefaults: [String]
    var verified: [RegistrationDescription]
    var unverifiable: [RegistrationDescription]
    let asynchronous: [RegistrationDescription]
    var providedByRequest: [RegistrationDescription]

    init(container: Container, walk: SynchronousWalk, samples: (VerificationSamples) -> Void) {
        self.container = container
        let report: VerificationReport
        switch walk.outcome {
        case .success(let success):
            (failures, captives, report, shadowedKeyDefaults) = ([], [], success, [])
        case .failure(let error):
            (failures, captives, report) = (error.failures, error.captiveDependencies, error.report)
            shadowedKeyDefaults = error.shadowedKeyDefaults
        }
        samples(provided)
        registry = RegistrySnapshot(of: container)
        verified = report.verified
        unverifiable = report.unverifiable
        providedByRequest = report.providedByRequest
        asynchronous = report.asynchronous.filter { description in
            !walk.pending.contains { $0.description == description }
        }
    }

    /// The runtime arguments to verify `pending` with, or `nil` (and it is unverifiable) when it takes arguments
    /// no sample provides.
    func arguments(for pending: SynchronousWalk.Pending) -> Any? {
        let registration = pending.registration
        if registration.argumentTypes.isEmpty { return () }
        let sample = provided.samples.first { registry.binding(for: $0.key)?.registration === registration }
        if let sample { return sample.arguments }
        unverifiable.append(pending.description)
        return nil
    }

    /// Awaits one `async` registration in a throwaway graph and records the outcome.
    func verify(_ pending: SynchronousWalk.Pending, arguments: Any) async {
        let request = pending.description.request
        let root = AsyncResolution.Root(container: container, verification: verification)
        let resolution = AsyncResolution(root: root)
        defer {
            resolution.end()
            root.finish()
        }
        do {
            let instance = try await resolution.instance(
                of: pending.registration, as: request.serviceType, name: request.name,
                arguments: InstanceBox(value: arguments))
            record(instance, of: pending)
        } catch {
            if error.isUnprovidedRequestValue {
                providedByRequest.append(pending.description)
            } else {
                failures.append(error)
            }
        }
    }

    private func record(_ instance: Any, of pending: SynchronousWalk.Pending) {
        let request = pending.description.request
        func isInstance<Service>(of _: Service.Type) -> Bool { instance is Service }
        if isInstance(of: request.serviceType) {
            verified.append(pending.description)
        } else {
            failures.append(
                ResolutionError(
                    kind: .wrongInstanceType(actual: type(of: instance)), request: request,
                    registration: pending.description))
        }
    }

    /// The combined report, or the error with every failure and captive dependency.
    func finish() throws(VerificationError) -> VerificationReport {
        captives += verification.captives
        var combined = VerificationReport(verified: verified, unverifiable: unverifiable, asynchronous: asynchronous)
        combined.providedByRequest = providedByRequest
        guard failures.isEmpty && captives.isEmpty && shadowedKeyDefaults.isEmpty else {
            throw VerificationError(
                failures: failures, captiveDependencies: captives, report: combined,
                shadowedKeyDefaults: shadowedKeyDefaults)
        }
        return combined
    }
}

extension AsyncContainerResolver {
    /// What the awaited part of a walk found.
    struct AwaitedWalk {
        var verified: [RegistrationDescription] = []
        var unverifiable: [RegistrationDescription] = []
        var failures: [ResolutionError] = []
        var providedByRequest: [RegistrationDescription] = []
    }

    /// Awaits each of the `async` registrations `pending` (global-actor and actor-instance ones included) once,
    /// throwaway, in a graph of its own, as ``verify(samples:)`` does; `visit` learns what became of each.
    func walkAsynchronous(
        _ pending: [SynchronousWalk.Pending], samples: (VerificationSamples) -> Void, verification: AsyncVerification,
        visit: (Registration, RegistrationDescription, VerificationOutcome) -> Void
    ) async -> AwaitedWalk {
        let provided = VerificationSamples()
        samples(provided)
        let registry = RegistrySnapshot(of: container)
        var walk = AwaitedWalk()
        for pending in pending {
            let registration = pending.registration
            let arguments: Any
            if registration.argumentTypes.isEmpty {
                arguments = ()
            } else if let sample = provided.samples.first(where: {
                registry.binding(for: $0.key)?.registration === registration
            }) {
                arguments = sample.arguments
            } else {
                walk.unverifiable.append(pending.description)
                visit(registration, pending.description, .needsArguments)
                continue
            }
            let request = pending.description.request
            let root = AsyncResolution.Root(container: container, verification: verification)
            let resolution = AsyncResolution(root: root)
            _ = verification.takeFailureOrigin()
            do {
                let instance = try await resolution.instance(
                    of: registration, as: request.serviceType, name: request.name,
                    arguments: InstanceBox(value: arguments))
                func isInstance<Service>(of _: Service.Type) -> Bool { instance is Service }
                if isInstance(of: request.serviceType) {
                    walk.verified.append(pending.description)
                    visit(registration, pending.description, .verified)
                } else {
                    let error = ResolutionError(
                        kind: .wrongInstanceType(actual: type(of: instance)), request: request,
                        registration: pending.description)
                    walk.failures.append(error)
                    visit(registration, pending.description, .failed(error, origin: registration))
                }
            } catch where error.isUnprovidedRequestValue {
                walk.providedByRequest.append(pending.description)
                visit(registration, pending.description, .providedByRequest)
            } catch {
                walk.failures.append(error)
                visit(registration, pending.description, .failed(error, origin: verification.takeFailureOrigin()))
            }
            resolution.end()
            root.finish()
        }
        return walk
    }
}

/// What the synchronous part of an awaited verification found, handed back from the main actor.
struct SynchronousWalk: Sendable {
    /// A registration set aside for the `async` part.
    struct Pending: Sendable {
        let registration: Registration
        let description: RegistrationDescription
    }

    let outcome: Result<VerificationReport, VerificationError>
    let pending: [Pending]
}
