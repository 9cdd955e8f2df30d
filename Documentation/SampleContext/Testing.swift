// Types that the samples of Documentation/Testing.md use without showing them: the tests' stand-ins for the
// shop of the page's complete example (PaymentGateway, Clock, Checkout, ShopAssembly and Shop are the page's,
// as in Examples/TestingExample). Compiled before the page's blocks (see CONTRIBUTING.md, "Writing
// samples").

/// A gateway that accepts every payment.
struct MockGateway: PaymentGateway {
    func charge(cents: Int) -> Bool { true }
}

/// A gateway that declines every payment.
struct DecliningGateway: PaymentGateway {
    func charge(cents: Int) -> Bool { false }
}

/// A gateway that accepts payments up to a limit.
struct AmountGateway: PaymentGateway {
    let limit: Int
    func charge(cents: Int) -> Bool { cents <= limit }
}

/// A clock stopped at one hour.
struct FixedClock: Clock {
    let hour: Int
}

/// The app's container as the page's first sample wires it: a card gateway, the system clock, and a
/// `.container` Checkout that captures them.
let app = Container()
