// Types and values that the samples of Documentation/MultiInjection.md use without showing them.
// Compiled before the page's blocks (see CONTRIBUTING.md, "Writing samples").

/// What the "broken" plugin of the failures section needs, and what nothing registers.
struct Sink: Sendable {}

extension MetricsPlugin {
    /// The metrics plugin writing to a sink.
    init(sink: Sink) { self.init() }
}
