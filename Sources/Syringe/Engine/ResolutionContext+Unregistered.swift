// ResolutionContext: requests no binding answers (wrappers, the graph identifier, conversions, the miss error).

extension ResolutionContext {
    /// Resolves a request no binding answers: a wrapper (`Optional`, ``Lazy``, ``Provider``) of a registered
    /// type, the current ``GraphIdentifier``, or an error that tells what is registered instead.
    func resolveUnregistered<Service>(
        key: ServiceKey,
        as serviceType: Service.Type,
        name: String?,
        arguments: Any,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        // The current graph, inside a resolution (or a `withObjectGraph` view); outside one it misses, as in Swinject.
        if Service.self == GraphIdentifier.self, depth > 0 || sharedGraph != nil,
            let identifier = graphIdentifier() as? Service
        {
            return identifier
        }
        // The kind first: the runtime's first answer for a type is a scan of every conformance record.
        if MetadataKind.isNominal(Service.self), let wrapper = Service.self as? any InstanceWrapper.Type {
            // Multi-injection needs no lookup of its own: its elements are looked up by type.
            if let made = try wrapper.makeWithoutLookup(in: self) {
                // Made as `Service` itself: taken out as it is stored.
                do {
                    return try unpack(made, as: Service.self) {
                        ResolutionError(
                            kind: .wrongInstanceType(actual: type(of: made)),
                            request: ServiceRequest(serviceType: Service.self))
                    }
                } catch {
                    throw error as? ResolutionError
                        ?? ResolutionError(
                            kind: .factoryFailed(underlying: error), request: ServiceRequest(serviceType: Service.self))
                }
            }
            let wrappedKey = ServiceKey(
                serviceType: ObjectIdentifier(wrapper.wrappedType), argumentsType: key.argumentsType, name: name
            )
            let binding = registry?.binding(for: wrappedKey)
            let request = WrappedRequest(
                key: wrappedKey, name: name, arguments: ArgumentBox(arguments), argumentTypes: argumentTypes()
            )
            let converted =
                binding == nil ? try convertingArguments(of: request, wrappedType: wrapper.wrappedType) : nil
            // Nothing of the wrapped type answers: a registration of the wrapper type itself whose argument types
            // the arguments convert to (`Dog?` taking `Any`, resolved with a `Dog`) runs its factory.
            if binding == nil, converted == nil,
                let own = try resolveConvertingArguments(
                    key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
            {
                return own
            }
            if let made = try wrapper.make(
                in: self, binding: converted?.binding ?? binding, request: converted?.request ?? request) as? Service
            {
                return made
            }
        }
        if let converted = try resolveConvertingArguments(
            key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
        {
            return converted
        }
        if let created = try autoCreatedInstance(key: key, as: Service.self, name: name) { return created }
        let request = ServiceRequest(serviceType: Service.self, name: name, argumentTypes: argumentTypes())
        throw container.missError(
            for: request, path: currentPath() + [request], optionalForms: optionalForms(of: Service.self))
    }
}
