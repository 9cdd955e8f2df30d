public import Syringe

extension ResolutionTrace {
    /// Every step of the trace, depth first (a service before the services resolved to make it).
    ///
    /// ```swift
    /// let traced = Container.test.trace(Checkout.self)
    /// #expect(traced.trace.allSteps.map(\.request.description) == ["Checkout", "Gateway"])
    /// ```
    public var allSteps: [Step] {
        var found: [Step] = []
        func visit(_ step: Step) {
            found.append(step)
            step.children.forEach(visit)
        }
        steps.forEach(visit)
        return found
    }

    /// The steps that resolved `serviceType` under `name`, with any runtime arguments.
    ///
    /// ```swift
    /// let gateways = traced.trace.steps(resolving: Gateway.self)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: The steps, depth first.
    public func steps<Service>(resolving serviceType: Service.Type, name: String? = nil) -> [Step] {
        allSteps.filter { step in
            step.request.serviceType == Service.self && step.request.name == name
        }
    }

    /// How many times `serviceType` was resolved (made or reused) during the traced resolution.
    ///
    /// ```swift
    /// #expect(traced.trace.count(of: Gateway.self) == 1)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: The number of steps that resolved it.
    public func count<Service>(of serviceType: Service.Type, name: String? = nil) -> Int {
        steps(resolving: Service.self, name: name).count
    }

    /// How many instances of `serviceType` the traced resolution made (its factory ran).
    ///
    /// ```swift
    /// #expect(traced.trace.creations(of: Database.self) == 0)  // the singleton was reused
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: The number of instances made.
    public func creations<Service>(of serviceType: Service.Type, name: String? = nil) -> Int {
        steps(resolving: Service.self, name: name).filter { step in
            if case .created = step.outcome { return true }
            return false
        }.count
    }

    /// The registrations that answered the requests for `serviceType`, each once, in the order first used: tells
    /// whether the test's mock (registered in the test's file) or the app's registration was used.
    ///
    /// ```swift
    /// #expect(traced.trace.registrations(of: Gateway.self).map(\.fileID) == [#fileID])
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: The registrations.
    public func registrations<Service>(of serviceType: Service.Type, name: String? = nil) -> [RegistrationDescription] {
        var seen = Set<RegistrationDescription>()
        return steps(resolving: Service.self, name: name).map(\.registration).filter { seen.insert($0).inserted }
    }

    /// Whether `serviceType` was resolved at all during the traced resolution.
    ///
    /// ```swift
    /// #expect(!traced.trace.resolved(Analytics.self))
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: Whether a step resolved it.
    public func resolved<Service>(_ serviceType: Service.Type, name: String? = nil) -> Bool {
        count(of: Service.self, name: name) > 0
    }
}
