/// A factory for a registered service: every access resolves it anew.
///
/// Resolve `Provider<Service>` for any registered `Service`; it needs no registration of its own. Each
/// access to ``instance`` resolves the registration that answered the original request, with its name and
/// arguments, so the registration's scope decides whether it is a new instance (`.transient`, `.graph`) or the
/// same one (`.container`). Read inside a factory of a resolution of its container, it joins that resolution
/// (its object graph, its cycle checks), as in Swinject; read anywhere else, it is a resolution of its own.
///
/// ```swift
/// container.register(Request.self) { _ in Request() }
/// container.register(Client.self) { r in Client(makeRequest: r.resolve(Provider<Request>.self)!) }
///
/// let first = client.makeRequest.instance
/// let second = client.makeRequest.instance  // another Request
/// ```
///
/// As in Swinject, a `Provider` is bound to the registration it was made from: registering the service again,
/// or removing it, does not change what it resolves. It holds its container weakly.
///
/// > Note: ``instance`` stops the program with the ``ResolutionError`` message if the service cannot be
/// > resolved (its container was released, or its factory fails). Call ``require()`` to get the error instead.
public final class Provider<Service>: Sendable {
    private let target: WrappedTarget

    init(target: WrappedTarget) {
        self.target = target
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
        try target.resolve(Service.self, inGraph: nil)
    }
}

extension Provider: InstanceWrapper {
    static var wrappedType: Any.Type { Service.self }

    static func make(
        in context: ResolutionContext, binding: Container.Binding?, request: WrappedRequest
    ) throws(ResolutionError) -> Provider<Service> {
        guard let binding else { throw context.wrappedMissError(request, wrappedType: Service.self) }
        return Provider(
            target: WrappedTarget(container: context.container, registration: binding.registration, request: request))
    }
}
