// Types and values that the samples of Documentation/ModulesAndLifecycle.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
protocol Animal {}

struct Cat: Animal {
    var name = "Mimi"
    var age = 1
}

protocol Database: AnyObject {
    func flush()
}

final class SQLiteDatabase: Database, Disposable {
    func flush() {}
    func dispose() {}
}

final class HTTPClient {}

struct NetworkModule: Assembly {
    func assemble(container: Container) {
        container.register(HTTPClient.self) { _ in HTTPClient() }
    }
}

final class CrashReporter {}

final class Connection {
    func close() {}
}

final class API {}

final class Cart: Disposable {
    init(api: API) {}
    func dispose() {}
}

let container = Container()
let app = Container()
app.register(API.self) { _ in API() }
