// Types and values that the samples of Documentation/DependencyGraph.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples"). The same types as
// Tests/SyringeTests/DocumentationSamples/DependencyGraphSamples.swift, which checks the page's picture.
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

// The container of the first sample: two services that need each other, so the loop over cycles prints.
let container = Container()
container.register(Author.self) { r in Author(latest: try r.require(Post.self)) }
container.register(Post.self) { r in Post(author: try r.require(Author.self)) }
