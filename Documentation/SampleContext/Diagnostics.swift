// Types and values that the samples of Documentation/Diagnostics.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
import Foundation

protocol Animal: AnyObject {}

final class Cat: Animal {}

final class Dog: Animal {
    init(name: String) {}
}

final class PetOwner {
    init(pet: any Animal) {}
}

final class Order {
    init(id: Int, currency: String) {}
}

protocol Clock: AnyObject {}

final class SystemClock: Clock {}

final class Cache {
    init(clock: any Clock) {}
}

class Database {}

final class SQLiteDatabase: Database {
    init(path: String) throws {}
}

final class Repository {
    init(db: Database, clock: any Clock) {}
}

final class App {
    init(cache: Cache, repository: Repository) {}
}

/// A node that needs another node: resolving it is a circular dependency.
final class Node {
    init(next: Node) {}
}

final class Session {
    init(user: String) {}
}

struct Logger {
    func warning(_ message: String) {}
}

enum AppAssembler {
    static func makeContainer() -> Container {
        Container { c in
            c.register(Animal.self, name: "dog") { (_, name: String) in Dog(name: name) }
            c.register(Session.self) { (_, user: String) in Session(user: user) }
        }
    }
}

let logger = Logger()
let container = Container()

/// Collects the lines a log handler writes, from any thread.
final class LoggedWarnings: @unchecked Sendable {
    // @unchecked Sendable: `lines` is only touched under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var count: Int { lock.withLock { lines.count } }
}
