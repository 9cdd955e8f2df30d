import Syringe

/// Types the multi-injection tests register.
enum MultiInjectionFixtures {
    protocol Plugin: AnyObject, Sendable {
        var label: String { get }
    }

    final class NamedPlugin: Plugin {
        let label: String
        init(_ label: String) { self.label = label }
    }

    final class Sink: Sendable {}

    /// A plugin that needs a `Sink`.
    final class SinkPlugin: Plugin {
        let label = "sink"
        let sink: Sink
        init(sink: Sink) { self.sink = sink }
    }

    /// Holds every plugin, made by a factory that resolves them all.
    final class Host: Sendable {
        let plugins: [any Plugin]
        init(plugins: [any Plugin]) { self.plugins = plugins }
    }

    struct PluginFailure: Error {}

    /// Registers `NamedPlugin(label)` under `name` (the label by default).
    @discardableResult
    static func plugin(
        _ label: String, name: String?? = nil, in container: Container
    ) -> ServiceEntry<any Plugin> {
        container.register((any Plugin).self, name: name ?? label) { _ in NamedPlugin(label) }
    }

    static func labels(_ plugins: [any Plugin]) -> [String] {
        plugins.map(\.label)
    }
}
