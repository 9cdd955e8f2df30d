// The context of the doc-comment samples of Sources/Syringe/DeclaredKeys (CONTRIBUTING.md, "Samples in
// doc comments"); Common.context.swift has the rest. The keys themselves are declared by the samples: each
// `static let` of `extension ServiceKeys` once in the folder (session and api in ServiceKeys.swift; cart, detail,
// model and prices in DeclaredKey.swift's first sample; `ServiceKeys.all` in Container+KeyVerification.swift), and a
// sample may use a key another sample declares. Only the types they make are here.
import Testing

let app = Container()
var graph: DependencyGraph { value() }
var collision: KeyCollision { value() }

@globalActor actor StorageActor {
    static let shared = StorageActor()
}
final class Store {
    init(inMemory: Bool = false) {}
}
final class SearchIndex {
    init() {}
}
final class Detail {
    init(id: Int, api: any API = MockAPI()) {}
}
final class Product {
    init(id: Int, api: any API) {}
}
final class Invoice {
    init(number: Int, currency: String) {}
}
final class JSONFormatter: Formatter, @unchecked Sendable {}
@MainActor final class ProfileModel {
    init(api: any API) {}
}
@MainActor final class HomeModel {
    init() {}
}
struct PriceList: Sendable {
    var prices: [String: Int]
    static func load(api: any API = LiveAPI()) async throws -> PriceList { PriceList(prices: [:]) }
}
struct ExchangeRates: Sendable {
    static func download() async throws -> ExchangeRates { ExchangeRates() }
}
struct Stock: Sendable {
    static func load(api: any API) async throws -> Stock { Stock() }
}
struct Quote: Sendable {
    static func fetch(_ currency: String) async throws -> Quote { Quote() }
}
final class ProductPage {
    init(api: any API, detail: Detail) {}
}
final class Catalog {
    init(prices: PriceList, quote: Quote) {}
}
