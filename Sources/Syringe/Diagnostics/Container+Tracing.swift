/// The result of a traced resolve: the service (or why it could not be made) and the trace.
///
/// ```swift
/// let owner = try container.trace(PetOwner.self).get()
/// ```
public struct TracedResolution<Service> {
    /// The service, or the error that stopped its resolution.
    ///
    /// ```swift
    /// if case .failure(let error) = traced.result { print(error) }
    /// ```
    public let result: Result<Service, ResolutionError>
    /// What the resolution did, as a tree; it shows the steps made before a failure too.
    ///
    /// ```swift
    /// print(traced.trace)
    /// ```
    public let trace: ResolutionTrace

    /// The service, or throws the error that stopped its resolution.
    ///
    /// ```swift
    /// let owner = try container.trace(PetOwner.self).get()
    /// ```
    public func get() throws(ResolutionError) -> Service {
        try result.get()
    }
}

extension TracedResolution: Sendable where Service: Sendable {}

extension Container {
    /// Resolves a service like ``require(_:name:arguments:)`` and records what the resolution did: the tree of
    /// services resolved, the registration of each, whether it was created or reused, and how long each took.
    ///
    /// A traced resolve always starts a new resolution (a singleton already made shows as reused).
    ///
    /// ```swift
    /// print(container.trace(PetOwner.self).trace)
    /// // PetOwner: created [graph] in 48.2 µs, registered at MyApp/App.swift:14
    /// //   Animal(name: "cat"): reused [container], registered at MyApp/App.swift:12
    /// ```
    public func trace<Service, each Argument>(
        _ serviceType: Service.Type, name: String? = nil, arguments: repeat each Argument
    ) -> TracedResolution<Service> {
        let key = ServiceKey(
            serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name
        )
        let tracer = ResolutionTracer()
        let context = ResolutionContext(container: self, graph: pinnedGraph)
        context.observer = ResolutionObserver(tracer: tracer)
        defer { context.finish() }
        let result: Result<Service, ResolutionError>
        do {
            let service = try context.resolve(
                key: key, as: Service.self, name: name, arguments: (repeat each arguments)
            ) {
                argumentTypeList(repeat (each Argument).self)
            }
            result = .success(service)
        } catch {
            result = .failure(error)
        }
        return TracedResolution(result: result, trace: ResolutionTrace(steps: tracer.steps))
    }
}
