import Hummingbird

/// A saved link: what the API stores and answers.
public struct Bookmark: ResponseCodable, Equatable, Sendable {
    public let id: Int
    public let title: String
    public let url: String
}

/// The body of `POST /bookmarks`.
public struct NewBookmark: Codable, Sendable {
    public let title: String
    public let url: String

    public init(title: String, url: String) {
        self.title = title
        self.url = url
    }
}
