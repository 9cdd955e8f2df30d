// Types and values that the samples of Documentation/ContainerHierarchy.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
protocol Theme {
    var name: String { get }
}

struct Light: Theme {
    let name = "light"
}

struct Dark: Theme {
    let name = "dark"
}

final class Settings {
    let theme: any Theme
    init(theme: any Theme) { self.theme = theme }
}

class Database {}

/// The test's stand-in for the database.
final class InMemoryDatabase: Database {}

final class Repository {
    let database: Database
    init(database: Database) { self.database = database }
}

let container = Container()
