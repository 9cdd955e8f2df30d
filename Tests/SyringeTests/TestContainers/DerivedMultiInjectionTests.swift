import Syringe
import Testing

@Suite("Derived containers: resolveAll and injection see the test's own instances")
struct DerivedMultiInjectionTests {
    @Test("resolveAll in a derived container gives its own singletons of the app's registrations, with its mocks")
    func resolveAllKeepsInstancesInTheDerivedContainer() throws {
        let app = makeCheckoutApp()
        app.register(Checkout.self, name: "express") { r in Checkout(gateway: try r.require((any Gateway).self)) }
            .inObjectScope(.container)
        let appCheckouts = app.resolveAll(Checkout.self)
        #expect(appCheckouts.map(\.gateway.label) == ["real", "real"])

        let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway() } }
        let testCheckouts = test.resolveAll(Checkout.self)
        #expect(testCheckouts.map(\.gateway.label) == ["mock", "mock"])
        // The derived container keeps its own singletons: the same on the next call, never the app's.
        let again = try test.requireAll(Checkout.self)
        for (first, second) in zip(testCheckouts, again) {
            #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
        }
        for (mine, apps) in zip(testCheckouts, appCheckouts) {
            #expect(ObjectIdentifier(mine) != ObjectIdentifier(apps))
        }
        // The app still hands out the singletons it made, with the real gateway.
        #expect(app.resolveAll(Checkout.self).map(\.gateway.label) == ["real", "real"])
        #expect(try app.require(Checkout.self).gateway.label == "real")
    }

    @Test("the async resolveAll of a derived container keeps its instances there too")
    func asyncResolveAllKeepsInstancesInTheDerivedContainer() async throws {
        let app = makeCheckoutApp()
        let test = app.derived { c in c.register((any Gateway).self) { _ in MockGateway("async") } }
        let checkouts = try await test.async.requireAll(Checkout.self)
        #expect(checkouts.map(\.gateway.label) == ["async"])
        #expect(try app.require(Checkout.self).gateway.label == "real")
    }
}
