import Syringe
import SyringeTesting
import Testing

/// The samples of Documentation/Testing.md (the complete example is Examples/TestingExample, run by `swift test`).
@Suite("Documentation: testing")
struct TestingSamples {
    protocol Gateway: Sendable { var name: String { get } }
    struct RealGateway: Gateway { var name: String { "real" } }
    struct MockGateway: Gateway { var name: String { "mock" } }
    protocol Clock: Sendable { var hour: Int { get } }
    struct FixedClock: Clock { let hour: Int }
    final class Checkout: Sendable {
        let gateway: any Gateway
        let clock: (any Clock)?
        init(gateway: any Gateway, clock: (any Clock)? = nil) {
            self.gateway = gateway
            self.clock = clock
        }
        func total() -> String { "\(gateway.name) at \(clock?.hour ?? 0)" }
    }

    static func makeApp() -> Container {
        let app = Container()
        app.register((any Gateway).self) { _ in RealGateway() }
        app.register(Checkout.self) { r in
            Checkout(gateway: try r.require((any Gateway).self), clock: r.resolve((any Clock).self))
        }
        .inObjectScope(.container)
        return app
    }

    @Test("a child container leaks a mock into the parent's singleton, as in Swinject")
    func childLeaks() {
        let app = Self.makeApp()
        let test1 = Container(parent: app)
        test1.register((any Gateway).self) { _ in MockGateway() }
        #expect(test1.resolve(Checkout.self)!.gateway.name == "mock")
        #expect(Container(parent: app).resolve(Checkout.self)!.gateway.name == "mock")
        #expect(app.resolve(Checkout.self)!.gateway.name == "mock")
    }

    @Test("a derived container keeps the mock and the singleton to itself")
    func derived() {
        let app = Self.makeApp()
        let test1 = app.derived { c in
            c.register((any Gateway).self) { _ in MockGateway() }
        }
        #expect(test1.resolve(Checkout.self)!.gateway.name == "mock")
        #expect(app.derived().resolve(Checkout.self)!.gateway.name == "real")
        #expect(app.resolve(Checkout.self)!.gateway.name == "real")
    }

    @Test("withOverrides replaces two services for the block")
    func withOverrides() throws {
        let app = Self.makeApp()
        let total = try app.withOverrides { c in
            c.register((any Gateway).self) { _ in MockGateway() }
            c.register((any Clock).self) { _ in FixedClock(hour: 10) }
        } operation: { c in
            try c.require(Checkout.self).total()
        }
        #expect(total == "mock at 10")
        #expect(app.resolve(Checkout.self)?.total() == "real at 0")
    }

    @Test("a token's overrides last until it ends")
    func token() {
        let app = Self.makeApp()
        let token = app.beginOverrides { c in c.register((any Gateway).self) { _ in MockGateway() } }
        #expect(token.container.resolve(Checkout.self)?.gateway.name == "mock")
        token.withCurrent { #expect(Container.current === token.container) }
        token.end()
        #expect(token.container.resolve(Checkout.self)?.gateway.name == "real")
    }

    enum Shop {
        static let live: Container = makeApp()
        static var resolver: Container { Container.current ?? live }
    }

    @Test("code under test resolves from Container.current, else from the app's container")
    func current() {
        #expect(Shop.resolver === Shop.live)
        Shop.live.withOverrides { c in
            c.register((any Gateway).self) { _ in MockGateway() }
        } operation: { c in
            #expect(Shop.resolver === c)
            #expect(Shop.resolver.resolve(Checkout.self)?.gateway.name == "mock")
        }
    }

    @Test("a placeholder's message names the service and the path", .testContainer(from: TestingSamples.makeApp()))
    func placeholderMessage() {
        Container.test.registerPlaceholder((any Gateway).self)
        withKnownIssue {
            _ = Container.test.resolve(Checkout.self)
        } matching: { issue in
            issue.comments.contains { comment in
                comment.rawValue.hasPrefix("Gateway is a placeholder: the test did not expect it to be resolved")
                    && comment.rawValue.contains("(resolution path: Checkout -> Gateway)")
            }
        }
    }
}
