// The context of the doc-comment samples of Sources/Syringe/Injection (Documentation/README.md, "Samples in
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
