import Hummingbird
import Syringe

/// Runs every request in a `RequestScope` of its own, given the request's values: what the handlers resolve in the
/// `.request` scope is made once for the request and disposed when the handler's response is returned.
public struct RequestScopeMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let scope = RequestScope().provide(.requestInfo, RequestInfo(id: context.id, path: request.uri.path))
        return try await scope.run { try await next(request, context) }
    }
}
