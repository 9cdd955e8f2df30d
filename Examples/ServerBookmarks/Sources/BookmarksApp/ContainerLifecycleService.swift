import ServiceLifecycle
import Syringe

/// Shuts the container down once the server has drained: waits for the graceful shutdown to reach it, then
/// disposes the container's instances, awaiting each `AsyncDisposable` (the store's flush).
///
/// Added to the application's services, it runs in the application's `ServiceGroup`, which shuts services down in
/// the reverse of their order: the HTTP server (added last by Hummingbird) first, and this service only after the
/// server has finished its requests in flight.
public struct ContainerLifecycleService: Service {
    let container: Container

    public init(container: Container) {
        self.container = container
    }

    public func run() async throws {
        // Returns when the graceful shutdown reaches this service; throws if the task is cancelled instead.
        try? await gracefulShutdown()
        await container.async.shutdown()
    }
}
