// Types and values that the samples of Documentation/ThreadSafety.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
final class Database: Sendable {
    static func connect(url: String) async throws -> Database {
        await Task.yield()
        return Database()
    }
}

final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}

struct Session: Sendable {
    let user: String
    static func open(for user: String) async -> Session { Session(user: user) }
}

final class API: Sendable {}

@DatabaseActor final class Store {}

@MainActor final class Badge {}

let container = Container()
