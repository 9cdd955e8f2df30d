import Syringe

/// What the service is configured with; the composition root registers the real one.
public struct AppConfiguration: Sendable {
    public var maxTitleLength: Int

    public init(maxTitleLength: Int = 200) {
        self.maxTitleLength = maxTitleLength
    }
}

/// What the request scope is given for each request: the values no factory makes.
public struct RequestInfo: Sendable, Equatable {
    public let id: String
    public let path: String

    public init(id: String, path: String) {
        self.id = id
        self.path = path
    }
}

// The app's services, declared once. Each key's default is the production wiring; the composition root and tests
// register over the few that differ.
extension ServiceKeys {
    public static let configuration = Key<AppConfiguration>(label: "configuration", scope: .container) { _ in
        AppConfiguration()
    }
    public static let disk = Key<BookmarkDisk>(label: "disk", scope: .container) { _ in BookmarkDisk() }
    /// The store, opened with `await` once, and flushed by the container's shutdown.
    public static let store = AsyncKey<BookmarkStore>(label: "store", scope: .container) { r in
        try await BookmarkStore.open(disk: try r[.disk])
    }
    public static let auditLog = Key<AuditLog>(label: "auditLog", scope: .container) { _ in AuditLog() }

    /// The request's own values, provided by `RequestScopeMiddleware`: no default factory.
    public static let requestInfo = Key<RequestInfo>.providedByRequest(label: "requestInfo")
    /// One per request, disposed when the request ends.
    public static let auditTrail = Key<AuditTrail>(label: "auditTrail", scope: .request) { r in
        AuditTrail(request: try r[.requestInfo], log: try r[.auditLog])
    }
    /// The handlers' service, made for each request from the store and the request's trail.
    public static let bookmarks = AsyncKey<BookmarksService>(label: "bookmarks", scope: .request) { r in
        BookmarksService(
            store: try await r[.store], trail: try r[.auditTrail],
            configuration: try r[.configuration])
    }

    /// Every key, for `verify(keys:)`.
    public static let all: [ServiceKeys] = [
        configuration, disk, store, auditLog, requestInfo, auditTrail, bookmarks,
    ]
}
