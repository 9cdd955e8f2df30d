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
/// `ServiceKeys` is a class only so that its subclasses (``Key``, ``KeyWithArguments``, ``MainActorKey``,
/// ``MainActorKeyWithArguments``, ``AsyncKey``, ``AsyncKeyWithArguments``) find the static members declared on it,
/// `.api` included; it has no instances of its own.
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
