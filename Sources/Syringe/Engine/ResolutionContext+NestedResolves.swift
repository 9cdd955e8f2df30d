// ResolutionContext: nested resolves (a factory's `r.resolve` joins the resolution running on its thread).

extension ResolutionContext {
    /// A resolve without arguments on the container of `active`, the resolution running on this thread: it joins
    /// it. Inlined into the container's `require`, so a level of nesting is one frame, as small as this path needs.
    @inline(__always)
    static func requireNested<Service>(
        in active: Unretained<ResolutionContext>, key: ServiceKey, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try requireNested(in: active, key: key, as: Service.self, name: name, arguments: ()) { [] }
    }

    /// ``requireNested(in:key:as:name:)`` out of line, for the top-level entry points, where it is rare.
    @inline(never)
    static func requireNestedOutOfLine<Service>(
        in active: Unretained<ResolutionContext>, key: ServiceKey, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try requireNested(in: active, key: key, as: Service.self, name: name)
    }

    /// A resolve called on the container of `active`, the resolution running on this thread: it joins it.
    @inline(__always)
    static func requireNested<Service, Arguments>(
        in active: Unretained<ResolutionContext>, key: ServiceKey, as serviceType: Service.Type, name: String?,
        arguments: Arguments, argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        // Not retained (once per nested resolve): the resolution keeps its context until after this call. The
        // closure throws only `ResolutionError`; the untyped rethrow costs nothing unless it throws.
        do {
            return try active.with { context in
                try context.resolveNested(
                    key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
            }
        } catch let error as ResolutionError {
            throw error
        } catch {
            let request = ServiceRequest(serviceType: Service.self, name: name, argumentTypes: argumentTypes())
            throw ResolutionError(kind: .factoryFailed(underlying: error), request: request)
        }
    }

    /// A resolve on this resolution's container from its thread: it joins its graph and path. Inlined,
    /// specialized for the arguments, so a resolve without arguments makes no `Any` for them.
    @inline(__always)
    func resolveNested<Service, Arguments>(
        key: ServiceKey, as serviceType: Service.Type, name: String?, arguments: Arguments,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        guard let hit = lookup(key) else {
            if Arguments.self == Void.self {
                return try resolveUnregisteredWithoutArguments(key: key, as: Service.self, name: name)
            }
            return try resolveUnregistered(
                key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
        }
        if Arguments.self == Void.self {
            return try resolveWithoutArguments(hit, as: Service.self, name: name)
        }
        return try resolve(hit, as: Service.self, name: name, arguments: arguments as Any)
    }

    /// Resolves `registration` itself (not what its key is bound to now), as a ``Lazy`` or ``Provider`` does; the
    /// caller keeps it alive.
    func resolve<Service>(
        bound registration: Registration, as serviceType: Service.Type, request: WrappedRequest
    ) throws(ResolutionError) -> Service {
        let instance = try instance(
            of: registration, as: Service.self, name: request.name, arguments: request.arguments.value)
        return try cast(instance, to: Service.self, name: request.name, registration: registration)
    }

    /// Whether this resolution works in `graph` (the graph a ``Lazy`` made by it keeps).
    func isInGraph(_ graph: ObjectGraph) -> Bool {
        sharedGraph === graph
    }
}
