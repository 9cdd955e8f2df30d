import Syringe
import SyringeTesting
import Testing

// A newcomer's first app, as the README and Documentation/ show it: assemblies, a checkout feature in a child
// container, a main-actor view model property-injected into a view controller, and parallel tests that mock a
// service the feature container registers while keeping the state the test set up.

private protocol PaymentGateway: Sendable {
    func charge(cents: Int) -> Bool
}
private struct CardGateway: PaymentGateway {
    func charge(cents: Int) -> Bool { true }
}
private struct DecliningGateway: PaymentGateway {
    func charge(cents: Int) -> Bool { false }
}
private struct LimitGateway: PaymentGateway {
    let limit: Int
    func charge(cents: Int) -> Bool { cents <= limit }
}

private final class ShopCart: @unchecked Sendable {
    // @unchecked Sendable: `prices` is only touched under `lock`.
    private let lock = TestLock()
    private var prices: [Int] = []
    func add(cents: Int) { lock.run { prices.append(cents) } }
    var total: Int { lock.run { prices.reduce(0, +) } }
}

private final class CheckoutService: Sendable {
    let cart: ShopCart
    let gateway: any PaymentGateway
    init(cart: ShopCart, gateway: any PaymentGateway) {
        self.cart = cart
        self.gateway = gateway
    }
    func pay() -> String {
        if cart.total == 0 { return "empty" }
        return gateway.charge(cents: cart.total) ? "paid" : "declined"
    }
}

@MainActor
private final class CheckoutViewModel {
    let checkout: CheckoutService
    private(set) var status = ""
    init(checkout: CheckoutService) { self.checkout = checkout }
    func pay() { status = checkout.pay() }
}

@MainActor
private final class CheckoutViewController {
    @Injected var model: CheckoutViewModel
    func tapPay() -> String {
        model.pay()
        return model.status
    }
}

private struct CoreAssembly: Assembly {
    func assemble(container: Container) {
        container.register(ShopCart.self) { _ in ShopCart() }.inObjectScope(.container)
    }
}

private struct CheckoutAssembly: Assembly {
    func assemble(container: Container) {
        container.register((any PaymentGateway).self) { _ in CardGateway() }
        container.register(CheckoutService.self) { r in
            CheckoutService(cart: try r.require(ShopCart.self), gateway: try r.require((any PaymentGateway).self))
        }
        container.register(CheckoutViewModel.self, isolatedTo: MainActor.self) { r in
            CheckoutViewModel(checkout: try r.require(CheckoutService.self))
        }
    }
}

private enum Shop {
    /// The app's container, built once.
    static let app: Container = {
        let container = Container()
        _ = Assembler([CoreAssembly()], container: container)
        return container
    }()

    /// The checkout feature: a child of the container it is given, with its own registrations.
    static func makeCheckoutFeature(parent: Container) -> Container {
        let feature = Container(parent: parent)
        _ = Assembler([CheckoutAssembly()], container: feature)
        return feature
    }

    /// A feature container the app keeps for good.
    static let checkout = makeCheckoutFeature(parent: app)
}

@Suite(
    "A first app: a feature container, a main-actor view model, parallel tests mocking a feature service",
    .testContainer(from: Shop.app))
struct FirstShopAppTests {
    @Test("The view controller gets its main-actor view model through container.mainActor.inject(into:)")
    @MainActor
    func viewControllerPays() throws {
        try Container.test.require(ShopCart.self).add(cents: 500)
        let feature = Shop.makeCheckoutFeature(parent: Container.test)
        let controller = CheckoutViewController()
        try feature.mainActor.inject(into: controller)
        #expect(controller.tapPay() == "paid")
    }

    @Test(
        "A feature service replaced in the test's own feature container, the test's cart kept, in parallel",
        arguments: [(limit: 100, expected: "declined"), (limit: 1_000, expected: "paid")])
    @MainActor
    func featureServiceMocked(limit: Int, expected: String) throws {
        // State the test set up in its container...
        let cart = try Container.test.require(ShopCart.self)
        cart.add(cents: 500)
        // ...is what the feature built from that container sees; the mock replaces the feature's own gateway
        // in this test's feature alone (no global change: the feature and the mock end with the test).
        let feature = Shop.makeCheckoutFeature(parent: Container.test)
        feature.register((any PaymentGateway).self) { _ in LimitGateway(limit: limit) }
        let controller = CheckoutViewController()
        try feature.mainActor.inject(into: controller)
        #expect(controller.model.checkout.cart === cart)
        #expect(controller.tapPay() == expected)
    }

    @Test("The app's feature is unchanged by the tests' mocks and carts")
    func appUnchanged() throws {
        let service = try Shop.checkout.derived().require(CheckoutService.self)
        #expect(service.gateway is CardGateway)
        #expect(service.pay() == "empty")
    }
}

@Suite("Tests of a feature container the app keeps: derive the test's container from the feature")
struct KeptFeatureTests {
    @Test(
        "The mock replaces the feature's registration and the test's cart is the one the feature uses",
        .testContainer(from: Shop.checkout) { c in c.register((any PaymentGateway).self) { _ in DecliningGateway() } })
    func mockInDerivedFeature() throws {
        try Container.test.require(ShopCart.self).add(cents: 500)
        #expect(try Container.test.require(CheckoutService.self).pay() == "declined")
    }

    @Test(
        "Another test, in parallel, with the feature's real gateway and its own cart",
        .testContainer(from: Shop.checkout))
    func realGatewayInParallel() throws {
        #expect(try Container.test.require(CheckoutService.self).pay() == "empty")
        try Container.test.require(ShopCart.self).add(cents: 500)
        #expect(try Container.test.require(CheckoutService.self).pay() == "paid")
    }
}

@Suite("What recordResolutions sees", .testContainer(from: Shop.app))
struct RecordResolutionsScopeTests {
    @Test("It records in a container derived from the one it is called on: state set up before is not shared")
    func stateBeforeIsNotShared() throws {
        try Container.test.require(ShopCart.self).add(cents: 500)
        let outside = Container.test
        let record = try Container.test.recordResolutions { c in
            let cart = try c.require(ShopCart.self)
            #expect(cart.total == 0)  // the recording container's own cart
            #expect(Container.test === c)  // inside the block, the recording container is the test's
            #expect(c !== outside)
        }
        #expect(record.count(of: ShopCart.self) == 1)
        #expect(try Container.test.require(ShopCart.self).total == 500)  // the test's cart, untouched
    }

    @Test("A child made inside the block: what it finds in its ancestors is recorded, its own registrations not")
    func childContainerInsideTheBlock() throws {
        let record = try Container.test.recordResolutions { c in
            let feature = Shop.makeCheckoutFeature(parent: c)
            _ = try feature.require(CheckoutService.self)
        }
        #expect(record.count(of: ShopCart.self) == 1)
        #expect(record.count(of: CheckoutService.self) == 0)
        #expect(record.count(of: (any PaymentGateway).self) == 0)
    }

    @Test("To record a feature's services, record on a container derived from the feature")
    func recordOnTheFeature() throws {
        let feature = Shop.makeCheckoutFeature(parent: Container.test)
        let record = try feature.recordResolutions { c in
            _ = try c.require(CheckoutService.self)
        }
        #expect(record.count(of: CheckoutService.self) == 1)
        #expect(record.count(of: (any PaymentGateway).self) == 1)
        #expect(record.count(of: ShopCart.self) == 1)
    }
}
