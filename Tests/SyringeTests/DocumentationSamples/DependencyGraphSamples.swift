import Foundation
import Syringe
import Testing

/// The sample of Documentation/DependencyGraph.md: the page's picture is this container's Mermaid output, and
/// this test fails when the two differ (it prints the block to paste).
@Suite("Documentation: dependency graph")
struct DependencyGraphSamples {
    final class Logger: Sendable {}
    final class Clock: Sendable {}
    final class APIClient: Sendable {
        init(logger: Logger) {}
    }
    final class Session: Sendable {}
    final class Cache: Sendable {
        init(clock: Clock) {}
    }
    final class FeedRepository: Sendable {
        init(api: APIClient, cache: Cache) {}
    }
    protocol FeedLoading: Sendable {}
    final class FeedService: FeedLoading {
        init(repository: FeedRepository) {}
    }
    final class Author: Sendable {
        init(latest: Post) {}
    }
    final class Post: Sendable {
        init(author: Author) {}
    }
    protocol Analytics: Sendable {}
    final class Tracker: Sendable {
        init(analytics: any Analytics) {}
    }
    @MainActor final class FeedViewModel {
        init(feed: any FeedLoading) {}
    }
    final class CommentList: Sendable {
        init(postID: Int) {}
    }

    struct NetworkAssembly: Assembly {
        func assemble(container: Container) {
            container.register(APIClient.self) { r in APIClient(logger: try r.require(Logger.self)) }
                .inObjectScope(.container)
            container.register(Session.self) { _ in
                await Task.yield()
                return Session()
            }
        }
    }

    struct FeedAssembly: Assembly {
        func assemble(container: Container) {
            container.register(Cache.self) { r in Cache(clock: try r.require(Clock.self)) }.inObjectScope(.container)
            container.register(FeedRepository.self) { r in
                FeedRepository(api: try r.require(APIClient.self), cache: try r.require(Cache.self))
            }
            container.register(FeedService.self) { r in FeedService(repository: try r.require(FeedRepository.self)) }
                .implements((any FeedLoading).self)
            container.register(FeedViewModel.self, isolatedTo: MainActor.self) { r in
                FeedViewModel(feed: try r.require((any FeedLoading).self))
            }
            container.register(CommentList.self) { (_, postID: Int) in CommentList(postID: postID) }
        }
    }

    /// The page's example.
    static func makeContainer() throws -> Container {
        let app = Container()
        app.register(Logger.self) { _ in Logger() }.inObjectScope(.container)
        app.register(Clock.self) { _ in Clock() }.inObjectScope(.transient)

        let feature = Container(parent: app)
        try feature.load(NetworkAssembly(), FeedAssembly())
        feature.register(Author.self) { r in Author(latest: try r.require(Post.self)) }
        feature.register(Post.self) { r in Post(author: try r.require(Author.self)) }
        feature.register(Tracker.self) { r in Tracker(analytics: try r.require((any Analytics).self)) }
        return feature
    }

    @Test("The picture on the page is the Mermaid output of its example")
    func pageShowsTheGeneratedPicture() throws {
        let mermaid = try Self.makeContainer().dependencyGraph().mermaid
        let page = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Documentation/DependencyGraph.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```mermaid\n").dropFirst().first)
            .components(separatedBy: "```").first
        #expect(block == mermaid, "Paste into Documentation/DependencyGraph.md:\n```mermaid\n\(mermaid)```")
    }
}
