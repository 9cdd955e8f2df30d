/// A factory for a registered service: every access resolves it anew.
///
/// Resolve `Provider<Service>` for any registered `Service`; it needs no registration of its own. Each
/// access to ``instance`` is a new top-level resolve with the name and arguments of the original request,
/// so the registration's scope decides whether it is a new instance (`.transient`, `.graph`) or the same
/// one (`.container`).
///
/// ```swift
/// container.register(Request.self) { _ in Request() }
/// container.register(Client.self) { r in Client(makeRequest: r.resolve(Provider<Request>.self)!) }
///
/// let first = client.makeRequest.instance
/// let second = client.makeRequest.instance  // another Request
/// ```
///
/// > Note: ``instance`` stops the program with the ``ResolutionError`` message if the service cannot be
/// > resolved (its container was released, or its factory fails). Call ``require()`` to get the error instead.
public final class Provider<Service>: Sendable {
    private let container: WeakContainer
    private let request: WrappedRequest

    init(container: Container, request: WrappedRequest) {
        self.container = WeakContainer(container)
        self.request = request
    }

    /// A newly resolved service.
    ///
    /// ```swift
    /// let request = requestProvider.instance
    /// ```
    public var instance: Service {
        requireOrStop(require)
    }

    /// A newly resolved service, or the reason it cannot be resolved.
    ///
    /// ```swift
    /// let request = try requestProvider.require()
    /// ```
    ///
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` if it cannot be resolved.
    public func require() throws(ResolutionError) -> Service {
        try resolveWrapped(Service.self, request: request, container: container.container, graph: nil)
    }
}

extension Provider: InstanceWrapper {
    static var wrappedType: Any.Type { Service.self }

    static func make(
        in context: ResolutionContext, binding: Container.Binding?, request: WrappedRequest
    ) throws(ResolutionError) -> Provider<Service> {
        guard binding != nil else { throw context.wrappedMissError(request, wrappedType: Service.self) }
        return Provider(container: context.container, request: request)
    }
}
