// The context of the doc-comment samples of Sources/Syringe/Concurrency (Documentation/README.md, "Samples in
// doc comments"); Common.context.swift has the rest.

var resolver: any AsyncResolver { value() }
protocol Plugin: Sendable {}
enum AppAssembler {
    static func makeContainer() -> Container { Container() }
}
@MainActor final class Screen {
    init(model: ViewModel) {}
}
let token = "secret"
