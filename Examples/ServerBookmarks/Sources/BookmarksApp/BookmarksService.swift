import Hummingbird

/// The handlers' logic for one request.
public struct BookmarksService: Sendable {
    let store: BookmarkStore
    let trail: AuditTrail
    let configuration: AppConfiguration

    public func list() async -> [Bookmark] {
        await store.all()
    }

    public func add(_ new: NewBookmark) async throws -> Bookmark {
        guard new.title.count <= configuration.maxTitleLength else {
            throw HTTPError(.badRequest, message: "title longer than \(configuration.maxTitleLength) characters")
        }
        let bookmark = await store.add(new)
        trail.record("added \(bookmark.id)")
        return bookmark
    }
}
