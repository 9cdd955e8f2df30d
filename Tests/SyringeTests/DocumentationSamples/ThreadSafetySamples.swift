import Syringe
import Testing

/// The samples of Documentation/ThreadSafety.md.
@Suite("Documentation: thread safety, async factories and actors")
struct ThreadSafetySamples {
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

    @MainActor final class ViewModel {
        let api: API
        init(api: API) { self.api = api }
    }

    @globalActor actor DatabaseActor {
        static let shared = DatabaseActor()
    }

    @DatabaseActor final class Store {}

    @MainActor final class Badge {}

    @Test("Async factories resolve with await, with and without arguments")
    func asyncFactories() async throws {
        let container = Container()
        container.register(Database.self) { _ in
            try await Database.connect(url: "sqlite://app")
        }
        .inObjectScope(.container)
        container.register(Repository.self) { r in
            Repository(database: try await r.require(Database.self))
        }
        container.register(Session.self) { (_, user: String) in
            await Session.open(for: user)
        }
        let repository = try await container.async.require(Repository.self)
        let session = await container.async.resolve(Session.self, argument: "ana")
        #expect(repository.database === (try await container.async.require(Database.self)))
        #expect(session?.user == "ana")

        let error = try #require(throws: ResolutionError.self) { try container.require(Database.self) }
        #expect(error.description.contains("try await container.async.require(Database.self)"))
    }

    @Test("A main-actor factory resolves synchronously on the main actor and with await anywhere")
    @MainActor
    func mainActorFactory() async throws {
        let container = Container()
        container.register(API.self) { _ in API() }
        container.register(ViewModel.self, isolatedTo: MainActor.self) { r in
            ViewModel(api: r.resolve(API.self)!)
        }
        #expect(container.mainActor.resolve(ViewModel.self) != nil)
        #expect(try await container.async.require(ViewModel.self) !== container.mainActor.resolve(ViewModel.self))
    }

    @Test("A factory isolated to any global actor resolves with await")
    func globalActorFactory() async throws {
        let container = Container()
        container.register(Store.self) { @DatabaseActor r async in Store() }
        container.register(Badge.self) { @MainActor _ async in Badge() }
        _ = try await container.async.require(Store.self)
        _ = try await container.async.require(Badge.self)
        #expect(container.resolve(Store.self) == nil)
    }
}
