/// The container seen from main-actor code: resolves synchronously, `@MainActor` registrations included.
///
/// Its methods are `@MainActor`, so the compiler accepts a synchronous call only from main-actor code;
/// anywhere else it asks for `await` (or use ``Container/async``). It resolves everything the container
/// resolves synchronously, plus factories registered as `@MainActor`. Factories registered `async` still
/// need ``Container/async``.
///
/// ```swift
/// container.register(ViewModel.self, isolatedTo: MainActor.self) { _ in ViewModel() }
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

    /// Verifies the container from main-actor code: as ``Container/verify(samples:)``, and `@MainActor`
    /// registrations (`isolatedTo: MainActor.self`) and the synchronous ones that depend on them are resolved for
    /// real instead of being listed as not verifiable.
    ///
    /// Registrations with an `async` factory are still listed in ``VerificationReport/asynchronous``.
    ///
    /// ```swift
    /// @Test @MainActor func containerIsSound() throws {
    ///     try AppAssembler.makeContainer().mainActor.verify()
    /// }
    /// ```
    ///
    /// - Parameter samples: Provides sample runtime arguments for registrations that take them.
    /// - Returns: What was verified and what could not be.
    /// - Throws: ``VerificationError`` listing every failed resolution and every captive dependency.
    @MainActor
    @discardableResult
    public func verify(
        samples: (VerificationSamples) -> Void = { _ in }
    ) throws(VerificationError) -> VerificationReport {
        try VerificationWalk(of: container).walkedOnMainActor(samples: samples).report()
    }

    /// The container's dependency graph, walked from main-actor code: as ``Container/dependencyGraph(samples:)``,
    /// and `@MainActor` registrations (and the synchronous ones that depend on them) are walked too.
    ///
    /// ```swift
    /// @MainActor func exportWiring() -> String {
    ///     container.mainActor.dependencyGraph().mermaid
    /// }
    /// ```
    ///
    /// - Parameter samples: Sample runtime arguments, so registrations that take them are walked too.
    /// - Returns: The graph.
    @MainActor
    public func dependencyGraph(samples: (VerificationSamples) -> Void = { _ in }) -> DependencyGraph {
        VerificationWalk(of: container, drawing: true).walkedOnMainActor(samples: samples).graph
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

    /// This container seen from code that awaits: `await` any service, `async` and actor-isolated factories
    /// included.
    ///
    /// An ``AsyncContainerResolver``, which has only `async` methods: a call through it runs the `async` path
    /// wherever it compiles, top-level code (`main.swift`) included, and never falls back to a synchronous
    /// `resolve` that cannot run an `async` factory. Each call is one top-level resolution with its own object
    /// graph, as a synchronous `resolve` is.
    ///
    /// ```swift
    /// let database = try await container.async.require(Database.self)
    /// let session = await container.async.resolve(Session.self, argument: userID)
    /// ```
    @inlinable
    public var async: AsyncContainerResolver { AsyncContainerResolver(container: self) }
}
