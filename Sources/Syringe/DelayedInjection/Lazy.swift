/// A service resolved on first use, then kept.
///
/// Resolve `Lazy<Service>` for any registered `Service`; it needs no registration of its own. The first
/// access to ``instance`` resolves the registration that answered the original request (with its name and
/// arguments) in the same object graph: graph-scoped services made by that resolution, and still alive, are
/// reused. Read inside a factory of the resolution that made it, it joins that resolution, so circular graphs
/// and cycle reports work through it. Later accesses return the same instance.
///
/// ```swift
/// container.register(Analytics.self) { _ in HeavyAnalytics() }
/// container.register(Screen.self) { r in Screen(analytics: r.resolve(Lazy<Analytics>.self)!) }
///
/// let screen = container.resolve(Screen.self)!
/// screen.analytics.instance.track("opened")  // HeavyAnalytics is made here
/// ```
///
/// As in Swinject, a `Lazy` is bound to the registration it was made from: registering the service again, or
/// removing it, does not change what it resolves. It holds its container weakly.
///
/// > Note: ``instance`` stops the program with the ``ResolutionError`` message if the service cannot be
/// > resolved any more (its container was released, or its factory fails). Call ``require()`` to get the
/// > error instead.
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
    ///
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` if it cannot be resolved.
    public func require() throws(ResolutionError) -> Service {
        if let service = cached.withLock({ $0 }) { return service }
        let service: Service = try target.resolve(Service.self, inGraph: graph)
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
        guard let binding else { throw context.wrappedMissError(request, wrappedType: Service.self) }
        return Lazy(
            target: WrappedTarget(container: context.container, registration: binding.registration, request: request),
            graph: context.graphIdentifier().graph
        )
    }
}
