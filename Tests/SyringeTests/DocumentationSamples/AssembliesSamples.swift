import Syringe
import Testing

/// The samples of Documentation/Assemblies.md.
@Suite("Documentation: assemblies and behaviors")
struct AssembliesSamples {
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

    final class WarmUpLog: Sendable {
        let recorder = SampleRecorder()
    }

    struct NetworkAssembly: Assembly {
        func assemble(container: Container) {
            container.register((any HTTPClient).self) { _ in StubClient(baseURL: "https://api.example.com") }
                .inObjectScope(.container)
        }
    }

    struct WeatherAssembly: Assembly {
        let log: WarmUpLog

        func assemble(container: Container) {
            container.register(WeatherService.self) { r in
                WeatherService(client: r.resolve((any HTTPClient).self)!)
            }
        }

        func loaded(resolver: any Resolver) {
            // Every assembly applied together has registered by now, whatever the order.
            if let service = resolver.resolve(WeatherService.self) {
                log.recorder.record("weather ready at \(service.client.baseURL)")
            }
        }
    }

    struct ProfileAssembly: Assembly {
        func assemble(container: Container) {
            container.register(ProfileService.self) { _ in ProfileService() }
        }
    }

    /// Puts every service whose type name ends in "Service" in the container scope.
    struct ServicesAreSingletons: Behavior {
        func container<Type, Service>(
            _ container: Container,
            didRegisterType type: Type.Type,
            toService entry: ServiceEntry<Service>,
            withName name: String?
        ) {
            if String(describing: type).hasSuffix("Service") {
                entry.inObjectScope(.container)
            }
        }
    }

    /// Records every registration it is told about.
    struct RegistrationRecorder: Behavior {
        let recorder = SampleRecorder()

        func container<Type, Service>(
            _ container: Container,
            didRegisterType type: Type.Type,
            toService entry: ServiceEntry<Service>,
            withName name: String?
        ) {
            recorder.record("\(type) as \(entry.serviceType), name: \(name ?? "-")")
        }
    }

    @Test("an assembler applies assemblies, then calls loaded(resolver:) once all have assembled")
    func assembler() {
        let log = WarmUpLog()
        let assembler = Assembler([WeatherAssembly(log: log), NetworkAssembly()])

        let weather = assembler.resolver.resolve(WeatherService.self)
        #expect(weather?.client.baseURL == "https://api.example.com")
        #expect(log.recorder.all == ["weather ready at https://api.example.com"])
    }

    @Test("more assemblies can be applied later")
    func applyLater() {
        let assembler = Assembler([NetworkAssembly()])
        #expect(assembler.resolver.resolve(ProfileService.self) == nil)

        assembler.apply(assembly: ProfileAssembly())
        #expect(assembler.resolver.resolve(ProfileService.self) != nil)

        let log = WarmUpLog()
        assembler.apply(assemblies: [WeatherAssembly(log: log)])
        #expect(log.recorder.all.count == 1)
    }

    @Test("an assembler can fill an existing container")
    func existingContainer() {
        let container = Container()
        _ = Assembler([NetworkAssembly()], container: container)
        #expect(container.resolve((any HTTPClient).self) != nil)

        let empty = Assembler(container: container)
        empty.apply(assembly: ProfileAssembly())
        #expect(container.resolve(ProfileService.self) != nil)
    }

    @Test("a child assembler's container is a child of its parent's")
    func childAssembler() {
        let app = Assembler([NetworkAssembly()])
        let log = WarmUpLog()
        let feature = Assembler([WeatherAssembly(log: log)], parent: app)

        #expect(feature.resolver.resolve(WeatherService.self) != nil)
        #expect(app.resolver.resolve(WeatherService.self) == nil)

        let transientFeature = Assembler(parentAssembler: app, defaultObjectScope: .transient)
        transientFeature.apply(assembly: ProfileAssembly())
        let profiles = transientFeature.resolver
        #expect(profiles.resolve(ProfileService.self) !== profiles.resolve(ProfileService.self))
    }

    @Test("a behavior is told about every registration and can configure it")
    func behavior() {
        let container = Container(behaviors: [ServicesAreSingletons()])
        container.register(ProfileService.self) { _ in ProfileService() }

        #expect(container.resolve(ProfileService.self) === container.resolve(ProfileService.self))
    }

    @Test("a behavior added later sees later registrations and forwarded types")
    func addBehavior() {
        let behavior = RegistrationRecorder()
        let container = Container()
        container.register(ProfileService.self) { _ in ProfileService() }
        container.addBehavior(behavior)
        container.register(StubClient.self, name: "stub") { _ in StubClient(baseURL: "") }
            .implements((any HTTPClient).self)

        #expect(
            behavior.recorder.all == [
                "StubClient as StubClient, name: stub",
                "HTTPClient as StubClient, name: -",
            ]
        )
    }
}
