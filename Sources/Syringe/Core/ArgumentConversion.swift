// Runtime arguments given with other static types than a registration takes: `resolve(Owner.self, argument: Dog())`
// for a factory registered as `{ (_, animal: any Animal) in Owner(animal) }`. The registry keys a registration by
// its argument types, so such a request misses (Swift 6 also opens an existential argument, so `argument: animal`
// with `animal: any Animal` is keyed by the concrete type). After that miss, and only then, the registrations of the
// same service type and name taking as many arguments are tried: each converts the arguments to its own argument
// types with a dynamic cast, made by a converter that knows those types statically (`ArgumentConverter`).

/// Converts runtime arguments to the argument types of one registration.
///
/// Each argument registration carries the converter of its own argument types (``ArgumentConverter``), a metatype
/// made at registration: converting is a plain dynamic cast, with no type looked up at runtime.
@usableFromInline
protocol ArgumentConversion {
    /// `arguments` (one value, or a tuple when several, packed as a request packs them) as the registration's
    /// argument types, packed the same way; `nil` unless every argument converts (`as?`) to its argument type.
    static func convert(_ arguments: Any) -> Any?
}

/// The ``ArgumentConversion`` of a registration whose factory takes the arguments `Arguments`: one type, or the
/// tuple of several, as a request packs them (`ArgumentConverter<(repeat each Argument)>`).
///
/// Never instantiated: a registration keeps its metatype. Generic over the packed tuple rather than over a
/// parameter pack: a generic type with a parameter pack needs the Swift 5.9 runtime (macOS 14, iOS 17), while a
/// tuple made from a pack in a generic function back-deploys; the cast is the same.
@usableFromInline
struct ArgumentConverter<Arguments>: ArgumentConversion {
    @usableFromInline
    static func convert(_ arguments: Any) -> Any? {
        // A tuple converts element by element. One argument is not in a tuple, neither given nor registered (a
        // one-element pack makes the element's type), and the callers compare the numbers of arguments first, so
        // one tuple argument never matches several.
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
    /// The binding's key in its container.
    let key: ServiceKey
    let binding: Container.Binding
    /// The request's arguments, converted to the binding's argument types.
    let arguments: Any
}

extension Container {
    /// The bindings of `serviceType` under `name` whose factories take `count` runtime arguments, with types other
    /// than `asked`, that `arguments` convert to: those of the nearest container that has any (this one, then its
    /// ancestors in order). A container's binding of a key shadows its ancestors' bindings of the same key, as in a
    /// lookup.
    ///
    /// - Complexity: O(n) in the bindings of the containers searched; it runs only after a miss.
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
    /// Resolves a request no binding answers with its arguments' static types through the one registration of the
    /// type and name whose argument types the arguments convert to; `nil` when none does (or the request has no
    /// arguments), for the caller to report the miss.
    ///
    /// - Throws: ``ResolutionError`` of kind ``ResolutionError/Kind/ambiguousArguments`` when the arguments convert
    ///   to the types of several registrations; what resolving the registration throws.
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

    /// For a wrapper (`Optional`, ``Lazy``, ``Provider``) of a type no binding answers with the arguments' static
    /// types: the one binding of the wrapped type whose argument types they convert to, and the request to build
    /// the wrapper with (that binding's key and the converted arguments). `nil` when none does.
    ///
    /// - Throws: ``ResolutionError`` of kind ``ResolutionError/Kind/ambiguousArguments`` when the arguments convert
    ///   to the types of several registrations.
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
