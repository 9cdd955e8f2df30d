/// What a resolution error tells about one registration: what it provides and where it was made.
///
/// ```swift
/// for registration in error.registrations { print(registration.fileID, registration.line) }
/// ```
public struct RegistrationDescription: Sendable, Hashable, CustomStringConvertible {
    /// The service type, name and argument types the registration answers.
    ///
    /// ```swift
    /// print(registration.request) // Animal(name: "cat")
    /// ```
    public let request: ServiceRequest
    /// The object scope's description, for example `graph` or `container`.
    ///
    /// ```swift
    /// print(registration.scope) // graph
    /// ```
    public let scope: String
    /// The `#fileID` of the `register` call.
    ///
    /// ```swift
    /// print(registration.fileID) // MyApp/AppAssembly.swift
    /// ```
    public let fileID: String
    /// The line of the `register` call.
    ///
    /// ```swift
    /// print(registration.line) // 12
    /// ```
    public let line: UInt

    /// The registration as text: the request, the scope and the place it was registered.
    ///
    /// ```swift
    /// print(registration.description) // Animal(name: "cat") [graph] at MyApp/AppAssembly.swift:12
    /// ```
    public var description: String {
        "\(request) [\(scope)] at \(fileID):\(line)"
    }
}
