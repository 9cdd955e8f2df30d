// The context of the doc-comment samples of Sources/Syringe/Concurrency (CONTRIBUTING.md, "Samples in
// doc comments"); Common.context.swift has the rest.

var resolver: any AsyncResolver { value() }
protocol Plugin: Sendable {}
enum AppAssembler {
    static func makeContainer() -> Container { Container() }
}
@MainActor final class Screen {
    init(model: ViewModel) {}
}
let token = "secret"

// For Container+ActorIsolation.swift.
final class Cache: Sendable {}
final class Store {
    init(cache: Cache) {}
}
final class Catalog {
    init(titles: [String]) {}
}
final class Shelf {
    init(title: String) {}
}
actor Library {
    var books: [String] = ["Dune"]
}
let library = Library()
