/// A description of one service request: the type, the registration name and the runtime argument types.
///
/// ```swift
/// print(ServiceRequest(serviceType: Animal.self, name: "cat", argumentTypes: [String.self]))
/// ```
public struct ServiceRequest: Sendable, Hashable, CustomStringConvertible {
    /// The requested service type.
    ///
    /// ```swift
    /// print(request.serviceType) // Animal
    /// ```
    public let serviceType: Any.Type
    /// The registration name, or `nil` for the unnamed registration.
    ///
    /// ```swift
    /// print(request.name ?? "unnamed") // cat
    /// ```
    public let name: String?
    /// The types of the runtime arguments, in order; empty when the request had none.
    ///
    /// ```swift
    /// print(request.argumentTypes) // [Swift.String]
    /// ```
    public let argumentTypes: [Any.Type]

    /// Creates a request description.
    ///
    /// ```swift
    /// let request = ServiceRequest(serviceType: Animal.self)
    /// ```
    public init(serviceType: Any.Type, name: String? = nil, argumentTypes: [Any.Type] = []) {
        self.serviceType = serviceType
        self.name = name
        self.argumentTypes = argumentTypes
    }

    /// The request as code-like text, for example `Animal(name: "cat", arguments: (String, Int))`.
    ///
    /// ```swift
    /// print(ServiceRequest(serviceType: Animal.self).description) // Animal
    /// ```
    public var description: String {
        var parts: [String] = []
        if let name { parts.append("name: \"\(name)\"") }
        if !argumentTypes.isEmpty { parts.append("arguments: \(argumentsDescription)") }
        let type = typeName(serviceType)
        return parts.isEmpty ? type : "\(type)(\(parts.joined(separator: ", ")))"
    }

    /// The argument types as a tuple, for example `(String, Int)`, or `()` when there are none.
    var argumentsDescription: String {
        "(" + argumentTypes.map { typeName($0) }.joined(separator: ", ") + ")"
    }

    /// Two requests are equal when they name the same type, name and argument types.
    ///
    /// ```swift
    /// assert(ServiceRequest(serviceType: Int.self) == ServiceRequest(serviceType: Int.self))
    /// ```
    public static func == (lhs: ServiceRequest, rhs: ServiceRequest) -> Bool {
        lhs.serviceType == rhs.serviceType && lhs.name == rhs.name
            && lhs.argumentTypes.count == rhs.argumentTypes.count
            && zip(lhs.argumentTypes, rhs.argumentTypes).allSatisfy { $0 == $1 }
    }

    /// Hashes the type identities and the name.
    ///
    /// ```swift
    /// let set: Set = [ServiceRequest(serviceType: Int.self)]
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(serviceType))
        hasher.combine(name)
        for type in argumentTypes { hasher.combine(ObjectIdentifier(type)) }
    }
}

/// The short name of a type for messages: `Optional<Animal>`, not `Swift.Optional<MyApp.Animal>`.
func typeName(_ type: Any.Type) -> String {
    String(describing: type)
}
