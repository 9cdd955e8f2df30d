/// The container seen from main-actor code (``Container/mainActor``): resolves synchronously, `@MainActor`
/// registrations included. `async` factories still need ``Container/async``.
///
/// ```swift
/// container.register(ViewModel.self, isolatedTo: MainActor.self) { _ in ViewModel() }
/// @MainActor func show() -> ViewModel? { container.mainActor.resolve(ViewModel.self) }
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

    /// Verifies the container as ``Container/verify(samples:)`` does, resolving `@MainActor` registrations (and
    /// those that depend on them) for real; `async` ones stay in ``VerificationReport/asynchronous``.
    ///
    /// ```swift
    /// @Test @MainActor func containerIsSound() throws {
    ///     try AppAssembler.makeContainer().mainActor.verify()
    /// }
    /// ```
    @MainActor
    @discardableResult
    public func verify(
        samples: (VerificationSamples) -> Void = { _ in }
    ) throws(VerificationError) -> VerificationReport {
        try VerificationWalk(of: container).walkedOnMainActor(samples: samples).report()
    }

    /// The dependency graph as ``Container/dependencyGraph(samples:)`` draws it, `@MainActor` registrations walked.
    ///
    /// ```swift
    /// let mermaid = container.mainActor.dependencyGraph().mermaid
    /// ```
    @MainActor
    public func dependencyGraph(samples: (VerificationSamples) -> Void = { _ in }) -> DependencyGraph {
        VerificationWalk(of: container, drawing: true).walkedOnMainActor(samples: samples).graph
    }
}

extension Container {
    /// This container seen from main-actor code: synchronous resolution that can run `@MainActor` factories.
    ///
    /// ```swift
    /// let screen = Screen(model: container.mainActor.resolve(ViewModel.self)!)
    /// ```
    public var mainActor: MainActorResolver { MainActorResolver(container: self) }

    /// This container seen from code that awaits: `await` any service, `async` and actor-isolated factories
    /// included. It has only `async` methods, so no call through it falls back to the synchronous path.
    ///
    /// ```swift
    /// let database = try await container.async.require(Database.self)
    /// let session = await container.async.resolve(Session.self, argument: userID)
    /// ```
    @inlinable
    public var async: AsyncContainerResolver { AsyncContainerResolver(container: self) }
}
