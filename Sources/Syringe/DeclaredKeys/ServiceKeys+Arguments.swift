// Declared keys whose factories take runtime arguments: `Key<Detail>.WithArguments<Int>`, resolved with
// `container[.detail, 42]`, the argument types checked by the compiler at every resolve.
//
// Why a type generic over a tuple, spelled through a variadic type alias: a generic *type* with a parameter pack
// needs the Swift 5.9 runtime (macOS 14, iOS 17, tvOS 17, watchOS 10), a generic *function* with one does not,
// nor does a type alias. So the key is `KeyWithArguments<Service, Parameters>`, generic over the tuple of its
// factory's parameter types, `(any Resolver, Argument1, …)`; `Key<Service>.WithArguments<each Argument>` names
// it; its initializer and every call site are pack-generic functions. The resolver leads the tuple so that it is
// never a one-element tuple: Swift collapses `(Int)` to `Int`, and then a call site's pack could not be inferred
// from the key's type (Swift 6.3.1: "cannot convert value of type 'Int' to expected argument type '(_: Int)'"),
// and one tuple argument `(Int, Int)` would read as two `Int`s. The registry key is the same as before.

extension ServiceKeys.Key {
    /// A declared service whose factory takes runtime arguments of the types `Argument…`, checked by the compiler
    /// at every resolve: a key with arguments cannot be resolved without them, nor with others.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let detail = Key<DetailModel>.WithArguments<Int> { r, id in
    ///         DetailModel(id: id, api: try r[.api])
    ///     }
    /// }
    /// let model = try container[.detail, 42]
    /// ```
    ///
    /// It names ``ServiceKeys/KeyWithArguments`` with the parameter list of the key's factory, so it works on every
    /// supported OS (a type alias with a parameter pack needs nothing of the runtime).
    public typealias WithArguments<each Argument> = ServiceKeys.KeyWithArguments<
        Service, (any Resolver, repeat each Argument)
    >
}

extension ServiceKeys {
    /// A declared service whose factory takes runtime arguments: write it ``Key/WithArguments``
    /// (`Key<DetailModel>.WithArguments<Int>`), and resolve it with its arguments (`container[.detail, 42]`).
    ///
    /// `Parameters` is the parameter list of the key's factory as a tuple, `(any Resolver, Int)` for one `Int`
    /// argument: the compiler infers the argument types of every resolve and override from it.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let greeting = Key<String>.WithArguments<String, Int>(name: "greeting") { _, name, age in
    ///         "\(name), \(age)"
    ///     }
    /// }
    /// let greeting = try container[.greeting, "Mimi", 3]
    /// ```
    public final class KeyWithArguments<Service, Parameters>: ServiceKeys, @unchecked Sendable {
        // @unchecked Sendable: as ``ServiceKeys``; the properties added here are `let`s of Sendable types.
        /// The registration name; `nil` for the unnamed registration of `Service` with these argument types.
        ///
        /// ```swift
        /// print(ServiceKeys.detail.name ?? "unnamed")
        /// ```
        public let name: String?
        /// The scope of the default registration and of overrides; `nil` for the default scope of the container
        /// that keeps the registration.
        ///
        /// ```swift
        /// print(ServiceKeys.detail.scope ?? .graph)
        /// ```
        public let scope: ObjectScope?
        /// The default factory, taking the arguments packed as a request packs them (one value, or a tuple).
        let factory: @Sendable (any Resolver, Any) throws -> Service

        /// Declares a service of type `Service` made from runtime arguments.
        ///
        /// ```swift
        /// extension ServiceKeys {
        ///     static let greeting = Key<String>.WithArguments<String, Int> { _, name, age in "\(name), \(age)" }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The registration name; `nil` (the default) for the unnamed registration.
        ///   - scope: The scope of the default registration; `nil` for the default scope of the container that
        ///     keeps it.
        ///   - fileID: Where the key is declared; recorded on the default registration for messages.
        ///   - line: The line of the declaration.
        ///   - factory: The default factory: makes the service from the resolver and the runtime arguments.
        public init<each Argument>(
            name: String? = nil, scope: ObjectScope? = nil, fileID: String = #fileID, line: UInt = #line,
            factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
        ) where Parameters == (any Resolver, repeat each Argument) {
            self.name = name
            self.scope = scope
            let body: @Sendable (any Resolver, Any) throws -> Service = { resolver, arguments in
                // Keyed by these argument types: only a request packing exactly them reaches the factory.
                let values = try unpack(arguments, as: (repeat each Argument).self) {
                    argumentPackMismatch(repeat (each Argument).self)
                }
                return try factory(resolver, repeat each values)
            }
            self.factory = body
            let key = ServiceKey(
                serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name)
            super.init(registryKey: key, serviceType: Service.self, fileID: fileID, line: line) { container in
                container.bindDefault(
                    ArgumentRegistration<Service>(
                        body: body, argumentConversion: ArgumentConverter<(repeat each Argument)>.self, name: name,
                        argumentTypes: argumentTypeList(repeat (each Argument).self),
                        argumentsType: argumentsSignature(repeat (each Argument).self), fileID: fileID, line: line,
                        configuration: container.configuration(for: scope), lifecycle: container.lifecycle
                    ),
                    as: Service.self, for: key
                )
            }
        }
    }
}

extension Container {
    /// Overrides a declared key that takes runtime arguments, with a factory taking the same arguments.
    ///
    /// ```swift
    /// container.register(.detail) { _, id in DetailModel(id: id, api: MockAPI()) }
    /// ```
    ///
    /// - Parameters:
    ///   - key: The declared key.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - factory: Makes the service from the resolver and the runtime arguments.
    /// - Returns: The registration, to configure further.
    @discardableResult
    public func register<Service, each Argument>(
        _ key: ServiceKeys.KeyWithArguments<Service, (any Resolver, repeat each Argument)>,
        fileID: String = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
    ) -> ServiceEntry<Service> {
        let entry = register(Service.self, name: key.name, fileID: fileID, line: line, factory: factory)
        if let scope = key.scope { entry.inObjectScope(scope) }
        return entry
    }
}
