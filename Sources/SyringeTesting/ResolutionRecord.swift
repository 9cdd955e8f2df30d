public import Syringe

/// What was resolved while ``Syringe/Container/recordResolutions(_:)`` ran its operation: every service asked
/// for, nested requests included, in order, each with the registration that answered it.
///
/// ```swift
/// let record = Container.test.recordResolutions { _ in
///     _ = Shop.buy(cents: 500)  // code under test, resolving through Container.current
/// }
/// #expect(record.count(of: PaymentGateway.self) == 1)
/// #expect(record.registrations(of: PaymentGateway.self).first?.fileID == #fileID)  // the test's mock
/// ```
public struct ResolutionRecord: Sendable {
    /// One resolved service: what was asked, and the registration that answered.
    ///
    /// ```swift
    /// for resolution in record.resolutions { print(resolution.request, resolution.registration) }
    /// ```
    public struct Resolution: Sendable {
        /// The service asked for, as the answering registration is bound (its type, name and arguments).
        ///
        /// ```swift
        /// assert(resolution.request.serviceType == Checkout.self)
        /// ```
        public let request: ServiceRequest
        /// The registration that answered: its scope, file and line.
        ///
        /// ```swift
        /// print(resolution.registration.fileID, resolution.registration.line)
        /// ```
        public let registration: RegistrationDescription
    }

    /// Every resolved service, in the order asked.
    ///
    /// ```swift
    /// #expect(record.resolutions.map(\.request.description) == ["Checkout", "PaymentGateway", "Clock"])
    /// ```
    public let resolutions: [Resolution]

    /// The resolutions of `serviceType` under `name`.
    ///
    /// ```swift
    /// let gateways = record.resolutions(of: PaymentGateway.self)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: The resolutions, in order.
    public func resolutions<Service>(of serviceType: Service.Type, name: String? = nil) -> [Resolution] {
        resolutions.filter { $0.request.serviceType == Service.self && $0.request.name == name }
    }

    /// How many times `serviceType` was asked for.
    ///
    /// ```swift
    /// #expect(record.count(of: Analytics.self) == 0)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: The number of resolutions.
    public func count<Service>(of serviceType: Service.Type, name: String? = nil) -> Int {
        resolutions(of: Service.self, name: name).count
    }

    /// Whether `serviceType` was asked for at all.
    ///
    /// ```swift
    /// #expect(record.resolved(Checkout.self))
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: Whether it was resolved.
    public func resolved<Service>(_ serviceType: Service.Type, name: String? = nil) -> Bool {
        count(of: Service.self, name: name) > 0
    }

    /// The registrations that answered for `serviceType`, each once, in the order first used: tells the test's
    /// mock (registered in the test's file) from the app's registration.
    ///
    /// ```swift
    /// #expect(record.registrations(of: Clock.self).map(\.fileID) == [#fileID])
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: The registrations.
    public func registrations<Service>(of serviceType: Service.Type, name: String? = nil) -> [RegistrationDescription] {
        var seen = Set<RegistrationDescription>()
        return resolutions(of: Service.self, name: name).map(\.registration).filter { seen.insert($0).inserted }
    }
}

extension Container {
    /// Runs `operation` with a container derived from this one, bound as ``Syringe/Container/current``, and
    /// returns every service resolved through it: by the operation, and by code under test that resolves
    /// through ``Syringe/Container/current``.
    ///
    /// The recording container sees this container's registrations (a test's mocks included); register
    /// before recording, not in it. As with ``Syringe/Container/withOverrides(_:operation:)``, the instances it
    /// makes of shared services are its own, and it is shut down when `operation` ends. A ``Syringe/Lazy`` or
    /// ``Syringe/Provider`` that resolves later is not recorded again.
    ///
    /// ```swift
    /// let record = try Container.test.recordResolutions { c in
    ///     _ = try c.require(Checkout.self)
    /// }
    /// #expect(record.count(of: PaymentGateway.self) == 1)
    /// ```
    ///
    /// - Parameter operation: Resolves, or runs code that does.
    /// - Returns: What was resolved.
    public func recordResolutions(_ operation: (Container) throws -> Void) rethrows -> ResolutionRecord {
        let (container, recorder) = derivedRecording()
        defer { container.shutdown() }
        try container.withCurrent { try operation(container) }
        return ResolutionRecord(recorder)
    }

    /// Runs the asynchronous `operation` with a recording container bound as ``Syringe/Container/current``,
    /// and returns every service resolved through it; see ``recordResolutions(_:)``.
    ///
    /// ```swift
    /// let record = await Container.test.recordResolutions { _ in
    ///     await model.load()
    /// }
    /// #expect(record.resolved(ProfileLoader.self))
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The actor `operation` runs on; the caller's by default.
    ///   - operation: Resolves, or runs code that does.
    /// - Returns: What was resolved.
    public func recordResolutions(
        isolation: isolated (any Actor)? = #isolation,
        _ operation: (Container) async throws -> Void
    ) async rethrows -> ResolutionRecord {
        let (container, recorder) = derivedRecording()
        do {
            try await container.withCurrent { try await operation(container) }
        } catch {
            await container.async.shutdown()
            throw error
        }
        await container.async.shutdown()
        return ResolutionRecord(recorder)
    }
}

extension ResolutionRecord {
    init(_ recorder: ResolutionRecorder) {
        resolutions = recorder.resolutions().map { Resolution(request: $0.request, registration: $0.registration) }
    }
}
