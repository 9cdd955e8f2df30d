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
    /// - registrations with an `async` or actor-isolated factory, as not verifiable: a synchronous call cannot
    ///   run them (resolve them in a test with `try await container.async.require(…)`). A synchronous
    ///   factory that depends on one is a failure, as its synchronous resolve would be.
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
        let provided = VerificationSamples()
        samples(provided)

        let registry = RegistrySnapshot(of: self)
        var failures: [ResolutionError] = []
        var sampleArguments: [ObjectIdentifier: VerificationSamples.Sample] = [:]
        for sample in provided.samples {
            if let binding = registry.binding(for: sample.key) {
                sampleArguments[ObjectIdentifier(binding.registration)] = sample
            } else {
                failures.append(missError(for: sample.request, path: [sample.request]))
            }
        }

        let recorder = VerificationRecorder()
        var verified: [RegistrationDescription] = []
        var unverifiable: [RegistrationDescription] = []
        var asynchronous: [RegistrationDescription] = []
        let bindings = visibleBindings().map { key, binding in
            (
                key: key, binding: binding,
                description: binding.registration.describe(as: binding.serviceType, name: .some(binding.name))
            )
        }
        for (key, binding, description) in bindings.sorted(by: {
            $0.description.description < $1.description.description
        }) {
            let registration = binding.registration
            if registration.asyncFactory != nil {
                asynchronous.append(description)
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
                continue
            }
            let context = ResolutionContext(container: self, graph: nil, registry: registry)
            context.observer = ResolutionObserver(verification: recorder)
            do {
                try context.resolveOpened(
                    key: key, as: binding.serviceType, name: binding.name, arguments: arguments,
                    argumentTypes: argumentTypes
                )
                verified.append(description)
            } catch {
                failures.append(error)
            }
            context.finish()
        }

        // Auto-created types a registration depends on were verified with it: listed after the registrations.
        let report = VerificationReport(
            verified: verified + recorder.autoCreated, unverifiable: unverifiable, asynchronous: asynchronous)
        guard failures.isEmpty && recorder.captives.isEmpty else {
            throw VerificationError(failures: failures, captiveDependencies: recorder.captives, report: report)
        }
        return report
    }
}

extension ResolutionContext {
    /// Resolves `key` as the service type known only at run time, checking the instance's type as a typed
    /// resolve does.
    func resolveOpened(
        key: ServiceKey, as serviceType: Any.Type, name: String?, arguments: Any, argumentTypes: [Any.Type]
    ) throws(ResolutionError) {
        func resolve<Service>(_: Service.Type) throws(ResolutionError) {
            _ = try self.resolve(key: key, as: Service.self, name: name, arguments: arguments) { argumentTypes }
        }
        try resolve(serviceType)
    }
}
