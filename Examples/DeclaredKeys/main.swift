// Declared keys end to end: services declared once with their default factories, resolved, overridden in a
// feature container and a test container, injected into properties, awaited, and verified before first use.
// Run it with `swift run DeclaredKeys`; it exits with status 1 if a check fails.
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

// MARK: The app's services

final class Session: Sendable {
    let user: String
    init(user: String) { self.user = user }
}

protocol ProductAPI: Sendable {
    func name(of id: Int) -> String
}

struct LiveProductAPI: ProductAPI {
    let session: Session
    func name(of id: Int) -> String { "product \(id) for \(session.user)" }
}

struct StubProductAPI: ProductAPI {
    let label: String
    func name(of id: Int) -> String { "\(label) \(id)" }
}

struct ProductDetail: Sendable {
    let title: String
}

final class PriceList: Sendable {
    let prices: [Int: Int]
    init(prices: [Int: Int]) { self.prices = prices }
    static func load() async -> PriceList {
        await Task.yield()
        return PriceList(prices: [1: 30, 2: 12])
    }
}

/// A product's row on screen: made on the main actor, from the product's id.
@MainActor
final class ProductRowModel {
    let title: String
    init(title: String) { self.title = title }
}

@MainActor
final class CartModel {
    let api: any ProductAPI
    var items: [Int] = []
    init(api: any ProductAPI) { self.api = api }
}

final class ProductScreen {
    @Injected(.productAPI) var api: any ProductAPI
}

/// A screen whose properties need `await`: an `async` key and a main-actor key.
final class CheckoutScreen {
    @Injected(.prices) var prices: PriceList
    @Injected(.cart) var cart: CartModel
}

/// The app's own global actor, for its storage.
@globalActor actor StorageActor {
    static let shared = StorageActor()
}

final class Favorites: Sendable {
    let ids: [Int]
    @StorageActor init(ids: [Int]) { self.ids = ids }
}

// MARK: The declarations: one place, checked by the compiler, autocompleted after `.`

extension ServiceKeys {
    static let session = Key<Session>(scope: .container) { _ in Session(user: "guest") }
    static let productAPI = Key<any ProductAPI>(scope: .container) { r in LiveProductAPI(session: try r[.session]) }
    static let productDetail = Key<ProductDetail>.WithArguments<Int> { r, id in
        ProductDetail(title: try r[.productAPI].name(of: id))
    }
    static let prices = AsyncKey<PriceList>(scope: .container) { _ in await PriceList.load() }
    static let cart = MainActorKey<CartModel>(scope: .container) { r in CartModel(api: try r[.productAPI]) }
    static let price = AsyncKey<Int>.WithArguments<Int>(name: "price") { r, id in
        try await r[.prices].prices[id] ?? 0
    }
    static let productRow = MainActorKey<ProductRowModel>.WithArguments<Int>(
        // One row model per product, 10 kept; each keeps the detail it was made from, on purpose.
        scope: .container, settings: { $0.keyedByArguments(limit: 10).allowsCaptiveDependencies() }
    ) { r, id in
        ProductRowModel(title: try r[.productDetail, id].title)
    }
    static let favorites = GlobalActorKey<Favorites, StorageActor>(scope: .container, isolatedTo: StorageActor.self) {
        @StorageActor _ in Favorites(ids: [1, 4])
    }

    /// The keys the app declares, for `verify(keys:)`: Swift cannot list static members at run time.
    static let all: [ServiceKeys] = [session, productAPI, productDetail, prices, cart, price, productRow, favorites]
}

let app = Container()

print("Before any use")
let report = try app.verify(keys: ServiceKeys.all) { samples in
    samples.provide(ProductDetail.self, argument: 1)
    samples.provide(ProductRowModel.self, argument: 1)
    samples.provide(Int.self, name: "price", argument: 1)
}
print(report)
check(report.unusedKeyDefaults.count == 8, "verify(keys:) checked the eight defaults not used yet")
check(!app.hasAnyRegistration(of: Session.self), "and registered nothing: a key costs nothing before its first use")

print("Resolving by key")
let detail = try app[.productDetail, 1]
check(detail.title == "product 1 for guest", "the defaults made the detail: \(detail.title)")
check(app.resolve((any ProductAPI).self) != nil, "the key's default is an ordinary registration, found by type")
check(try app[.session] === app[.session], "the session key is container-scoped: one instance")

print("A feature container overrides a key its parent declared")
let preview = Container(parent: app) { c in
    c.register(.productAPI) { _ in StubProductAPI(label: "preview") }
}
check(try preview[.productDetail, 2].title == "preview 2", "the feature sees its override")
check(try app[.productDetail, 2].title == "product 2 for guest", "the app keeps its default")

print("A test container overrides a key, the app is unchanged")
let title = try app.withOverrides { c in
    c.register(.session) { _ in Session(user: "tester") }
} operation: { test in
    try test[.productDetail, 3].title
}
check(title == "product 3 for tester", "the test's session reached the default API: \(title)")
check(try app[.session].user == "guest", "the app's session is still the guest's")

print("Property injection by key")
let screen = ProductScreen()
try app.inject(into: screen)
check(screen.api.name(of: 4) == "product 4 for guest", "@Injected(.productAPI) was filled through the key")

print("Async and main-actor keys")
let prices = try await app.async[.prices]
check(prices.prices[1] == 30, "try await app.async[.prices] ran the async default")
let cart = try await MainActor.run { try app.mainActor[.cart] }
check(
    await MainActor.run { cart.api.name(of: 5) } == "product 5 for guest",
    "app.mainActor[.cart] made the model on the main actor")

print("Async and main-actor keys with runtime arguments")
let price = try await app.async[.price, 2]
check(price == 12, "try await app.async[.price, 2] awaited the async default with its argument: \(price)")
let rowTitle = try await MainActor.run { try app.mainActor[.productRow, 6].title }
check(rowTitle == "product 6 for guest", "app.mainActor[.productRow, 6] made the row on the main actor")

print("Property injection of async and main-actor keys, awaited")
let checkout = CheckoutScreen()
try await app.async.inject(into: checkout)
check(checkout.prices.prices[1] == 30, "@Injected(.prices) was filled by awaiting the async default")
check(checkout.cart === cart, "@Injected(.cart) got the main-actor singleton")

print("A key whose factory runs on the app's own global actor")
let favorites = try await app.async[.favorites]
check(favorites.ids == [1, 4], "try await app.async[.favorites] ran the factory on StorageActor")
let firstRow = try await MainActor.run { try app.mainActor[.productRow, 6] }
let sameRow = try await MainActor.run { try app.mainActor[.productRow, 6] }
check(firstRow === sameRow, "the key's settings keep one row model per product")

print("Keys listed up front: lookups by type see them before their first use")
let listed = Container()
listed.register(keys: ServiceKeys.all)
check(try listed.require(Session.self).user == "guest", "require(Session.self) found the key's default")

print("Checked awaited, every kind of key run")
let awaited = try await Container().async.verify(keys: ServiceKeys.all) { samples in
    samples.provide(ProductDetail.self, argument: 1)
    samples.provide(ProductRowModel.self, argument: 1)
    samples.provide(Int.self, name: "price", argument: 1)
}
check(awaited.asynchronous.isEmpty, "async.verify(keys:) ran the async, main-actor and global-actor defaults too")

print("After use")
let after = try app.verify(keys: ServiceKeys.all) { samples in
    samples.provide(ProductDetail.self, argument: 1)
    samples.provide(ProductRowModel.self, argument: 1)
    samples.provide(Int.self, name: "price", argument: 1)
}
check(after.unusedKeyDefaults.isEmpty, "every key is now an ordinary registration")

if failures > 0 {
    print("\(failures) check(s) failed")
    exit(1)
}
print("all checks passed")
