// Types and values that the samples of Documentation/Assemblies.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").
protocol HTTPClient {
    var baseURL: String { get }
}

final class StubClient: HTTPClient {
    let baseURL: String
    init(baseURL: String) { self.baseURL = baseURL }
}

final class WeatherService {
    let client: any HTTPClient
    init(client: any HTTPClient) { self.client = client }
}

final class ProfileService {}

struct ProfileAssembly: Assembly {
    func assemble(container: Container) {
        container.register(ProfileService.self) { _ in ProfileService() }
    }
}

/// Prints every registration it is told about.
struct RegistrationRecorder: Behavior {
    func container<Type, Service>(
        _ container: Container,
        didRegisterType type: Type.Type,
        toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        print("\(type) as \(entry.serviceType), name: \(name ?? "-")")
    }
}

let container = Container()
let recorder = RegistrationRecorder()
