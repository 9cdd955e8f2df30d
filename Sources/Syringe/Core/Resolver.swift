/// Something that resolves services: a ``Container`` (also the resolver a factory receives), or a type of your own.
///
/// Two families of calls: `resolve` returns `nil` when the service cannot be made (and logs why through
/// ``Container/loggingFunction``), as Swinject does; `require` returns the service or throws a
/// ``ResolutionError`` that says why. Both take a registration name and runtime arguments.
///
/// Inside a factory, resolve through the resolver the factory receives. As in Swinject, it is the container the
/// resolve went through (`r as? Container` works); a resolve on it from inside the resolution joins that
/// resolution, so graph-scoped services are shared and cycles are reported with their path.
///
/// ```swift
/// container.register(PetOwner.self) { r in
///     PetOwner(pet: r.resolve(Animal.self)!)
/// }
/// let owner = container.resolve(PetOwner.self)
/// let named = try container.require(Animal.self, name: "cat")
/// let withArguments = container.resolve(Animal.self, arguments: "Mimi", 3)
/// ```
public protocol Resolver: Sendable {
    /// Resolves the service registered under `name` without runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service?

    /// Resolves the service registered under `name` with these runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service?

    /// Resolves the service registered under `name` without runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` with the kind of failure and the resolution path.
    func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service

    /// Resolves the service registered under `name` with these runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat", arguments: "Mimi", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` with the kind of failure and the resolution path.
    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service
}

extension Resolver {
    /// Resolves the unnamed service without runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let animal = container.resolve(Animal.self)
    /// ```
    ///
    /// - Parameter serviceType: The service type.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    public func resolve<Service>(_ serviceType: Service.Type) -> Service? {
        resolve(serviceType, name: nil)
    }

    /// Resolves the unnamed service with one runtime argument, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, argument: "Mimi")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - argument: The runtime argument.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    public func resolve<Service, Argument>(_ serviceType: Service.Type, argument: Argument) -> Service? {
        resolve(serviceType, name: nil, arguments: argument)
    }

    /// Resolves the service registered under `name` with one runtime argument, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", argument: "Mimi")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    ///   - argument: The runtime argument.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    public func resolve<Service, Argument>(
        _ serviceType: Service.Type, name: String?, argument: Argument
    ) -> Service? {
        resolve(serviceType, name: name, arguments: argument)
    }

    /// Resolves the unnamed service with several runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    public func resolve<Service, each Argument>(
        _ serviceType: Service.Type, arguments: repeat each Argument
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: repeat each arguments)
    }

    /// Resolves the unnamed service without runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let animal = try container.require(Animal.self)
    /// ```
    ///
    /// - Parameter serviceType: The service type.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError``.
    public func require<Service>(_ serviceType: Service.Type) throws(ResolutionError) -> Service {
        try require(serviceType, name: nil)
    }

    /// Resolves the unnamed service with one runtime argument, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, argument: "Mimi")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - argument: The runtime argument.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError``.
    public func require<Service, Argument>(
        _ serviceType: Service.Type, argument: Argument
    ) throws(ResolutionError) -> Service {
        try require(serviceType, name: nil, arguments: argument)
    }

    /// Resolves the service registered under `name` with one runtime argument, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat", argument: "Mimi")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    ///   - argument: The runtime argument.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError``.
    public func require<Service, Argument>(
        _ serviceType: Service.Type, name: String?, argument: Argument
    ) throws(ResolutionError) -> Service {
        try require(serviceType, name: name, arguments: argument)
    }

    /// Resolves the unnamed service with several runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, arguments: "Mimi", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError``.
    public func require<Service, each Argument>(
        _ serviceType: Service.Type, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try require(serviceType, name: nil, arguments: repeat each arguments)
    }
}
