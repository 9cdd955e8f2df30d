// The context of the doc-comment samples of Sources/Syringe/Modules (CONTRIBUTING.md, "Samples in doc
// comments"); Common.context.swift has the rest.

protocol HTTPClient: Sendable {
    func warmUp()
}
struct URLSessionClient: HTTPClient {
    func warmUp() {}
}
struct NetworkAssembly: Assembly {
    func assemble(container: Container) {}
}
struct StorageAssembly: Assembly {
    func assemble(container: Container) {}
}
struct FeatureAssembly: Assembly {
    func assemble(container: Container) {}
}
struct SettingsAssembly: Assembly {
    func assemble(container: Container) {}
}
struct ProfileAssembly: Assembly {
    func assemble(container: Container) {}
}
var app: Assembler { value() }
var assembler: Assembler { value() }
var assembly: any Assembly { value() }
var behavior: any Behavior { value() }
var description: RegistrationDescription { value() }
var error: ModuleError { value() }
