/// The namespace of declared keys: extend it with one `static let` per service, and resolve, override and inject
/// through the key the compiler checks (`container[.api]`, `container.register(.api) { … }`, `@Injected(.api)`).
///
/// A key declares a service once: its type, an optional name, a default factory and a scope. Resolving by key
/// cannot fail with "not registered": the first time a key is resolved in a container tree, its default
/// factory is registered, as an ordinary registration, in the root of that tree (the container without a
/// parent), unless that container or an ancestor already has a registration of the same type, name and
/// argument types. From then on the key resolves as `resolve(Service.self, name: name)` does: one lookup.
///
/// ```swift
/// extension ServiceKeys {
///     static let session = Key<Session>(scope: .container) { _ in Session() }
///     static let api = Key<any API> { r in RealAPI(session: try r[.session]) }
/// }
///
/// let container = Container()
/// let api = try container[.api]           // RealAPI, made by the default factory
/// container.register(.api) { _ in MockAPI() }
/// let mock = try container[.api]          // MockAPI
/// ```
///
/// A key is the registration of its type, name and argument types: a Swinject-style registration
/// (`container.register((any API).self) { … }`) of the same type and name is the same key, and overrides it.
/// Give two keys of one type different names.
///
/// Declaring a key costs nothing until it is used: a `static let` is initialized on first access, and nothing
/// is registered before the first resolve.
///
/// `ServiceKeys` is a class only so that its subclasses (``Key``, ``Key/WithArguments``, ``MainActorKey``,
/// ``AsyncKey``) find the static members declared on it, `.api` included; it has no instances of its own.
public class ServiceKeys: @unchecked Sendable {
    // @unchecked Sendable: a non-final class cannot be checked by the compiler. Every stored property here and in
    // the subclasses is a `let` of a Sendable type (metatypes, strings, `ObjectScope`, `@Sendable` closures),
    // and the subclasses are final.

    /// The registry key of the declared service: its type, argument types and name.
    let registryKey: ServiceKey
    /// The service type, for messages.
    let serviceType: Any.Type
    /// Where the key is declared: recorded on its default registration.
    let fileID: String
    let line: UInt
    /// Registers the default factory in the given container unless a registration of the key's type, name and
    /// argument types is already there (see ``Container/bindDefault(_:as:for:)``).
    let installDefault: @Sendable (Container) -> Void

    init(
        registryKey: ServiceKey, serviceType: Any.Type, fileID: String, line: UInt,
        installDefault: @escaping @Sendable (Container) -> Void
    ) {
        self.registryKey = registryKey
        self.serviceType = serviceType
        self.fileID = fileID
        self.line = line
        self.installDefault = installDefault
    }

    /// The request the key answers, for messages.
    var request: ServiceRequest {
        ServiceRequest(serviceType: serviceType, name: registryKey.name)
    }
}

extension ServiceKeys {
    /// A declared service without runtime arguments: its type, an optional name, a scope and the default factory.
    ///
    /// ```swift
    /// extension ServiceKeys {
    ///     static let formatter = Key<Formatter>(name: "json", scope: .container) { _ in JSONFormatter() }
    /// }
    /// let formatter = try container[.formatter]
    /// ```
    public final class Key<Service>: ServiceKeys, @unchecked Sendable {
        // @unchecked Sendable: as ``ServiceKeys``; the properties added here are `let`s of Sendable types.
        /// The registration name; `nil` for the unnamed registration of `Service`.
        ///
        /// ```swift
        /// print(ServiceKeys.formatter.name ?? "unnamed")  // json
        /// ```
        public let name: String?
        /// The scope of the default registration and of overrides made with `register(.key) { … }`;
        /// `nil` for the default scope of the container that keeps the registration.
        ///
        /// ```swift
        /// print(ServiceKeys.formatter.scope ?? .graph)
        /// ```
        public let scope: ObjectScope?
        /// The default factory.
        let factory: @Sendable (any Resolver) throws -> Service

        /// Declares a service of type `Service`.
        ///
        /// ```swift
        /// extension ServiceKeys {
        ///     static let api = Key<any API>(scope: .container) { r in RealAPI(session: try r[.session]) }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - name: The registration name; `nil` (the default) for the unnamed registration of `Service`.
        ///   - scope: The scope of the default registration; `nil` for the default scope of the container that
        ///     keeps it (``ObjectScope/graph`` unless the container says otherwise).
        ///   - fileID: Where the key is declared; recorded on the default registration for messages.
        ///   - line: The line of the declaration.
        ///   - factory: The default factory: makes the service, resolving its dependencies through the resolver.
        public init(
            name: String? = nil, scope: ObjectScope? = nil, fileID: String = #fileID, line: UInt = #line,
            factory: @escaping @Sendable (any Resolver) throws -> Service
        ) {
            self.name = name
            self.scope = scope
            self.factory = factory
            super.init(
                registryKey: ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: name),
                serviceType: Service.self, fileID: fileID, line: line
            ) { container in
                container.bindDefault(
                    PlainRegistration<Service>(
                        body: factory, name: name, fileID: fileID, line: line,
                        configuration: container.configuration(for: scope), lifecycle: container.lifecycle
                    ),
                    as: Service.self,
                    for: ServiceKey(serviceType: Service.self, argumentsType: noArgumentsKey, name: name)
                )
            }
        }
    }
}

extension ServiceKeys.Key {
    /// A declared service whose factory takes runtime arguments, of the types the compiler checks at every
    /// resolve: a key with arguments cannot be resolved without them, nor with others.
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
    /// Needs macOS 14, iOS 17, tvOS 17 or watchOS 10: a generic type with a parameter pack needs their Swift
    /// runtime. Below them, register the service with runtime arguments (`register(_:factory:)`) and resolve it by
    /// type.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    public final class WithArguments<each Argument>: ServiceKeys, @unchecked Sendable {
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
        public init(
            name: String? = nil, scope: ObjectScope? = nil, fileID: String = #fileID, line: UInt = #line,
            factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
        ) {
            self.name = name
            self.scope = scope
            let key = ServiceKey(
                serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name)
            super.init(registryKey: key, serviceType: Service.self, fileID: fileID, line: line) { container in
                container.bindDefault(
                    argumentRegistration(
                        repeat (each Argument).self, name: name, fileID: fileID, line: line,
                        configuration: container.configuration(for: scope), lifecycle: container.lifecycle,
                        factory: factory),
                    as: Service.self, for: key
                )
            }
        }
    }
}

/// A registration of `factory`, which takes runtime arguments, as `Container.register(_:name:fileID:line:factory:)`
/// makes one.
private func argumentRegistration<Service, each Argument>(
    _ argumentTypes: repeat (each Argument).Type, name: String?, fileID: String, line: UInt,
    configuration: Registration.Configuration, lifecycle: LifecycleStore,
    factory: @escaping @Sendable (any Resolver, repeat each Argument) throws -> Service
) -> Registration {
    let signature = argumentsSignature(repeat (each Argument).self)
    return ArgumentRegistration<Service>(
        body: { resolver, arguments in
            // Keyed by these argument types: only a request packing exactly them reaches the factory.
            let values = try unpack(arguments, as: (repeat each Argument).self) {
                argumentPackMismatch(repeat (each Argument).self)
            }
            return try factory(resolver, repeat each values)
        },
        argumentConversion: ArgumentConverter<(repeat each Argument)>.self, name: name,
        argumentTypes: argumentTypeList(repeat (each Argument).self), argumentsType: signature,
        fileID: fileID, line: line, configuration: configuration, lifecycle: lifecycle
    )
}
