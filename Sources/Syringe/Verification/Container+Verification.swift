extension Container {
    /// Resolves every registration once, in a throwaway way, and reports every problem at once.
    ///
    /// Each registration visible from this container (its own and its ancestors', named ones and every type
    /// forwarded with `implements`) is resolved in a fresh object graph. Instances of every scope are kept in
    /// that graph only: no singleton is created or stored, singletons that already exist are not reused (their
    /// factories run again, to check them), and nothing is left in the container afterwards.
    ///
    /// It reports:
    /// - every registration that cannot be resolved, with its ``ResolutionError`` (a missing dependency, a
    ///   cycle, a factory that throws, a forwarded type the instance does not conform to…);
    /// - every captive dependency: a `.container`-scoped registration whose factory or `initCompleted`
    ///   closures resolve, directly or through others, a `.transient`, `.graph` or `.weak` one. Accept an
    ///   intended capture with ``ServiceEntry/allowsCaptiveDependencies()``;
    /// - registrations that take runtime arguments, as not verifiable, unless `samples` provides arguments;
    /// - values each request provides (``ServiceKeys/DeclaredKey/providedByRequest(label:name:fileID:line:)``,
    ///   ``registerProvidedByRequest(_:name:fileID:line:)``), and the registrations that depend on them, as
    ///   provided by the request, when no ``RequestScope`` runs: call `verify()` inside
    ///   `RequestScope().provide(…).run { … }` to check them with sample values;
    /// - registrations with an `async` or actor-isolated factory, as not verifiable: a synchronous call cannot
    ///   run them (resolve them in a test with `try await container.async.require(…)`). A synchronous
    ///   factory that depends on an `async` one is a failure, as its synchronous resolve would be;
    /// - `@MainActor` registrations (`isolatedTo: MainActor.self`), and synchronous ones that depend on them,
    ///   with the `async` ones, as not verifiable: only main-actor code may run them. Call
    ///   ``MainActorResolver/verify(samples:)`` (`container.mainActor.verify()`) from main-actor code to verify
    ///   them for real, in the same report, or ``AsyncContainerResolver/verify(samples:)``
    ///   (`try await container.async.verify()`) to verify the `async` ones as well.
    ///
    /// ```swift
    /// let container = Container()
    /// container.register(Animal.self, name: "dog") { _, name in Dog(name: name) }
    /// container.register(PetOwner.self) { r in PetOwner(pet: try r.require(Animal.self, name: "dog", argument: "Hachi")) }
    ///
    /// // In a unit test, or at start-up in debug builds:
    /// try container.verify { samples in
    ///     samples.provide(Animal.self, name: "dog", arguments: "Hachi")
    /// }
    /// ```
    ///
    /// > Warning: Factories run, with their side effects. Verification sees only what factories resolve
    /// > through the resolver they receive: a factory that resolves through a captured container, or a
    /// > ``Lazy`` or ``Provider`` used inside a factory, resolves normally and may create singletons.
    ///
    /// - Parameter samples: Provides sample runtime arguments for registrations that take them.
    /// - Returns: What was verified and what could not be (registrations lacking sample arguments).
    /// - Throws: ``VerificationError`` listing every failed resolution and every captive dependency.
    /// - Complexity: One resolution per registration and forwarded type.
    @discardableResult
    public func verify(
        samples: (VerificationSamples) -> Void = { _ in }
    ) throws(VerificationError) -> VerificationReport {
        try verify(samples: samples, recorder: VerificationRecorder(), visit: nil)
    }

    /// The walk of ``verify(samples:)``, recording into `recorder`; `visit` learns what became of each visible
    /// registration (``dependencyGraph(samples:)`` draws it).
    func verify(
        samples: (VerificationSamples) -> Void,
        recorder: VerificationRecorder,
        visit: ((Registration, RegistrationDescription, VerificationOutcome) -> Void)?
    ) throws(VerificationError) -> VerificationReport {
        let provided = VerificationSamples()
        samples(provided)

        let registry = RegistrySnapshot(of: self)
        var failures: [ResolutionError] = []
        var sampleArguments = [ObjectIdentifier: VerificationSamples.Sample]()
        for sample in provided.samples {
            if let binding = registry.binding(for: sample.key) {
                sampleArguments[ObjectIdentifier(binding.registration)] = sample
            } else {
                failures.append(missError(for: sample.request, path: [sample.request]))
            }
        }

        // `@MainActor` factories run only under the permit of a `container.mainActor` call on this thread.
        let onMainActor = MainActorPermit.thread == currentThreadIdentity()
        var verified: [RegistrationDescription] = []
        var unverifiable: [RegistrationDescription] = []
        var asynchronous: [RegistrationDescription] = []
        var providedByRequest: [RegistrationDescription] = []
        // The instances verification made, for the "did you mean" of a miss (Lookalikes.swift), and those of
        // declared keys' defaults, for the shadowing check.
        var made: [Lookalikes.Candidate] = []
        var madeByKeyDefaults: [(binding: Container.Binding, instance: Any)] = []
        let bindings = visibleBindings().map { key, binding in
            (
                key: key, binding: binding,
                description: binding.registration.describe(as: binding.serviceType, name: .some(binding.name))
            )
        }
        for (key, binding, description) in bindings.sorted(byKey: { $0.description.description }) {
            // Registered by another thread after the snapshot was taken: not part of the registrations verified.
            guard registry.binds(key) else { continue }
            let registration = binding.registration
            if registration.asyncFactory != nil || (registration.isolatedToMainActor && !onMainActor) {
                asynchronous.append(description)
                visit?(registration, description, registration.asyncFactory != nil ? .asynchronous : .mainActor)
                continue
            }
            let arguments: Any
            let argumentTypes: [Any.Type]
            if registration.argumentTypes.isEmpty {
                arguments = ()
                argumentTypes = []
            } else if let sample = sampleArguments[ObjectIdentifier(registration)] {
                arguments = sample.arguments
                argumentTypes = sample.request.argumentTypes
            } else {
                unverifiable.append(description)
                visit?(registration, description, .needsArguments)
                continue
            }
            let context = ResolutionContext(container: self, graph: nil, registry: registry)
            context.observer = ResolutionObserver(verification: recorder)
            recorder.failureOrigin = nil
            do {
                let instance = try context.resolveOpened(
                    key: key, as: binding.serviceType, name: binding.name, arguments: arguments,
                    argumentTypes: argumentTypes
                )
                made.append(Lookalikes.Candidate(registration: description, instance: instance, origin: "made"))
                if registration.state.withLock({ $0.isKeyDefault }) { madeByKeyDefaults.append((binding, instance)) }
                verified.append(description)
                visit?(registration, description, .verified)
            } catch {
                if !onMainActor, error.isAsyncFactory, recorder.mainActorRequests.contains(error.request) {
                    // Depends on a `@MainActor` registration: resolvable from main-actor code, not from here.
                    asynchronous.append(description)
                    visit?(registration, description, .mainActor)
                } else if error.isUnprovidedRequestValue {
                    // A value each request provides, or a service that needs one, and no request scope runs.
                    providedByRequest.append(description)
                    visit?(registration, description, .providedByRequest)
                } else {
                    failures.append(error)
                    visit?(registration, description, .failed(error, origin: recorder.failureOrigin))
                }
            }
            context.finish()
        }

        // Auto-created types a registration depends on were verified with it: listed after the registrations.
        var report = VerificationReport(
            verified: verified + recorder.autoCreated, unverifiable: unverifiable, asynchronous: asynchronous)
        report.providedByRequest = providedByRequest
        let shadowed = Lookalikes.shadowedKeyDefaults(madeByKeyDefaults, among: made)
        guard failures.isEmpty && recorder.captives.isEmpty && shadowed.isEmpty else {
            failures = removingRepeatedCycles(failures).map { $0.namingLookalikes(among: made + keptInstances()) }
            throw VerificationError(
                failures: failures, captiveDependencies: recorder.captives, report: report,
                shadowedKeyDefaults: shadowed)
        }
        return report
    }
}

/// What became of one registration in a verification walk.
enum VerificationOutcome {
    case verified
    /// Its resolution failed; `origin` is the innermost registration whose factory (or scope) failed, if the
    /// failure happened inside one.
    case failed(ResolutionError, origin: Registration?)
    /// Its factory is `async` (or isolated to another global actor).
    case asynchronous
    /// It is, or depends on, a `@MainActor` registration, and the walk does not run on the main actor.
    case mainActor
    /// It takes runtime arguments and no sample was given.
    case needsArguments
    /// It is, or depends on, a value each request provides, and no request scope runs.
    case providedByRequest
}

extension ResolutionContext {
    /// Resolves `key` as the service type known only at run time, checking the instance's type as a typed
    /// resolve does.
    @discardableResult
    func resolveOpened(
        key: ServiceKey, as serviceType: Any.Type, name: String?, arguments: Any, argumentTypes: [Any.Type]
    ) throws(ResolutionError) -> Any {
        func resolve<Service>(_: Service.Type) throws(ResolutionError) -> Any {
            try self.resolve(key: key, as: Service.self, name: name, arguments: arguments) { argumentTypes }
        }
        return try resolve(serviceType)
    }
}
