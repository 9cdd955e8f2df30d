// The context of the doc-comment samples of Sources/Syringe/TestContainers (CONTRIBUTING.md, "Samples
// in doc comments"); Common.context.swift has the rest.

let app = Container()
let test = app.derived()
var token: OverrideToken { value() }
final class Model: Sendable {
    func load() async {}
    func refresh() {}
}
let model = Model()
struct User {
    static let fixture = User()
}
struct StubAPI: API {
    init(user: User) {}
}
final class ProfileLoader {
    func load() async throws -> User { .fixture }
}
