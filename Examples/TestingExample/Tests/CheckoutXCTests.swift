import Syringe
import SyringeTesting
import TestingExample
import XCTest

// The XCTest spelling: overrides begun in setUp, ended in tearDown, and bound as Container.current around the
// code under test.
final class CheckoutXCTests: XCTestCase {
    private var overrides: OverrideToken!

    override func setUp() {
        super.setUp()
        overrides = Shop.live.beginOverrides { c in
            c.register((any PaymentGateway).self) { _ in DecliningGateway() }
            c.register((any Clock).self) { _ in FixedClock(hour: 10) }
        }
    }

    override func tearDown() {
        overrides.end()
        super.tearDown()
    }

    func testDeclinedCard() {
        let outcome = overrides.withCurrent { Shop.buy(cents: 500) }
        XCTAssertEqual(outcome, "declined")
        XCTAssertEqual(Shop.live.resolve(Checkout.self)?.clock.hour, 12)
    }
}
