import Syringe
import Testing

private final class Unregistered {}
private final class Messages: @unchecked Sendable {
    // @unchecked Sendable: `storage` is guarded by `lock`.
    private let lock = TestLock()
    private var storage: [String] = []
    func append(_ message: String) { lock.run { storage.append(message) } }
    /// Only the messages about this file's own marker type: other suites may log at the same time.
    var mine: [String] { lock.run { storage.filter { $0.contains("LoggingMarker") } } }
}

private final class LoggingMarker {}

@Suite("Logging failed resolutions", .serialized)
struct LoggingTests {
    @Test("A failed optional resolve sends the reason to loggingFunction, and nil silences it")
    func loggingFunctionReceivesMessages() {
        loggingSinkLock.run {
            let saved = Container.loggingFunction
            defer { Container.loggingFunction = saved }
            let messages = Messages()
            Container.loggingFunction = { messages.append($0) }

            let container = Container()
            container.register(LoggingMarker.self, name: "real") { _ in LoggingMarker() }
            #expect(container.resolve(LoggingMarker.self, name: "rael") == nil)
            #expect(messages.mine.count == 1)
            let message = messages.mine.first ?? ""
            #expect(message.contains(#"LoggingMarker(name: "rael"): LoggingMarker has no registration named "rael"."#))
            #expect(message.contains(#"Did you mean "real"?"#))
            #expect(message.contains("LoggingTests.swift"))

            Container.loggingFunction = nil
            #expect(container.resolve(LoggingMarker.self) == nil)
            #expect(messages.mine.count == 1)
        }
    }

    @Test("A successful resolve logs nothing")
    func successLogsNothing() {
        loggingSinkLock.run {
            let saved = Container.loggingFunction
            defer { Container.loggingFunction = saved }
            let messages = Messages()
            Container.loggingFunction = { messages.append($0) }
            let container = Container()
            container.register(LoggingMarker.self) { _ in LoggingMarker() }
            #expect(container.resolve(LoggingMarker.self) != nil)
            #expect(messages.mine.isEmpty)
        }
    }

    @Test("A failure nested in a factory logs the path from the top-level request")
    func nestedFailureLogsPath() {
        loggingSinkLock.run {
            final class Top {
                init(_: LoggingMarker) {}
            }
            let saved = Container.loggingFunction
            defer { Container.loggingFunction = saved }
            let messages = Messages()
            Container.loggingFunction = { messages.append($0) }
            let container = Container()
            container.register(Top.self) { r in Top(try r.require(LoggingMarker.self)) }
            #expect(container.resolve(Top.self) == nil)
            #expect(messages.mine.contains { $0.contains("Resolution path: Top -> LoggingMarker") })
        }
    }
}
