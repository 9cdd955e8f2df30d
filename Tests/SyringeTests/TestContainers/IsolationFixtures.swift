import Syringe

/// A service the tests replace with mocks.
protocol Gateway: Sendable {
    var label: String { get }
}

struct RealGateway: Gateway {
    var label: String { "real" }
}

struct MockGateway: Gateway {
    let label: String
    init(_ label: String = "mock") { self.label = label }
}

/// A class that depends on a `Gateway`, registered as an app singleton.
final class Checkout: Sendable {
    let gateway: any Gateway
    init(gateway: any Gateway) { self.gateway = gateway }
}

/// The app of the issue: a real gateway, and a container-scoped `Checkout` that captures it.
func makeCheckoutApp() -> Container {
    let app = Container()
    app.register((any Gateway).self) { _ in RealGateway() }
    app.register(Checkout.self) { r in Checkout(gateway: try r.require((any Gateway).self)) }
        .inObjectScope(.container)
    return app
}
