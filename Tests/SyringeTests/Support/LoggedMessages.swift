import Syringe

/// The messages `Container.loggingFunction` receives while `body` runs that contain `marker` (other suites may
/// log at the same time), with the sink swapped under ``loggingSinkLock`` and restored afterwards.
///
/// ```swift
/// let messages = try loggedMessages(containing: "Uploader") { container.shutdown() }
/// ```
func loggedMessages(containing marker: String, _ body: () throws -> Void) rethrows -> [String] {
    try loggingSinkLock.run {
        let saved = Container.loggingFunction
        defer { Container.loggingFunction = saved }
        let collected = CollectedMessages()
        Container.loggingFunction = { collected.append($0) }
        try body()
        return collected.all.filter { $0.contains(marker) }
    }
}

/// Messages collected from any thread.
private final class CollectedMessages: @unchecked Sendable {
    // @unchecked Sendable: `storage` is only touched under `lock`.
    private let lock = TestLock()
    private var storage: [String] = []
    func append(_ message: String) { lock.run { storage.append(message) } }
    var all: [String] { lock.run { storage } }
}
