// ResolutionContext: the errors a resolution throws.

extension ResolutionContext {
    /// The error for a cycle that closes at `registration`; with other threads in it (`loop`), from this thread's
    /// frame of the loop's last registration, through the request, on through those the other threads wait for.
    func cycleError(
        closingAt registration: Registration, as requestedType: Any.Type, name: String?,
        acrossThreads loop: [Registration] = []
    ) -> ResolutionError {
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        let frames = (0..<depth).map { self[frameAt: $0] }
        let closing = loop.last ?? registration
        let start = frames.firstIndex { $0.registration === closing } ?? frames.count
        let cycle = frames[start...].map(\.request) + [request] + loop.map(\.request)
        let involved =
            frames[start...].map { $0.registration.describe(as: $0.requestedType, name: .some($0.name)) }
            + loop.map { $0.describe() }
        return ResolutionError(
            kind: .circularDependency(cycle: cycle.count > 1 ? cycle : [request, request]),
            request: request,
            path: currentPath() + [request],
            registrations: involved.isEmpty ? [registration.describe(as: requestedType, name: .some(name))] : involved,
            registration: registration.describe(as: requestedType, name: .some(name))
        )
    }

    /// The error for a factory that cannot run: the thread's stack is nearly full.
    @inline(never)
    func stackExhaustedError(
        at registration: Registration, as requestedType: Any.Type, name: String?
    ) -> ResolutionError {
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        return ResolutionError(
            kind: .stackExhausted(depth: depth + 1),
            request: request,
            path: currentPath() + [request],
            registration: registration.describe(as: requestedType, name: .some(name))
        )
    }

    /// The error for an instance of `registration` its container would keep, asked after ``Container/shutdown()``.
    func shutDownError(at registration: Registration, as requestedType: Any.Type, name: String?) -> ResolutionError {
        let request = ServiceRequest(serviceType: requestedType, name: name, argumentTypes: registration.argumentTypes)
        return ResolutionError(
            kind: .containerShutDown,
            request: request,
            path: currentPath() + [request],
            registration: registration.describe(as: requestedType, name: .some(name))
        )
    }

    func wrap(_ error: any Error, of registration: Registration) -> ResolutionError {
        if let error = error as? ResolutionError { return error }
        let path = currentPath()
        if error is AsyncFactoryRequired {
            return ResolutionError(
                kind: .asyncFactory, request: path.last ?? registration.request, path: path,
                registration: registration.describe()
            )
        }
        if let failure = error as? RequestScopeFailure {
            return ResolutionError(
                kind: failure.kind, request: path.last ?? registration.request, path: path,
                registration: registration.describe()
            )
        }
        return ResolutionError(
            kind: .factoryFailed(underlying: error),
            request: path.last ?? registration.request,
            path: path,
            registration: registration.describe(),
            failedInInitCompleted: depth > 0 && self[frameAt: depth - 1].phase == .completing
        )
    }

    func cast<Service>(
        _ instance: Any, to serviceType: Service.Type, name: String?, registration: Registration
    ) throws(ResolutionError) -> Service {
        // `case let`: `as? Service` would look up `Optional<Service>` metadata on every call (~450 instructions).
        if holdsExactly(instance, Service.self) { return value(ofExactly: instance, as: Service.self) }
        switch instance {
        case let service as Service: return service
        default: break
        }
        let request = ServiceRequest(serviceType: Service.self, name: name, argumentTypes: registration.argumentTypes)
        throw ResolutionError(
            kind: .wrongInstanceType(actual: type(of: instance)),
            request: request,
            path: currentPath() + [request],
            registration: registration.describe()
        )
    }
}
