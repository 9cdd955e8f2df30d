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
        var failures: [ResolutionError]
        var captives: [CaptiveDependency]
        let report: VerificationReport
        switch walk.outcome {
        case .success(let success):
            (failures, captives, report) = ([], [], success)
        case .failure(let error):
            (failures, captives, report) = (error.failures, error.captiveDependencies, error.report)
        }

        // The `async` registrations, each awaited in a throwaway graph.
        let provided = VerificationSamples()
        samples(provided)
        let registry = RegistrySnapshot(of: container)
        let verification = AsyncVerification()
        var verified = report.verified
        var unverifiable = report.unverifiable
        let asynchronous = report.asynchronous.filter { description in
            !walk.pending.contains { $0.description == description }
        }
        for pending in walk.pending {
            let registration = pending.registration
            let arguments: Any
            if registration.argumentTypes.isEmpty {
                arguments = ()
            } else if let sample = provided.samples.first(where: {
                registry.binding(for: $0.key)?.registration === registration
            }) {
                arguments = sample.arguments
            } else {
                unverifiable.append(pending.description)
                continue
            }
            let request = pending.description.request
            let root = AsyncResolution.Root(container: container, verification: verification)
            let resolution = AsyncResolution(root: root)
            do {
                let instance = try await resolution.instance(
                    of: registration, as: request.serviceType, name: request.name,
                    arguments: InstanceBox(value: arguments))
                func isInstance<Service>(of _: Service.Type) -> Bool { instance is Service }
                if isInstance(of: request.serviceType) {
                    verified.append(pending.description)
                } else {
                    failures.append(
                        ResolutionError(
                            kind: .wrongInstanceType(actual: type(of: instance)), request: request,
                            registration: pending.description))
                }
            } catch {
                failures.append(error)
            }
            resolution.end()
            root.finish()
        }
        captives += verification.captives

        let combined = VerificationReport(verified: verified, unverifiable: unverifiable, asynchronous: asynchronous)
        guard failures.isEmpty && captives.isEmpty else {
            throw VerificationError(failures: failures, captiveDependencies: captives, report: combined)
        }
        return combined
    }
}

/// What the synchronous part of an awaited verification found, handed back from the main actor.
private struct SynchronousWalk: Sendable {
    /// A registration set aside for the `async` part.
    struct Pending: Sendable {
        let registration: Registration
        let description: RegistrationDescription
    }

    let outcome: Result<VerificationReport, VerificationError>
    let pending: [Pending]
}
