/// A service resolved on first use, in the object graph of the resolution that made it, then kept.
///
/// Resolve `Lazy<Service>` for any registered `Service`. It is bound to the registration that answered (with
/// the request's name and arguments), and holds its container weakly.
///
/// ```swift
/// container.register(Screen.self) { r in Screen(analytics: r.resolve(Lazy<Analytics>.self)!) }
/// let screen = container.resolve(Screen.self)!
/// screen.analytics.instance.track("opened")  // Analytics is made here
/// ```
///
/// > Note: ``instance`` stops the program with the ``ResolutionError`` message if the service cannot be
/// > resolved; ``require()`` throws it instead.
public final class Lazy<Service>: Sendable {
    private let target: WrappedTarget
    private let graph: ObjectGraph
    private let cached = Locked<Service?>(nil)

    init(target: WrappedTarget, graph: ObjectGraph) {
        self.target = target
        self.graph = graph
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
    public func require() throws(ResolutionError) -> Service {
        if let service = cached.withLock({ $0 }) { return service }
        let service: Service = try target.resolve(Service.self, inGraph: graph)
        // Two threads may resolve at once; the first one stored wins.
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
        guard let binding else { throw context.wrappedMissError(request, wrappedType: Service.self) }
        return Lazy(
            target: WrappedTarget(container: context.container, registration: binding.registration, request: request),
            graph: context.graphIdentifier().graph
        )
    }
}
