// Types that the samples of README.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
protocol Animal {
    var name: String { get }
}

final class Cat: Animal {
    let name: String
    init(name: String) { self.name = name }
}

final class Dog: Animal {
    let name: String
    init(name: String) { self.name = name }
}

final class Logger: Sendable {}

final class PetOwner {
    let pet: any Animal
    var logger: Logger?
    init(pet: any Animal) { self.pet = pet }
}

// The shop of "With the SyringeTesting trait" (the tested version is Examples/TestingExample).
protocol PaymentGateway: Sendable {
    func charge(cents: Int) -> Bool
}

struct CardGateway: PaymentGateway {
    func charge(cents: Int) -> Bool { cents > 0 }
}

struct DecliningGateway: PaymentGateway {
    func charge(cents: Int) -> Bool { false }
}

final class Checkout: Sendable {
    let gateway: any PaymentGateway
    init(gateway: any PaymentGateway) { self.gateway = gateway }
    func pay(cents: Int) -> String { gateway.charge(cents: cents) ? "paid" : "declined" }
}

enum AppContainer {
    /// The app's container: a card gateway, and a `.container` Checkout that captures it.
    static let live: Container = {
        let container = Container()
        container.register((any PaymentGateway).self) { _ in CardGateway() }
        container.register(Checkout.self) { r in Checkout(gateway: try r.require((any PaymentGateway).self)) }
            .inObjectScope(.container)
        return container
    }()
}
