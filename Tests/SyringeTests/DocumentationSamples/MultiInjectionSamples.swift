import Syringe
import Testing

/// The samples of Documentation/MultiInjection.md.
@Suite("Documentation: multi-injection")
struct MultiInjectionSamples {
    protocol Plugin: Sendable {
        var name: String { get }
    }

    struct LoggingPlugin: Plugin { let name = "logging" }
    struct MetricsPlugin: Plugin {
        let name = "metrics"
        init() {}
        init(sink: Sink) {}
    }
    struct AuditPlugin: Plugin { let name = "audit" }
    struct Sink: Sendable {}

    final class Host: Sendable {
        let plugins: [any Plugin]
        init(plugins: [any Plugin]) { self.plugins = plugins }
    }

    @Test("resolveAll gives every registration, named and unnamed, in registration order; factories use it too")
    func basics() {
        let container = Container()
        container.register((any Plugin).self, name: "logging") { _ in LoggingPlugin() }
        container.register((any Plugin).self, name: "metrics") { _ in MetricsPlugin() }
        container.register((any Plugin).self) { _ in AuditPlugin() }
        #expect(container.resolveAll((any Plugin).self).map(\.name) == ["logging", "metrics", "audit"])

        container.register(Host.self) { r in Host(plugins: r.resolveAll((any Plugin).self)) }
        #expect(container.resolve(Host.self)?.plugins.map(\.name) == ["logging", "metrics", "audit"])
    }

    @Test("a child's plugins come first, then the parent's it does not override")
    func childContainers() {
        let app = Container()
        app.register((any Plugin).self, name: "logging") { _ in LoggingPlugin() }
        app.register((any Plugin).self, name: "metrics") { _ in MetricsPlugin() }
        let feature = Container(parent: app)
        feature.register((any Plugin).self, name: "audit") { _ in AuditPlugin() }
        feature.register((any Plugin).self, name: "metrics") { _ in MetricsPlugin() }
        #expect(feature.resolveAll((any Plugin).self).map(\.name) == ["audit", "metrics", "logging"])
    }

    @Test("resolveAll leaves a failing registration out; requireAll throws it")
    func failures() {
        let container = Container()
        container.register((any Plugin).self, name: "logging") { _ in LoggingPlugin() }
        container.register((any Plugin).self, name: "broken") { r in MetricsPlugin(sink: try r.require(Sink.self)) }
        #expect(container.resolveAll((any Plugin).self).map(\.name) == ["logging"])
        let error = #expect(throws: ResolutionError.self) { try container.requireAll((any Plugin).self) }
        #expect(
            error?.description.hasPrefix(
                "Syringe: cannot resolve Plugin(name: \"broken\"): nothing is registered for Sink.\n  Resolution path: Plugin(name: \"broken\") -> Sink"
            ) == true)
    }

    @Test("a registration of the array type is asked for by resolve of the array; resolveAll ignores it")
    func arrays() {
        let container = Container()
        container.register((any Plugin).self, name: "logging") { _ in LoggingPlugin() }
        #expect(container.resolve([any Plugin].self) == nil)
        container.register([any Plugin].self) { _ in [AuditPlugin()] }
        #expect(container.resolve([any Plugin].self)?.map(\.name) == ["audit"])
        #expect(container.resolveAll((any Plugin).self).map(\.name) == ["logging"])
    }
}
