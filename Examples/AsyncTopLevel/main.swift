// Awaiting services from top-level code (`main.swift`): run it with `swift run AsyncTopLevel`.
//
// Top-level code is where the compiler once picked a synchronous `resolve` for `await container.async.resolve(…)`,
// which cannot run an `async` factory and returned nil. `container.async` has only `async` methods now, so every
// call below runs the async path. CI runs this program; it exits with status 1 if any check fails.
import Syringe

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

actor Database {
    private(set) var rows: [String] = []
    static func connect() async throws -> Database {
        await Task.yield()
        return Database()
    }
    func insert(_ row: String) { rows.append(row) }
}

final class Repository: Sendable {
    let db: Database
    init(db: Database) { self.db = db }
}

struct Session: Sendable {
    let user: String
    let repository: Repository
}

final class Clock: Sendable {}

let container = Container()
container.register(Database.self) { _ in try await Database.connect() }.inObjectScope(.container)
container.register(Repository.self) { r in Repository(db: try await r.require(Database.self)) }
container.register(Session.self) { r, user in Session(user: user, repository: try await r.require(Repository.self)) }
container.register(Clock.self) { _ in Clock() }

var failures: [String] = []
@MainActor func check(_ condition: Bool, _ what: String) {
    print(condition ? "ok   \(what)" : "FAIL \(what)")
    if !condition { failures.append(what) }
}

// The optional form, as the issue wrote it: the repository, not nil.
let repository = await container.async.resolve(Repository.self)
check(repository != nil, "await container.async.resolve(Repository.self) runs the async factory")

// The throwing form, named and with arguments, and a synchronous registration through the same view.
do {
    let again = try await container.async.require(Repository.self)
    check(again !== repository, "each await is its own resolution (Repository is transient)")
    check(again.db === repository?.db, "the .container Database is shared")
    let session = try await container.async.require(Session.self, argument: "ana")
    check(session.user == "ana", "require(_:argument:) passes the argument to the async factory")
    let clock = await container.async.resolve(Clock.self)
    check(clock != nil, "container.async resolves synchronous registrations too")
} catch {
    check(false, "require threw: \(error)")
}

// A miss through the view is a typed error, never a silent nil.
do {
    _ = try await container.async.require(Int.self)
    check(false, "require(Int.self) should throw")
} catch {
    check(error.code == .notRegistered, "a miss throws ResolutionError with code .notRegistered")
}

// The synchronous call still cannot run an async factory: it fails, typed, and says how to fix it.
do {
    _ = try container.require(Repository.self)
    check(false, "a synchronous require of an async registration should throw")
} catch {
    check(error.code == .asyncFactory, "a synchronous require of an async registration throws .asyncFactory")
}

// The optional synchronous resolve returns nil, and is not silent: the default logging function writes why to
// standard error. Capture standard error to check.
let printed = capturingStandardError {
    _ = container.resolve(Repository.self)
    _ = container.resolve(Repository.self)
}
// In debug builds, or with logging enabled, every nil is written; in a release build without it, this mistake
// still is, once per requested service.
let loggingEnabled = getenv("SYRINGE_LOGGING_ENABLED") != nil || getenv("SWINJECT_LOGGING_ENABLED") != nil
let debugBuild: Bool = {
    #if DEBUG
        true
    #else
        false
    #endif
}()
check(
    printed.split(separator: "\n").filter { $0.contains("the factory of Repository is async or actor-isolated") }
        .count == (loggingEnabled || debugBuild ? 2 : 1),
    "a synchronous resolve of an async registration writes why to standard error (once, in a quiet release build)"
)
check(printed.contains("try await container.async.require(Repository.self)"), "the message says to await it")

/// What `body` printed to standard error.
func capturingStandardError(_ body: () -> Void) -> String {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return "" }
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    dup2(ends[1], STDERR_FILENO)
    body()
    fflush(nil)
    dup2(saved, STDERR_FILENO)
    close(saved)
    close(ends[1])
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(ends[0], &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    close(ends[0])
    return String(decoding: bytes, as: UTF8.self)
}

if failures.isEmpty {
    print("AsyncTopLevel: all checks passed.")
} else {
    print("AsyncTopLevel: \(failures.count) check(s) failed.")
    exit(1)
}
