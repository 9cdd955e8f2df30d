import Foundation
import Syringe
import Testing

private actor Database {
    static func connect() async throws -> Database {
        await Task.yield()
        return Database()
    }
}

private final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}

private struct Session: Sendable {
    let user: String
    let attempt: Int
}

private final class Clock: Sendable {}

private final class MessageLog: @unchecked Sendable {
    // @unchecked Sendable: `lines` is only touched under `lock`.
    private let lock = TestLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.run { lines.append(line) } }
    var all: [String] { lock.run { lines } }
}

@Suite("container.async runs the async path, or does not compile")
struct AsyncContainerResolverTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(Database.self) { _ in try await Database.connect() }.inObjectScope(.container)
        container.register(Repository.self) { r in Repository(database: try await r.require(Database.self)) }
        container.register(Session.self, name: "guest") { _, user, attempt in
            await Task.yield()
            return Session(user: user, attempt: attempt)
        }
        container.register(Clock.self) { _ in Clock() }
        return container
    }

    @Test("container.async is not a Resolver: it has no synchronous resolve for the compiler to pick")
    func viewIsNotASynchronousResolver() {
        let view: Any = Container().async
        #expect(!(view is any Resolver))
        #expect(!(view is any AsyncResolver))
    }

    @Test("The optional resolve through container.async runs an async factory that awaits another")
    func optionalResolveRunsAsyncFactories() async throws {
        let container = makeContainer()
        let repository = try #require(await container.async.resolve(Repository.self))
        let again = try #require(await container.async.resolve(Repository.self, name: nil))
        #expect(repository !== again)
        #expect(repository.database === again.database)
    }

    @Test("Every spelling of container.async passes names and arguments to the async factory")
    func spellingsPassNamesAndArguments() async throws {
        let container = makeContainer()
        let resolved = await container.async.resolve(Session.self, name: "guest", arguments: "ana", 2)
        #expect(resolved?.user == "ana" && resolved?.attempt == 2)
        let required = try await container.async.require(Session.self, name: "guest", arguments: "bo", 3)
        #expect(required.user == "bo" && required.attempt == 3)
        #expect(await container.async.resolve(Session.self, arguments: "ana", 2) == nil)
        let missing = await #expect(throws: ResolutionError.self) {
            try await container.async.require(Session.self, name: "guest", argument: "ana")
        }
        #expect(missing?.code == .argumentMismatch)
        #expect(await container.async.resolve(Clock.self) != nil)
        #expect(try await container.async.require(Clock.self, name: nil) !== container.resolve(Clock.self))
    }

    @Test("A miss through container.async is a typed error from require and nil with a message from resolve")
    func missesAreTypedAndLogged() async throws {
        let container = makeContainer()
        let error = await #expect(throws: ResolutionError.self) { try await container.async.require(Int.self) }
        #expect(error?.code == .notRegistered)
        #expect(await container.async.resolve(Int.self) == nil)
        // A synchronous resolve of the async registration: nil, and a message that says to await it.
        let log = MessageLog()
        loggingSinkLock.run {
            let previous = Container.loggingFunction
            Container.loggingFunction = { log.append($0) }
            defer { Container.loggingFunction = previous }
            #expect(container.resolve(Repository.self) == nil)
        }
        // This test's message: tests running meanwhile may log through the same sink (a miss of theirs).
        let message = try #require(log.all.last { $0.contains("cannot resolve Repository") })
        #expect(message.contains("Repository is async or actor-isolated, and a synchronous call cannot run it"))
        #expect(message.contains("try await container.async.require(Repository.self)"))
    }

    @Test("A factory's resolver still does both: the synchronous methods of a Resolver, and await for any registration")
    func factoryResolverDoesBoth() async throws {
        let container = makeContainer()
        final class Both: Sendable {
            let clock: Clock
            let repository: Repository
            init(clock: Clock, repository: Repository) {
                self.clock = clock
                self.repository = repository
            }
        }
        container.register(Both.self) { (r: any AsyncResolver) in
            let synchronous: any Resolver = r  // the synchronous methods, in this resolution's graph
            let clock = try synchronous.require(Clock.self)
            #expect(synchronous.resolve(Repository.self) == nil)  // an async registration needs await
            return Both(clock: clock, repository: try await r.require(Repository.self))
        }
        let both = try await container.async.require(Both.self)
        let database = try await container.async.require(Database.self)
        #expect(both.repository.database === database)
    }

    @Test("container.async from a detached task and from many tasks at once makes the async singleton once")
    func concurrentTopLevelCalls() async throws {
        let container = makeContainer()
        let databases = try await withThrowingTaskGroup(of: Database.self) { group in
            for _ in 0..<16 {
                group.addTask { try await container.async.require(Repository.self).database }
            }
            return try await group.reduce(into: [Database]()) { $0.append($1) }
        }
        let detached = try await Task.detached { try await container.async.require(Database.self) }.value
        #expect(databases.count == 16)
        #expect(databases.allSatisfy { $0 === detached })
    }
}
