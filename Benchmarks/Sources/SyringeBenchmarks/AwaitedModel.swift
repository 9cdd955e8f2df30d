import Syringe

// The request graph of scenario group 14: what a server builds for each request, 7 services. Four are `.container`
// singletons made at startup (the store, metrics, a rate limiter, a log); per request, a context shared in the
// request's graph, a repository over the store and the context, and the handler that takes them all. The handler's
// factory is the `async` one: it awaits its dependencies, as a factory of a server's would.

final class RequestStore: Sendable {}
final class RequestMetrics: Sendable {}
final class RequestRateLimiter: Sendable {}
final class RequestLog: Sendable {}

final class RequestContext: Sendable {}

final class BookmarkRepository: Sendable {
    let store: RequestStore
    let context: RequestContext

    init(store: RequestStore, context: RequestContext) {
        self.store = store
        self.context = context
    }
}

final class RequestHandler: Sendable {
    let repository: BookmarkRepository
    let context: RequestContext
    let metrics: RequestMetrics
    let limiter: RequestRateLimiter
    let log: RequestLog

    init(
        repository: BookmarkRepository, context: RequestContext, metrics: RequestMetrics,
        limiter: RequestRateLimiter, log: RequestLog
    ) {
        self.repository = repository
        self.context = context
        self.metrics = metrics
        self.limiter = limiter
        self.log = log
    }

    /// The number of distinct objects in the graph (7 when the context is shared).
    var objectCount: Int {
        let objects: [AnyObject] = [
            self, repository, context, repository.context, repository.store, metrics, limiter, log,
        ]
        return Set(objects.map(ObjectIdentifier.init)).count
    }
}

/// The request graph's singletons, made once, as the hand-written server holds them.
struct RequestSingletons: Sendable {
    let store = RequestStore()
    let metrics = RequestMetrics()
    let limiter = RequestRateLimiter()
    let log = RequestLog()

    /// The hand-written request graph, built by an `async` function as the awaited one is.
    nonisolated(nonsending) func handler() async -> RequestHandler {
        let context = RequestContext()
        return RequestHandler(
            repository: BookmarkRepository(store: store, context: context), context: context, metrics: metrics,
            limiter: limiter, log: log)
    }

    /// The same graph built synchronously.
    func synchronousHandler() -> RequestHandler {
        let context = RequestContext()
        return RequestHandler(
            repository: BookmarkRepository(store: store, context: context), context: context, metrics: metrics,
            limiter: limiter, log: log)
    }
}

/// The container of the request graph: the handler's factory is `async` (awaiting its dependencies); under the name
/// "synchronous" the same handler has a synchronous factory, so that graph's factories are all synchronous.
func requestGraphContainer() -> Container {
    let container = Container()
    container.register(RequestStore.self) { _ in RequestStore() }.inObjectScope(.container)
    container.register(RequestMetrics.self) { _ in RequestMetrics() }.inObjectScope(.container)
    container.register(RequestRateLimiter.self) { _ in RequestRateLimiter() }.inObjectScope(.container)
    container.register(RequestLog.self) { _ in RequestLog() }.inObjectScope(.container)
    container.register(RequestContext.self) { _ in RequestContext() }
    container.register(BookmarkRepository.self) { r in
        BookmarkRepository(store: try r.require(RequestStore.self), context: try r.require(RequestContext.self))
    }
    container.register(RequestHandler.self) { (r: any AsyncResolver) async throws -> RequestHandler in
        RequestHandler(
            repository: try await r.require(BookmarkRepository.self),
            context: try await r.require(RequestContext.self), metrics: try await r.require(RequestMetrics.self),
            limiter: try await r.require(RequestRateLimiter.self), log: try await r.require(RequestLog.self))
    }
    container.register(RequestHandler.self, name: "synchronous") { r in
        RequestHandler(
            repository: try r.require(BookmarkRepository.self), context: try r.require(RequestContext.self),
            metrics: try r.require(RequestMetrics.self), limiter: try r.require(RequestRateLimiter.self),
            log: try r.require(RequestLog.self))
    }
    // The singletons are made at startup, by a first request.
    _ = container.resolve(RequestHandler.self, name: "synchronous")
    return container
}
