// Runtime arguments given with other static types than a registration takes (`argument: Dog()` for a factory taking
// `any Animal`; Swift 6 also opens an existential argument) miss the registry, keyed by argument types. After that
// miss, and only then, the registrations of the same type and name taking as many arguments are tried, each
// converting the arguments with a dynamic cast to the types its `ArgumentConverter` knows statically.

/// Converts runtime arguments to the argument types of one registration.
@usableFromInline
protocol ArgumentConversion {
    /// `arguments` (one value, or a tuple of several) as the registration's argument types, packed the same way;
    /// `nil` unless every argument converts.
    static func convert(_ arguments: Any) -> Any?
}

/// The ``ArgumentConversion`` of a factory taking `Arguments` (one type, or the tuple of several). Generic over the
/// tuple, not a pack: a generic type with a pack needs the Swift 5.9 runtime (macOS 14, iOS 17).
@usableFromInline
struct ArgumentConverter<Arguments>: ArgumentConversion {
    @usableFromInline
    static func convert(_ arguments: Any) -> Any? {
        // A tuple converts element by element; callers compare the numbers of arguments first.
        switch arguments {
        case let converted as Arguments: converted
        default: nil
        }
    }
}

/// A registration that converts arguments given with other static types to its own (``ArgumentRegistration``).
protocol ConvertsArguments: Registration {
    var argumentConversion: any ArgumentConversion.Type { get }
}

extension ArgumentRegistration: ConvertsArguments {}

/// A binding whose argument types a request's arguments convert to.
struct ArgumentConversionMatch {
    let key: ServiceKey
    let binding: Container.Binding
    /// The request's arguments, converted to the binding's argument types.
    let arguments: Any
}

extension Container {
    /// The bindings of `serviceType` under `name` taking `count` runtime arguments of types other than `asked`, that
    /// `arguments` convert to, in the nearest container that has any (a nearer binding shadows its ancestors').
    /// O(n) in the bindings searched; runs only after a miss.
    func argumentConversions(
        of serviceType: ObjectIdentifier, name: String?, count: Int, asked: ArgumentsKey, arguments: Any
    ) -> [ArgumentConversionMatch] {
        var seen: Set<ServiceKey> = []
        var container: Container? = self
        while let current = container {
            var candidates: [(key: ServiceKey, binding: Binding)] = []
            current.registry.withLock { registry in
                registry.bindings.forEach(where: { key in
                    key.serviceType == serviceType && key.name == name && key.argumentsType != asked
                        && key.argumentsType != ArgumentsKey.none
                }) { key, binding in
                    candidates.append((key, binding))
                }
            }
            // Converted outside the lock: the casts may run conformance lookups.
            var matches: [ArgumentConversionMatch] = []
            for (key, binding) in candidates where seen.insert(key).inserted {
                guard let registration = binding.registration as? any ConvertsArguments,
                    registration.argumentTypes.count == count,
                    let converted = registration.argumentConversion.convert(arguments)
                else { continue }
                matches.append(ArgumentConversionMatch(key: key, binding: binding, arguments: converted))
            }
            if !matches.isEmpty { return matches }
            container = current.parent
        }
        return []
    }
}

extension ResolutionContext {
    /// Resolves a request that missed through the one registration of its type and name whose argument types the
    /// arguments convert to; `nil` when none does. Throws `ambiguousArguments` when several do.
    func resolveConvertingArguments<Service>(
        key: ServiceKey, as serviceType: Service.Type, name: String?, arguments: Any,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service? {
        guard key.argumentsType != ArgumentsKey.none,
            let match = try argumentConversion(
                for: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes())
        else { return nil }
        let registration = match.binding.registration
        let instance = try instance(of: registration, as: Service.self, name: name, arguments: match.arguments)
        // `case let` rather than `as?`: no metadata of `Optional<Service>`.
        switch instance {
        case let service as Service:
            return service
        default:
            let request = ServiceRequest(
                serviceType: Service.self, name: name, argumentTypes: registration.argumentTypes)
            throw ResolutionError(
                kind: .wrongInstanceType(actual: type(of: instance)), request: request,
                path: currentPath() + [request], registration: registration.describe()
            )
        }
    }

    /// For a wrapper (`Optional`, ``Lazy``, ``Provider``) whose wrapped type missed: the one binding whose argument
    /// types the arguments convert to, and the converted request; `nil` when none does, `ambiguousArguments` when
    /// several do.
    func convertingArguments(
        of request: WrappedRequest, wrappedType: Any.Type
    ) throws(ResolutionError) -> (binding: Container.Binding, request: WrappedRequest)? {
        guard request.key.argumentsType != ArgumentsKey.none,
            let match = try argumentConversion(
                for: request.key, as: wrappedType, name: request.name, arguments: request.arguments.value,
                argumentTypes: request.argumentTypes)
        else { return nil }
        let converted = WrappedRequest(
            key: match.key, name: request.name, arguments: ArgumentBox(match.arguments),
            argumentTypes: match.binding.registration.argumentTypes
        )
        return (match.binding, converted)
    }

    /// The one binding for `key`'s service type and `name` whose argument types `arguments` convert to, if any.
    private func argumentConversion(
        for key: ServiceKey, as serviceType: Any.Type, name: String?, arguments: Any, argumentTypes: [Any.Type]
    ) throws(ResolutionError) -> ArgumentConversionMatch? {
        let matches = container.argumentConversions(
            of: key.serviceType, name: name, count: argumentTypes.count, asked: key.argumentsType,
            arguments: arguments
        )
        guard matches.count > 1 else { return matches.first }
        let request = ServiceRequest(serviceType: serviceType, name: name, argumentTypes: argumentTypes)
        let registrations =
            matches
            .map { $0.binding.registration.describe(as: $0.binding.serviceType, name: .some($0.binding.name)) }
            .sorted(byKey: { $0.description })
        throw ResolutionError(
            kind: .ambiguousArguments, request: request, path: currentPath() + [request],
            registrations: registrations
        )
    }
}
