/// A factory for a registered service: every access resolves it anew, so the registration's scope decides
/// whether it is a new instance.
///
/// Resolve `Provider<Service>` for any registered `Service`. It is bound to the registration that answered (with
/// the request's name and arguments), and holds its container weakly.
///
/// ```swift
/// container.register(Client.self) { r in Client(makeRequest: r.resolve(Provider<Request>.self)!) }
/// let request = client.makeRequest.instance  // a new Request
/// ```
///
/// > Note: ``instance`` stops the program with the ``ResolutionError`` message if the service cannot be
/// > resolved; ``require()`` throws it instead.
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
