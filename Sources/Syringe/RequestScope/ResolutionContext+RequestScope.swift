// The `.request` scope in a synchronous and an awaited resolution: the running request scope's stand-in keeps the
// instance, as a container's stand-in keeps a `.perContainer` one.

extension ResolutionContext {
    /// The stand-in of the running ``RequestScope`` that keeps its instance of `registration`.
    ///
    /// - Throws: ``ResolutionError/Kind/outsideRequestScope`` when no request scope runs.
    func requestKeeper(
        for registration: Registration, as requestedType: Any.Type, name: String?
    ) throws(ResolutionError) -> Registration {
        if let keeper = RequestScope.current?.keeper(for: registration) { return keeper }
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        throw ResolutionError(
            kind: .outsideRequestScope, request: request, path: currentPath() + [request],
            registration: registration.describe(as: requestedType, name: .some(name))
        )
    }
}

extension AsyncResolution {
    /// The stand-in of the running ``RequestScope`` that keeps its instance of `registration`.
    ///
    /// - Throws: ``ResolutionError/Kind/outsideRequestScope`` when no request scope runs.
    func requestKeeper(for registration: Registration, request: ServiceRequest) throws(ResolutionError) -> Registration
    {
        if let keeper = RequestScope.current?.keeper(for: registration) { return keeper }
        throw ResolutionError(
            kind: .outsideRequestScope, request: request, path: frames.map(\.request) + [request],
            registration: registration.describe(as: request.serviceType, name: .some(request.name))
        )
    }
}
