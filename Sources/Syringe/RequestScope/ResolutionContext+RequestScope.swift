extension ResolutionContext {
    /// The running ``RequestScope``'s stand-in that keeps its instance of `registration` (as a container's
    /// stand-in keeps a `.perContainer` one); throws ``ResolutionError/Kind/outsideRequestScope`` outside a scope.
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
    /// As the synchronous ``ResolutionContext/requestKeeper(for:as:name:)``.
    func requestKeeper(for registration: Registration, request: ServiceRequest) throws(ResolutionError) -> Registration
    {
        if let keeper = RequestScope.current?.keeper(for: registration) { return keeper }
        throw ResolutionError(
            kind: .outsideRequestScope, request: request, path: frames.map(\.request) + [request],
            registration: registration.describe(as: request.serviceType, name: .some(request.name))
        )
    }
}
