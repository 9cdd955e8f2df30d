// A small shop wired by Syringe, whose tests (in ../Tests) use SyringeTesting: run them with `swift test`.
public import Syringe

/// Charges cards.
public protocol PaymentGateway: Sendable {
    func charge(cents: Int) -> Bool
}

/// Tells the time.
public protocol Clock: Sendable {
    var hour: Int { get }
}

/// Tracks what customers do.
public protocol Analytics: Sendable {
    func track(_ event: String)
}

struct CardGateway: PaymentGateway {
    func charge(cents: Int) -> Bool { cents > 0 }
}

struct SystemClock: Clock {
    var hour: Int { 12 }
}

struct ConsoleAnalytics: Analytics {
    func track(_ event: String) { print("analytics:", event) }
}

/// The shop's checkout: an app-wide singleton that captures its gateway and clock.
public final class Checkout: Sendable {
    public let gateway: any PaymentGateway
    public let clock: any Clock

    init(gateway: any PaymentGateway, clock: any Clock) {
        self.gateway = gateway
        self.clock = clock
    }

    /// Pays `cents`; the shop is closed at night.
    public func pay(cents: Int) -> String {
        guard (8..<22).contains(clock.hour) else { return "closed" }
        return gateway.charge(cents: cents) ? "paid" : "declined"
    }
}

/// Registers the shop's services.
public struct ShopAssembly: Assembly {
    public init() {}

    public func assemble(container: Container) {
        container.register((any PaymentGateway).self) { _ in CardGateway() }
        container.register((any Clock).self) { _ in SystemClock() }
        container.register((any Analytics).self) { _ in ConsoleAnalytics() }
        container.register(Checkout.self) { r in
            Checkout(gateway: try r.require((any PaymentGateway).self), clock: try r.require((any Clock).self))
        }
        .inObjectScope(.container)
    }
}

/// The app's container, and the one its code resolves from: the running test's while a test runs.
public enum Shop {
    /// The app's configured container.
    public static let live: Container = {
        let container = Container()
        _ = Assembler([ShopAssembly()], container: container)
        return container
    }()

    /// The container the shop's code resolves from: ``Container/current`` when a test (or an override) bound
    /// one to the task, else the app's.
    static var resolver: Container { Container.current ?? live }

    /// The code under test: buys something and tells the outcome.
    public static func buy(cents: Int) -> String {
        guard let checkout = resolver.resolve(Checkout.self) else { return "unavailable" }
        return checkout.pay(cents: cents)
    }
}
