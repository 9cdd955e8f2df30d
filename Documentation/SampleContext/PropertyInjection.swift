// Types and values that the samples of Documentation/PropertyInjection.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
final class Cart {}

protocol Formatter {}

struct JSONFormatter: Formatter {}

protocol Analytics {}

protocol CheckoutPlugin {}

struct GiftWrap: CheckoutPlugin {}

struct Coupons: CheckoutPlugin {}

final class Log {}

final class OrdersAPI {
    var log: Log?
    private(set) var isWarm = false
    func warmUp() { isWarm = true }
}

final class Session: Sendable {
    let user: String
    init(user: String) { self.user = user }
    static let guest = Session(user: "guest")
}

final class Theme {}

protocol Printer {}

struct LaserPrinter: Printer {}

protocol ReceiptFormatter {}

struct ShortFormatter: ReceiptFormatter {}

/// The user who logs in, in the re-injection sample.
let user = "ann"

let container = Container()
container.register(Cart.self) { _ in Cart() }
container.register(Formatter.self, name: "json") { _ in JSONFormatter() }
container.register(CheckoutPlugin.self, name: "gift wrap") { _ in GiftWrap() }
container.register(CheckoutPlugin.self, name: "coupons") { _ in Coupons() }
container.register(OrdersAPI.self) { _ in OrdersAPI() }
container.register(Log.self) { _ in Log() }
container.register(Theme.self) { _ in Theme() }
