import Syringe
import Testing

/// The samples of Documentation/PropertyInjection.md.
@Suite("Documentation: property injection")
struct PropertyInjectionSamples {
    final class Cart: Sendable {}
    protocol Formatter: Sendable {}
    struct JSONFormatter: Formatter {}
    protocol Analytics: Sendable {}
    protocol CheckoutPlugin: Sendable {}
    struct GiftWrap: CheckoutPlugin {}
    struct Coupons: CheckoutPlugin {}

    final class CheckoutViewController {
        @Injected var cart: Cart
        @Injected(name: "json") var formatter: any Formatter
        @Injected var analytics: (any Analytics)?
        @Injected var plugins: [any CheckoutPlugin]
    }

    @Test("inject(into:) fills required, named, nillable and array properties")
    func injectInto() throws {
        let container = Container()
        container.register(Cart.self) { _ in Cart() }
        container.register((any Formatter).self, name: "json") { _ in JSONFormatter() }
        container.register((any CheckoutPlugin).self, name: "gift") { _ in GiftWrap() }
        container.register((any CheckoutPlugin).self, name: "coupons") { _ in Coupons() }

        let controller = CheckoutViewController()
        try container.inject(into: controller)
        #expect(controller.formatter is JSONFormatter)
        #expect(controller.analytics == nil)
        #expect(controller.plugins.count == 2)
    }

    @Test("a missing required property names the property and its owner")
    func missing() {
        let container = Container()
        #expect {
            try container.inject(into: CheckoutViewController())
        } throws: { error in
            (error as? ResolutionError)?.description.hasPrefix(
                "Syringe: cannot inject the property 'cart' of CheckoutViewController (Cart): nothing is registered for Cart."
            ) == true
        }
    }

    final class Session2: Sendable {}
    final class CheckoutScreen {
        @Injected var session: Session2
    }
    final class AccountScreen2 {
        @Injected(reinjected: true) var session: Session2
    }

    @Test("the messages of Diagnostics.md for @Injected properties")
    func diagnosticsMessages() {
        let container = Container()
        #expect {
            try container.inject(into: CheckoutScreen())
        } throws: { error in
            "\(error)".hasPrefix(
                "Syringe: cannot inject the property 'session' of CheckoutScreen (Session2): nothing is registered for Session2.\n  Injected property: CheckoutScreen.session"
            )
        }
        container.register(Session2.self) { _ in Session2() }
        #expect {
            try container.inject(into: AccountScreen2())
        } throws: { error in
            guard let error = error as? ResolutionError, case .notReinjectable = error.kind else { return false }
            return "\(error)".contains(
                "it is marked reinjected, but the registration of Session2 is in the graph scope")
        }
    }

    final class OrdersAPI: Sendable {}
    final class OrderService: InjectionCompletionAware, @unchecked Sendable {
        // @unchecked Sendable: sample; `warmedUp` is set once by the container before the service is shared.
        @Injected var api: OrdersAPI
        private(set) var warmedUp = false

        func didInjectDependencies(from resolver: any Resolver) {
            warmedUp = true
        }
    }

    @Test("a registration with injectsProperties() fills what it makes, then tells it")
    func injectsProperties() throws {
        let container = Container()
        container.register(OrdersAPI.self) { _ in OrdersAPI() }
        container.register(OrderService.self) { _ in OrderService() }
            .injectsProperties()
        #expect(try container.require(OrderService.self).warmedUp)
    }

    final class Session: Sendable {
        let user: String
        init(user: String) { self.user = user }
        static let guest = Session(user: "guest")
    }

    final class AccountScreen: InjectionCompletionAware, @unchecked Sendable {
        // @unchecked Sendable: sample; touched by one thread at a time.
        @Injected(reinjected: true) var session: Session
        private(set) var reloads = 0

        func didInjectDependencies(from resolver: any Resolver) {
            reloads += 1
        }
    }

    @Test("a re-injected property follows its registration")
    func reinjection() throws {
        let container = Container()
        container.register(Session.self) { _ in Session.guest }.inObjectScope(.container)
        let screen = AccountScreen()
        try container.inject(into: screen)

        container.register(Session.self) { _ in Session(user: "ann") }.inObjectScope(.container)
        #expect(screen.session.user == "ann")
        #expect(screen.reloads == 2)
    }

    protocol Printer: Sendable {}
    struct LaserPrinter: Printer {}
    struct ReceiptFormatter: Sendable {}

    final class ReceiptPrinter: AutoCreatable, @unchecked Sendable {
        // @unchecked Sendable: the only `var` is the @Injected wrapper, whose box is locked; the container fills
        // it before handing the printer out.
        @Injected var formatter: ReceiptFormatter
        let printer: any Printer

        init(resolver: any Resolver) throws {
            printer = try resolver.require((any Printer).self)
        }

        static var autoCreationScope: ObjectScope { .container }
    }

    @Test("an AutoCreatable type is made without registration when the container opts in")
    func autoCreation() throws {
        let container = Container()
        container.autoCreatesUnregisteredTypes = true
        container.register((any Printer).self) { _ in LaserPrinter() }
        container.register(ReceiptFormatter.self) { _ in ReceiptFormatter() }
        let printer = try container.require(ReceiptPrinter.self)
        #expect(printer.printer is LaserPrinter)
        #expect(try container.require(ReceiptPrinter.self) === printer)
    }
}
