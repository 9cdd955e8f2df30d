// The context of the doc-comment samples of Sources/Syringe/RequestScope (CONTRIBUTING.md, "Samples in doc
// comments"); Common.context.swift has the rest.

struct User: Sendable {
    init(id: Int = 0, name: String = "") {}
}
final class Basket: Sendable {
    init(owner: User) {}
    var total: Int { 0 }
}
final class Greeting: Sendable {
    init(for user: User) {}
}
struct RequestID: Sendable {
    init(_ value: String) {}
}
final class AuditLog: Sendable {
    init(request: RequestID) {}
}
final class UnitOfWork: Sendable {
    init(db: Database) {}
}
