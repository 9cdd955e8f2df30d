/// The identity of one registration: the service type, the name and the runtime argument types. Types are
/// compared by `ObjectIdentifier`, so hashing never walks type metadata.
struct ServiceKey: Hashable, Sendable {
    let serviceType: ObjectIdentifier
    let argumentsType: ArgumentsKey
    let name: String?

    init(serviceType: Any.Type, argumentsType: ArgumentsKey, name: String?) {
        self.serviceType = ObjectIdentifier(serviceType)
        self.argumentsType = argumentsType
        self.name = name
    }

    /// The key of a registration's own types (``Registration/argumentsType``).
    init(serviceType: Any.Type, argumentsType: ArgumentsSignature, name: String?) {
        self.init(serviceType: serviceType, argumentsType: argumentsType.key, name: name)
    }

    init(serviceType: ObjectIdentifier, argumentsType: ArgumentsKey, name: String?) {
        self.serviceType = serviceType
        self.argumentsType = argumentsType
        self.name = name
    }

    /// The key's hash in the registry's tables: the type identities mixed by multiplication, and the name's
    /// ``nameHash(_:)``. No SipHash, so a lookup of an unnamed key costs a few instructions.
    @inline(__always)
    var registryHash: Int {
        var bits = UInt(bitPattern: Int(bitPattern: serviceType)) &* 0x9E37_79B9_7F4A_7C15
        bits ^= argumentsType.bits &* 0xC2B2_AE3D_27D4_EB4F
        if let name { bits ^= nameHash(name) }
        return Int(bitPattern: bits ^ (bits >> 29))
    }

    /// Feeds ``registryHash`` to `hasher`, so that sets of keys do not hash the name with SipHash.
    func hash(into hasher: inout Hasher) {
        hasher.combine(registryHash)
    }
}

/// The identity of a list of runtime argument types, never confusing one tuple argument with several arguments.
/// None: 0. One: the type's metadata address with its lowest bit set (no aligned address has it), so no other
/// metadata is looked up. Several: the address of the metadata of `(any Resolver, Argument1, …)`.
@usableFromInline
struct ArgumentsKey: Hashable, Sendable {
    @usableFromInline
    let bits: UInt

    @usableFromInline
    init(bits: UInt) {
        self.bits = bits
    }

    /// The key of no arguments: a constant, so reading it needs no lazy initialization.
    @inlinable
    static var none: ArgumentsKey { ArgumentsKey(bits: 0) }

    /// The key of `(any Resolver, …)`, for several arguments.
    @inlinable
    init(tupleType: Any.Type) {
        self.init(bits: UInt(bitPattern: ObjectIdentifier(tupleType)))
    }

    /// The key of one argument of type `single`.
    @inlinable
    init(single: Any.Type) {
        self.init(bits: UInt(bitPattern: ObjectIdentifier(single)) | 1)
    }
}

/// A registration's argument types: the tuple type `(any Resolver, Argument1, …)` it shows, and its key.
struct ArgumentsSignature: Sendable {
    let type: Any.Type
    let key: ArgumentsKey
}

/// The tuple type of a registration or request with no runtime arguments.
let noArgumentsType: Any.Type = (any Resolver).self

/// The arguments key of a registration or request with no runtime arguments.
let noArgumentsKey = ArgumentsKey.none

/// The argument types of a registration with no runtime arguments.
let noArgumentsSignature = ArgumentsSignature(type: noArgumentsType, key: noArgumentsKey)

/// The arguments key of a registration or request with the given runtime argument types.
// Inlinable: a resolve computes its key in the caller's code, specialized for the argument types.
@inlinable
func argumentsType<each Argument>(_: repeat (each Argument).Type) -> ArgumentsKey {
    var count = 0
    var single: Any.Type = Any.self
    for type in repeat (each Argument).self {
        count += 1
        single = type
    }
    if count == 0 { return .none }
    if count == 1 { return ArgumentsKey(single: single) }
    return ArgumentsKey(tupleType: (any Resolver, repeat each Argument).self)
}

/// The argument types of a registration with the given runtime argument types.
func argumentsSignature<each Argument>(_: repeat (each Argument).Type) -> ArgumentsSignature {
    ArgumentsSignature(
        type: (any Resolver, repeat each Argument).self, key: argumentsType(repeat (each Argument).self)
    )
}

/// The argument types of a pack, as a list for messages.
@usableFromInline
func argumentTypeList<each Argument>(_: repeat (each Argument).Type) -> [Any.Type] {
    var types: [Any.Type] = []
    for type in repeat (each Argument).self {
        types.append(type)
    }
    return types
}
