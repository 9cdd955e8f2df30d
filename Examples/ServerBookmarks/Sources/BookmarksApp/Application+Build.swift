import Hummingbird
import Logging
import Syringe

/// The composition root: the app's container, with what differs from the keys' defaults registered over them.
public enum AppContainer {
    public static func make(configuration: AppConfiguration = AppConfiguration()) -> Container {
        let container = Container()
        container.register(.configuration) { _ in configuration }
        return container
    }
}

/// The routes, resolving each request's service from `container` inside the request's scope.
public func buildRouter(container: Container) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: RequestScopeMiddleware())
    router.get("/bookmarks") { _, _ -> [Bookmark] in
        try await container.async[.bookmarks].list()
    }
    router.post("/bookmarks") { request, context -> EditedResponse<Bookmark> in
        let new = try await request.decode(as: NewBookmark.self, context: context)
        let bookmark = try await container.async[.bookmarks].add(new)
        return EditedResponse(status: .created, response: bookmark)
    }
    return router
}

/// The application: the routes, and the container shut down once the server has drained.
public func buildApplication(
    container: Container, host: String = "127.0.0.1", port: Int = 8080, logger: Logger = Logger(label: "bookmarks")
) -> some ApplicationProtocol {
    SyringeLogging.route(to: logger)
    return Application(
        router: buildRouter(container: container),
        configuration: .init(address: .hostname(host, port: port)),
        services: [ContainerLifecycleService(container: container)],
        logger: logger
    )
}
