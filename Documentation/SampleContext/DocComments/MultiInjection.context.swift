// The context of the doc-comment samples of Sources/Syringe/MultiInjection (CONTRIBUTING.md, "Samples in
// doc comments"); Common.context.swift has the rest.

protocol Plugin {}
protocol Sink {}
struct LoggingPlugin: Plugin {}
struct MetricsPlugin: Plugin {
    init(sink: (any Sink)? = nil) {}
}
final class Host {
    init(plugins: [any Plugin]) {}
}
