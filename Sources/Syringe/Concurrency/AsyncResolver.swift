/// A resolver that can also `await` services whose factories are `async` or isolated to a global actor.
///
/// An `async` factory receives one: its `async` methods resolve every registration, and the synchronous ones it
/// inherits from ``Resolver`` resolve synchronous registrations in the same object graph.
///
/// ```swift
/// container.register(Database.self) { _ in try await Database.connect() }.inObjectScope(.container)
/// container.register(Repository.self) { r in
///     Repository(database: try await r.require(Database.self))
/// }
/// let repository = try await container.async.require(Repository.self)
/// ```
public protocol AsyncResolver: Resolver, Sendable {
    /// Resolves the service registered under `name` without runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let database = await resolver.resolve(Database.self, name: "main")
    /// ```
    func resolve<Service>(_ serviceType: Service.Type, name: String?) async -> Service?

    /// Resolves the service registered under `name` with these runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let session = await resolver.resolve(Session.self, name: nil, arguments: userID)
    /// ```
    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) async -> Service?

    /// Resolves the service registered under `name` without runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let database = try await resolver.require(Database.self, name: "main")
    /// ```
    func require<Service>(_ serviceType: Service.Type, name: String?) async throws(ResolutionError) -> Service

    /// Resolves the service registered under `name` with these runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let session = try await resolver.require(Session.self, name: nil, arguments: userID)
    /// ```
    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service
}

extension AsyncResolver {
    /// Resolves the unnamed service without runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let database = await resolver.resolve(Database.self)
    /// ```
    public func resolve<Service>(_ serviceType: Service.Type) async -> Service? {
        await resolve(serviceType, name: nil)
    }

    /// Resolves the unnamed service with one runtime argument, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let session = await resolver.resolve(Session.self, argument: userID)
    /// ```
    public func resolve<Service, Argument>(_ serviceType: Service.Type, argument: Argument) async -> Service? {
        await resolve(serviceType, name: nil, arguments: argument)
    }

    /// Resolves the service registered under `name` with one runtime argument, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let session = await resolver.resolve(Session.self, name: "guest", argument: userID)
    /// ```
    public func resolve<Service, Argument>(
        _ serviceType: Service.Type, name: String?, argument: Argument
    ) async -> Service? {
        await resolve(serviceType, name: name, arguments: argument)
    }

    /// Resolves the unnamed service with several runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let session = await resolver.resolve(Session.self, arguments: userID, token)
    /// ```
    public func resolve<Service, each Argument>(
        _ serviceType: Service.Type, arguments: repeat each Argument
    ) async -> Service? {
        await resolve(serviceType, name: nil, arguments: repeat each arguments)
    }

    /// Resolves the unnamed service without runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let database = try await resolver.require(Database.self)
    /// ```
    public func require<Service>(_ serviceType: Service.Type) async throws(ResolutionError) -> Service {
        try await require(serviceType, name: nil)
    }

    /// Resolves the unnamed service with one runtime argument, or throws why it cannot.
    ///
    /// ```swift
    /// let session = try await resolver.require(Session.self, argument: userID)
    /// ```
    public func require<Service, Argument>(
        _ serviceType: Service.Type, argument: Argument
    ) async throws(ResolutionError) -> Service {
        try await require(serviceType, name: nil, arguments: argument)
    }

    /// Resolves the service registered under `name` with one runtime argument, or throws why it cannot.
    ///
    /// ```swift
    /// let session = try await resolver.require(Session.self, name: "guest", argument: userID)
    /// ```
    public func require<Service, Argument>(
        _ serviceType: Service.Type, name: String?, argument: Argument
    ) async throws(ResolutionError) -> Service {
        try await require(serviceType, name: name, arguments: argument)
    }

    /// Resolves the unnamed service with several runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let session = try await resolver.require(Session.self, arguments: userID, token)
    /// ```
    public func require<Service, each Argument>(
        _ serviceType: Service.Type, arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        try await require(serviceType, name: nil, arguments: repeat each arguments)
    }
}
