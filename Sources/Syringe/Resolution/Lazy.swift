/// A service resolved on first use, then kept.
///
/// Resolve `Lazy<Service>` for any registered `Service`; it needs no registration of its own. The first
/// access to ``instance`` resolves the service with the name and arguments of the original request, in the
/// same object graph (graph-scoped services made by that resolution, and still alive, are reused); later
/// accesses return the same instance.
///
/// ```swift
/// container.register(Analytics.self) { _ in HeavyAnalytics() }
/// container.register(Screen.self) { r in Screen(analytics: r.resolve(Lazy<Analytics>.self)!) }
///
/// let screen = container.resolve(Screen.self)!
/// screen.analytics.instance.track("opened")  // HeavyAnalytics is made here
/// ```
///
/// > Note: ``instance`` stops the program with the ``ResolutionError`` message if the service cannot be
/// > resolved any more (its container was released, or its factory fails). Call ``require()`` to get the
/// > error instead.
public final class Lazy<Service>: Sendable {
    private let container: WeakContainer
    private let graph: ObjectGraph
    private let request: WrappedRequest
    private let cached = Locked<Service?>(nil)

    init(container: Container, graph: ObjectGraph, request: WrappedRequest) {
        self.container = WeakContainer(container)
        self.graph = graph
        self.request = request
    }

    /// The service: resolved on first access, the same instance afterwards.
    ///
    /// ```swift
    /// let analytics = lazyAnalytics.instance
    /// ```
    public var instance: Service {
        requireOrStop(require)
    }

    /// The service, resolved on first call and the same instance afterwards, or the reason it cannot be.
    ///
    /// ```swift
    /// let analytics = try lazyAnalytics.require()
    /// ```
    ///
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` if it cannot be resolved.
    public func require() throws(ResolutionError) -> Service {
        if let service = cached.withLock({ $0 }) { return service }
        let service: Service = try resolveWrapped(
            Service.self, request: request, container: container.container, graph: graph
        )
        // Two threads may resolve at the same time; the first one stored wins, so every caller sees one instance.
        return cached.withLock { cached in
            if let existing = cached { return existing }
            cached = service
            return service
        }
    }
}

extension Lazy: InstanceWrapper {
    static var wrappedType: Any.Type { Service.self }

    static func make(
        in context: ResolutionContext, binding: Container.Binding?, request: WrappedRequest
    ) throws(ResolutionError) -> Lazy<Service> {
        guard binding != nil else { throw context.wrappedMissError(request, wrappedType: Service.self) }
        return Lazy(container: context.container, graph: context.graphIdentifier().graph, request: request)
    }
}

/// Resolves the request a wrapper kept, in `graph` if given, through `container` if it still exists.
func resolveWrapped<Service>(
    _ type: Service.Type, request: WrappedRequest, container: Container?, graph: ObjectGraph?
) throws(ResolutionError) -> Service {
    guard let container else {
        let wanted = request.serviceRequest(Service.self)
        throw ResolutionError(kind: .containerReleased, request: wanted)
    }
    let context = ResolutionContext(container: container, graph: graph)
    defer { context.finish() }
    return try context.resolve(
        key: request.key, as: Service.self, name: request.name, arguments: request.arguments.value
    ) { request.argumentTypes }
}
