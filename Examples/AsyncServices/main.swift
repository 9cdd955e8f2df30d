// Async factories, a singleton made once by racing tasks, and @MainActor services resolved both ways.
// Run it with `swift run AsyncServices`; it exits with status 1 if a check fails.
import Syringe

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var failures = 0

@MainActor func check(_ condition: Bool, _ claim: String) {
    print(condition ? "  ok    \(claim)" : "  FAIL  \(claim)")
    if !condition { failures += 1 }
}

// MARK: Services

/// Counts connections; an actor, so the racing tasks below may share it.
actor ConnectionLog {
    private(set) var opened = 0
    func open() -> Int {
        opened += 1
        return opened
    }
}

/// A database that can only be opened asynchronously.
final class Database: Sendable {
    let connection: Int
    private init(connection: Int) { self.connection = connection }

    static func connect(log: ConnectionLog) async -> Database {
        await Task.yield()  // stands in for real I/O
        return Database(connection: await log.open())
    }
}

final class Repository: Sendable {
    let database: Database
    init(database: Database) { self.database = database }
}

struct Session: Sendable {
    let user: String
    static func open(for user: String) async -> Session {
        await Task.yield()
        return Session(user: user)
    }
}

struct TitleFormatter: Sendable {
    func title(for user: String) -> String { "Profile of \(user)" }
}

/// UI state: lives on the main actor.
@MainActor final class ProfileViewModel {
    let formatter: TitleFormatter
    var title: String
    init(formatter: TitleFormatter) {
        self.formatter = formatter
        title = formatter.title(for: "ana")
    }
}

/// Another global actor, for services that must stay off the main thread.
@globalActor actor StorageActor {
    static let shared = StorageActor()
}

@StorageActor final class Cache {
    private var entries: [String: String] = [:]
    func store(_ value: String, for key: String) { entries[key] = value }
    func value(for key: String) -> String? { entries[key] }
}

// MARK: Registrations

let log = ConnectionLog()
let container = Container()

container.register(ConnectionLog.self) { _ in log }
container.register(Database.self) { r async throws in
    await Database.connect(log: try await r.require(ConnectionLog.self))
}
.inObjectScope(.container)
container.register(Repository.self) { r in
    Repository(database: try await r.require(Database.self))
}
container.register(Session.self) { (_, user: String) in
    await Session.open(for: user)
}
// A main-actor factory: main-actor code resolves it synchronously, any code with `await`.
container.register(TitleFormatter.self) { _ in TitleFormatter() }
container.register(ProfileViewModel.self, isolatedTo: MainActor.self) { r in
    ProfileViewModel(formatter: try r.require(TitleFormatter.self))
}
.inObjectScope(.container)
container.register(Cache.self) { @StorageActor _ async in Cache() }.inObjectScope(.container)

// MARK: The program

// In a function, not at top level: a top-level `let x = await …` initializes a global, which Swift type-checks
// as synchronous code (it would pick the synchronous `require`).
@MainActor func run() async throws {

    print("1. Async factories, resolved with await")
    let repository = try await container.async.require(Repository.self)
    let session = await container.async.resolve(Session.self, argument: "ana")
    check(session?.user == "ana", "an async factory with a runtime argument")
    check(repository.database.connection == 1, "the repository got the database, connection 1")

    print("2. An async singleton is made once, however many tasks ask at the same time")
    let connections = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<8 {
            group.addTask { (try? await container.async.require(Database.self))?.connection ?? -1 }
        }
        var seen: Set<Int> = []
        for await connection in group { seen.insert(connection) }
        return seen
    }
    check(connections == [1], "eight racing tasks all got connection 1")
    check(await log.opened == 1, "the database was opened once")

    print("3. A synchronous call for an async registration does not block: it says to await")
    do {
        _ = try container.require(Database.self)
        check(false, "a synchronous require of an async registration throws")
    } catch {
        if case .asyncFactory = error.kind {
            check(true, "it throws .asyncFactory")
        } else {
            check(false, "it throws .asyncFactory, not \(error.kind)")
        }
        print("    " + (String(describing: error).split(separator: "\n").first.map(String.init) ?? ""))
    }

    print("4. @MainActor services")
    let model = container.mainActor.resolve(ProfileViewModel.self)  // top-level code runs on the main actor
    check(model?.title == "Profile of ana", "main-actor code resolves it synchronously")
    let awaited = try await container.async.require(ProfileViewModel.self)
    check(awaited === model, "an awaited resolve gets the same .container instance")

    print("5. Another global actor")
    let cache = try await container.async.require(Cache.self)
    await cache.store("ana", for: "user")
    check(await cache.value(for: "user") == "ana", "a @StorageActor service, resolved with await, used on its actor")
}

try await run()

if failures > 0 {
    print("\(failures) check(s) failed")
    exit(1)
}
print("all checks passed")
