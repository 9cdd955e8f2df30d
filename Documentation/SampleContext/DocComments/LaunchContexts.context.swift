// The context of the doc-comment samples of Sources/Syringe/LaunchContexts (CONTRIBUTING.md, "Samples
// in doc comments"); Common.context.swift has the rest.

protocol Camera {}
struct StillCamera: Camera {}
protocol Logger {}
struct VerboseLogger: Logger {}
enum AppAssembler {
    static func register(into container: Container) {}
}
struct StubAPI: API {}
