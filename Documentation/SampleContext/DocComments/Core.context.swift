// The context of the doc-comment samples of Sources/Syringe/Core (CONTRIBUTING.md, "Samples in doc
// comments"); Common.context.swift has the rest.
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class Client {
    init(retries: Int, base: URL) {}
}
var testSession: any URLSessionProtocol { value() }
final class FeatureModel {
    init(api: any API) {}
}
struct RegistrationLogger: Behavior {
    func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {}
}
final class Screen {
    let graph: GraphIdentifier
    init(graph: GraphIdentifier) { self.graph = graph }
}
final class Presenter {}
final class Log {}
final class LoggingAnimal: Animal {
    var name: String? { nil }
    init(_ inner: any Animal, log: Log) {}
}
final class CountingAnimal: Animal {
    var name: String? { nil }
    init(_ inner: any Animal) {}
}
final class SessionScope: ObjectScopeProtocol {
    func makeStorage() -> any InstanceStorage { PermanentStorage() }
}
final class Child {}
final class Parent {
    var child: Child?
}
