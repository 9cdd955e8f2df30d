/// The container seen from code that awaits (``Container/async``): every call runs the `async` path.
///
/// It has only `async` methods, so no call can fall back to a synchronous `resolve`. Each call is one resolution
/// with its own object graph, on its caller's executor: a synchronous factory resolves without suspending.
///
/// ```swift
/// container.register(Database.self) { _ in try await Database.connect() }.inObjectScope(.container)
/// container.register(Repository.self) { r in Repository(db: try await r.require(Database.self)) }
/// let repository = await container.async.resolve(Repository.self)
/// ```
public struct AsyncContainerResolver: Sendable {
    /// The container resolved from.
    ///
    /// ```swift
    /// let container = container.async.container
    /// ```
    public let container: Container

    /// Creates the view of `container` that ``Container/async`` returns.
    ///
    /// ```swift
    /// let resolver = AsyncContainerResolver(container: container)
    /// ```
    @inlinable
    public init(container: Container) {
        self.container = container
    }

    /// Resolves the service registered under `name` without runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let repository = await container.async.resolve(Repository.self)
    /// ```
    @inlinable
    nonisolated(nonsending) public func resolve<Service>(
        _ serviceType: Service.Type, name: String? = nil
    ) async -> Service? {
        do {
            return try await require(serviceType, name: name)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// Resolves the service registered under `name` with one runtime argument, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let session = await container.async.resolve(Session.self, argument: userID)
    /// ```
    @inlinable
    nonisolated(nonsending) public func resolve<Service, Argument>(
        _ serviceType: Service.Type, name: String? = nil, argument: Argument
    ) async -> Service? {
        await resolve(serviceType, name: name, arguments: argument)
    }

    /// Resolves the service registered under `name` with these runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let session = await container.async.resolve(Session.self, arguments: userID, token)
    /// ```
    @inlinable
    nonisolated(nonsending) public func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String? = nil, arguments: repeat each Argument
    ) async -> Service? {
        do {
            return try await require(serviceType, name: name, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// Resolves the service registered under `name` without runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let repository = try await container.async.require(Repository.self)
    /// ```
    // Inlinable, on the caller's executor: a synchronous factory resolves in the caller's code, with no suspension
    // and no executor hop.
    @inlinable
    nonisolated(nonsending) public func require<Service>(
        _ serviceType: Service.Type, name: String? = nil
    ) async throws(ResolutionError) -> Service {
        do {
            return try container.requireUnlessAwaited(Service.self, name: name)
        } catch {
            guard case .failed(let failure) = error else { return try await requireAwaiting(Service.self, name: name) }
            throw failure
        }
    }

    /// ``require(_:name:)`` of a registration that needs the awaited path.
    @usableFromInline
    nonisolated(nonsending) func requireAwaiting<Service>(
        _ serviceType: Service.Type, name: String?
    ) async throws(ResolutionError) -> Service {
        try await inNewResolution { (resolution) async throws(ResolutionError) -> Service in
            try await resolution.require(serviceType, name: name)
        }
    }

    /// Resolves the service registered under `name` with one runtime argument, or throws why it cannot.
    ///
    /// ```swift
    /// let session = try await container.async.require(Session.self, argument: userID)
    /// ```
    @inlinable
    nonisolated(nonsending) public func require<Service, Argument>(
        _ serviceType: Service.Type, name: String? = nil, argument: Argument
    ) async throws(ResolutionError) -> Service {
        try await require(serviceType, name: name, arguments: argument)
    }

    /// Resolves the service registered under `name` with these runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let session = try await container.async.require(Session.self, arguments: userID, token)
    /// ```
    @inlinable
    nonisolated(nonsending) public func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String? = nil, arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        do {
            return try container.requireUnlessAwaited(
                Service.self, name: name, argumentsKey: argumentsType(repeat (each Argument).self),
                arguments: (repeat each arguments)
            ) {
                argumentTypeList(repeat (each Argument).self)
            }
        } catch {
            guard case .failed(let failure) = error else {
                return try await requireAwaiting(Service.self, name: name, arguments: repeat each arguments)
            }
            throw failure
        }
    }

    /// ``require(_:name:arguments:)`` of a registration that needs the awaited path.
    @usableFromInline
    nonisolated(nonsending) func requireAwaiting<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        try await inNewResolution { (resolution) async throws(ResolutionError) -> Service in
            try await resolution.require(serviceType, name: name, arguments: repeat each arguments)
        }
    }

    /// Runs `body` in a new top-level awaited resolution (one object graph), ended when it returns.
    nonisolated(nonsending) private func inNewResolution<Result>(
        _ body: (AsyncResolution) async throws(ResolutionError) -> Result
    ) async throws(ResolutionError) -> Result {
        let root = AsyncResolution.Root(container: container)
        let resolution = AsyncResolution(root: root)
        defer {
            resolution.end()
            root.finish()
        }
        return try await body(resolution)
    }

    // MARK: Multi-injection

    /// Resolves an instance of every registration of `serviceType` with `await`, in one object graph, skipping (and
    /// logging) those that fail: the registrations and order of ``Resolver/resolveAll(_:)``.
    ///
    /// ```swift
    /// let plugins = await container.async.resolveAll(Plugin.self)
    /// ```
    nonisolated(nonsending) public func resolveAll<Service>(_ serviceType: Service.Type) async -> [Service] {
        // Nothing is thrown when failures are skipped.
        (try? await all(serviceType, skippingFailures: true)) ?? []
    }

    /// Resolves an instance of every registration of `serviceType` with `await`, or throws the first failure.
    ///
    /// ```swift
    /// let plugins = try await container.async.requireAll(Plugin.self)
    /// ```
    nonisolated(nonsending) public func requireAll<Service>(
        _ serviceType: Service.Type
    ) async throws(ResolutionError) -> [Service] {
        try await all(serviceType, skippingFailures: false)
    }

    /// The instances of ``resolveAll(_:)`` (`skippingFailures`: a failure is logged and left out) or of
    /// ``requireAll(_:)`` (the first failure is thrown), in one awaited resolution.
    nonisolated(nonsending) private func all<Service>(
        _ serviceType: Service.Type, skippingFailures: Bool
    ) async throws(ResolutionError) -> [Service] {
        try await inNewResolution { (resolution) async throws(ResolutionError) -> [Service] in
            var view = RegistryView(of: container)
            var instances: [Service] = []
            for found in view.allBindings(of: ObjectIdentifier(Service.self)) {
                do throws(ResolutionError) {
                    instances.append(try await resolution.require(Service.self, name: found.name))
                } catch  where skippingFailures {
                    Container.log(error)
                }
            }
            return instances
        }
    }
}
