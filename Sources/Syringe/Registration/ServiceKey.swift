/// The identity of one registration: the service type, the registration name and the runtime argument types.
///
/// Types are compared by `ObjectIdentifier`, so hashing a key never walks type metadata; the full types are
/// kept on the ``Registration`` for messages.
struct ServiceKey: Hashable, Sendable {
    /// The service type that is asked for.
    let serviceType: ObjectIdentifier
    /// The metatype of `(any Resolver, Argument1, …)`: unique for every list of argument types, and never collapsing
    /// a single tuple argument into a list of arguments.
    let argumentsType: ObjectIdentifier
    /// The registration name, if any.
    let name: String?

    init(serviceType: Any.Type, argumentsType: Any.Type, name: String?) {
        self.serviceType = ObjectIdentifier(serviceType)
        self.argumentsType = ObjectIdentifier(argumentsType)
        self.name = name
    }

    init(serviceType: ObjectIdentifier, argumentsType: ObjectIdentifier, name: String?) {
        self.serviceType = serviceType
        self.argumentsType = argumentsType
        self.name = name
    }
}

/// The arguments key of a registration or request with no runtime arguments.
let noArgumentsType: Any.Type = (any Resolver).self

/// The arguments key of a registration or request with the given runtime argument types.
@inline(__always)
func argumentsType<each Argument>(_: repeat (each Argument).Type) -> Any.Type {
    (any Resolver, repeat each Argument).self
}

/// The argument types of a pack, as a list for messages.
func argumentTypeList<each Argument>(_: repeat (each Argument).Type) -> [Any.Type] {
    var types: [Any.Type] = []
    for type in repeat (each Argument).self {
        types.append(type)
    }
    return types
}
