import BookmarksApp
import Foundation
import Hummingbird
import HummingbirdTesting
import Syringe
import SyringeTesting
import Testing

/// The app's container, as production makes it: each test derives its own from it (the `SyringeTesting` trait).
private let app = AppContainer.make()

@Suite(.testContainer(from: app))
struct BookmarksAppTests {
    /// The app on the test's own container (`Container.test`), driven by Hummingbird's test client.
    private func application() -> some ApplicationProtocol {
        buildApplication(container: Container.test)
    }

    private func post(_ title: String, to client: some TestClientProtocol) async throws -> TestResponse {
        let body = try JSONEncoder().encode(NewBookmark(title: title, url: "https://example.com/\(title)"))
        return try await client.execute(
            uri: "/bookmarks", method: .post, body: ByteBuffer(string: String(decoding: body, as: UTF8.self)))
    }

    @Test func addsAndListsBookmarks() async throws {
        try await application().test(.router) { client in
            #expect(try await post("swift", to: client).status == .created)
            let listed = try await client.execute(uri: "/bookmarks", method: .get)
            let bookmarks = try JSONDecoder().decode([Bookmark].self, from: Data(String(buffer: listed.body).utf8))
            #expect(bookmarks.map(\.title) == ["swift"])
        }
    }

    @Test func eachRequestHasItsOwnScopeDisposedWhenItEnds() async throws {
        let auditLog: AuditLog = try Container.test[.auditLog]
        try await application().test(.router) { client in
            _ = try await post("one", to: client)
            _ = try await post("two", to: client)
            _ = try await client.execute(uri: "/bookmarks", method: .get)
        }
        let entries = auditLog.entries
        #expect(entries.count == 3)
        #expect(entries[0].hasSuffix("/bookmarks: added 1"))
        #expect(entries[1].hasSuffix("/bookmarks: added 2"))
        #expect(entries[2].hasSuffix("/bookmarks: no changes"))
        // One request identifier per request: each trail was its request's own.
        #expect(Set(entries.map { $0.prefix { $0 != " " } }).count == 3)
    }

    @Test func theStoreIsFlushedOnceTheServerHasDrained() async throws {
        let disk = try Container.test[.disk]
        try await application().test(.router) { client in
            _ = try await post("kept", to: client)
            #expect(disk.bookmarks.isEmpty)  // not flushed while the app runs
        }
        // The test client shut the app down: the server first, then the container, whose store flushed.
        #expect(disk.bookmarks.map(\.title) == ["kept"])
        #expect(Container.test.isShutDown)
    }

    @Test(.overriding { c in c.register(.configuration) { _ in AppConfiguration(maxTitleLength: 3) } })
    func aTestOverridesTheConfiguration() async throws {
        try await application().test(.router) { client async throws in
            #expect(try await post("far too long", to: client).status == .badRequest)
            #expect(try await post("ok", to: client).status == .created)
        }
    }

    @Test func theKeysAreSoundWithoutARequest() async throws {
        let report = try await Container.test.async.verify(keys: ServiceKeys.all)
        #expect(
            Set(report.providedByRequest.map(\.request.description)) == [
                "RequestInfo", "AuditTrail", "BookmarksService",
            ])
    }

    @Test func theKeysAreSoundInsideASampleRequest() async throws {
        let report = try await RequestScope().provide(.requestInfo, RequestInfo(id: "sample", path: "/")).run {
            try await Container.test.async.verify(keys: ServiceKeys.all)
        }
        #expect(report.providedByRequest.isEmpty)
    }
}
