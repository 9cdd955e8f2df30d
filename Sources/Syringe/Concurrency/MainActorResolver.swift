/// The container seen from main-actor code: resolves synchronously, `@MainActor` registrations included.
///
/// Its methods are `@MainActor`, so the compiler accepts a synchronous call only from main-actor code;
/// anywhere else it asks for `await` (or use ``Container/async``). It resolves everything the container
/// resolves synchronously, plus factories registered as `@MainActor`. Factories registered `async` still
/// need ``Container/async``.
///
/// ```swift
/// container.register(ViewModel.self) { @MainActor _ in ViewModel() }
///
/// @MainActor final class Screen {
///     let model = container.mainActor.resolve(ViewModel.self)!
/// }
/// ```
public struct MainActorResolver: Sendable {
    /// The container resolved from.
    ///
    /// ```swift
    /// let container = container.mainActor.container
    /// ```
    public let container: Container

    /// Resolves the service registered under `name` with these runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let model = container.mainActor.resolve(ViewModel.self)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service, or `nil` (with a log message through ``Container/loggingFunction``).
    @MainActor
    public func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String? = nil, arguments: repeat each Argument
    ) -> Service? {
        do {
            return try require(serviceType, name: name, arguments: repeat each arguments)
        } catch {
            Container.log(error)
            return nil
        }
    }

    /// Resolves the service registered under `name` with these runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let model = try container.mainActor.require(ViewModel.self)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` with the kind of failure and the resolution path.
    @MainActor
    public func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String? = nil, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        let result = MainActorPermit.$thread.withValue(currentThreadIdentity()) {
            Result { () throws(ResolutionError) in
                try container.require(serviceType, name: name, arguments: repeat each arguments)
            }
        }
        return try result.get()
    }
}

extension Container {
    /// This container seen from main-actor code: synchronous resolution that can run `@MainActor` factories.
    ///
    /// ```swift
    /// @MainActor func makeScreen() -> Screen {
    ///     Screen(model: container.mainActor.resolve(ViewModel.self)!)
    /// }
    /// ```
    public var mainActor: MainActorResolver { MainActorResolver(container: self) }

    /// This container as an ``AsyncResolver``: `await` any service, `async` and actor-isolated factories included.
    ///
    /// Each call is one top-level resolution with its own object graph, as a synchronous `resolve` is.
    ///
    /// ```swift
    /// let database = try await container.async.require(Database.self)
    /// let session = await container.async.resolve(Session.self, argument: userID)
    /// ```
    public var async: some AsyncResolver { AsyncContainer(container: self) }
}
