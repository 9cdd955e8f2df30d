// Types and values that the samples of Documentation/ObjectScopes.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
final class Connection {}

final class Repository {
    let connection: Connection
    init(connection: Connection) { self.connection = connection }
}

final class Screen {
    let users: Repository
    let orders: Repository
    init(users: Repository, orders: Repository) {
        self.users = users
        self.orders = orders
    }
}

final class Cart {}

/// A storage that keeps one instance, as a custom scope's storage.
/// Stands in for an archive on disk: what the last session saved.
enum CartArchive {
    static func load() -> Cart { Cart() }
}

/// A storage that starts with the instance the last session saved.
/// A scope written as a type instead of an `ObjectScope` value.
/// Registers a screen with two repositories sharing a connection in `scope`.

let container = Container()
let scope = ObjectScope.graph
