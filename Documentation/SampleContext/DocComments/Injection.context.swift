// The context of the doc-comment samples of Sources/Syringe/Injection (CONTRIBUTING.md, "Samples in
// doc comments"); Common.context.swift has the rest.

class UIViewController {
    init() {}
}
final class SettingsStore {}
protocol ProfileAPI {
    func prefetch()
}
var api: any ProfileAPI { value() }
protocol OrdersAPI {}
@MainActor final class CheckoutViewModel {
    init(cart: Cart) {}
}

// For Injected.swift.
final class CheckoutViewController {
    @Injected var cart: Cart
    @Injected(name: "json") var formatter: Formatter
}
var controller: CheckoutViewController { value() }
final class ReportScreen {
    @Injected(reinjected: true) var session: Session
}
var screen: ReportScreen { value() }
