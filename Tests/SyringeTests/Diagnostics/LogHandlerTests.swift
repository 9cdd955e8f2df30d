import Syringe
import Testing

// Types of this file only: other suites log at the same time, so each test keeps the messages about these.
private final class LevelMarker {}
private final class FailingLevelMarker {}
private final class AwaitedLevelMarker {}
private final class OuterLevelMarker {
    init(_: FailingLevelMarker) {}
}
private final class SwapMarker {}
private struct Broken: Error {}

/// Runs `body` with `handler` set at `minimumLevel`, under the process-wide sink lock, and restores the sink.
private func withLogHandler(
    minimumLevel: Container.LogLevel, _ handler: @escaping Container.LogHandler, _ body: () throws -> Void
) rethrows {
    try loggingSinkLock.run {
        let saved = Container.loggingFunction
        defer { Container.loggingFunction = saved }
        Container.setLogHandler(minimumLevel: minimumLevel, handler)
        try body()
    }
}

/// The messages a handler received about `markers`.
private func messages(about markers: [Any.Type], in collected: Collected<Container.LogMessage>) -> [Container
    .LogMessage]
{
    collected.all.filter { message in
        message.path.contains { step in markers.contains { $0 == step.serviceType } }
            || markers.contains { $0 == message.request?.serviceType }
    }
}

@Suite("Log messages with levels", .serialized)
struct LogHandlerTests {
    @Test("a handler receives the messages at or above its minimum level, with the level of each")
    func levelsAreFiltered() {
        let collected = Collected<Container.LogMessage>()
        withLogHandler(minimumLevel: .warning, { collected.append($0) }) {
            let container = Container()
            container.register(FailingLevelMarker.self) { _ in throw Broken() }
            container.register(AwaitedLevelMarker.self) { _ async in AwaitedLevelMarker() }
            #expect(container.resolve(LevelMarker.self) == nil)  // a miss: debug
            #expect(container.resolve(FailingLevelMarker.self) == nil)  // its factory threw: error
            #expect(container.resolve(AwaitedLevelMarker.self) == nil)  // async factory, sync call: warning
        }
        let mine = messages(about: [LevelMarker.self, FailingLevelMarker.self, AwaitedLevelMarker.self], in: collected)
        #expect(mine.map(\.level) == [.error, .warning])
        #expect(mine.map { $0.error?.code } == [.factoryFailed, .asyncFactory])

        let everything = Collected<Container.LogMessage>()
        withLogHandler(minimumLevel: .debug, { everything.append($0) }) {
            #expect(Container().resolve(LevelMarker.self) == nil)
        }
        #expect(messages(about: [LevelMarker.self], in: everything).map(\.level) == [.debug])
        #expect(Container.LogLevel.allCases.sorted() == [.debug, .info, .warning, .error])
    }

    @Test("a message names the request, the resolution path and the error, and its text is loggingFunction's")
    func messageFields() throws {
        let collected = Collected<Container.LogMessage>()
        withLogHandler(minimumLevel: .debug, { collected.append($0) }) {
            let container = Container()
            container.register(FailingLevelMarker.self, name: "broken") { _ in throw Broken() }
            container.register(OuterLevelMarker.self, name: "outer") { r in
                OuterLevelMarker(try r.require(FailingLevelMarker.self, name: "broken"))
            }
            #expect(container.resolve(OuterLevelMarker.self, name: "outer") == nil)
        }
        let message = try #require(messages(about: [OuterLevelMarker.self], in: collected).first)
        #expect(message.level == .error)
        #expect(message.request == ServiceRequest(serviceType: OuterLevelMarker.self, name: "outer"))
        #expect(
            message.path == [
                ServiceRequest(serviceType: OuterLevelMarker.self, name: "outer"),
                ServiceRequest(serviceType: FailingLevelMarker.self, name: "broken"),
            ])
        let error = try #require(message.error)
        #expect(error.code == .factoryFailed)
        #expect(message.message == error.description)
        #expect(message.description == "[error] " + error.description)
    }

    @Test("loggingFunction keeps working: setting it replaces the handler, and nil silences both")
    func loggingFunctionStillWorks() {
        let handled = Collected<Container.LogMessage>()
        let texts = Collected<String>()
        withLogHandler(minimumLevel: .debug, { handled.append($0) }) {
            Container.loggingFunction = { texts.append($0) }
            #expect(Container().resolve(LevelMarker.self) == nil)
            Container.setLogHandler(nil)
            #expect(Container.loggingFunction == nil)
            #expect(Container().resolve(LevelMarker.self) == nil)
        }
        #expect(messages(about: [LevelMarker.self], in: handled).isEmpty)
        #expect(texts.all.filter { $0.contains("LevelMarker") }.count == 1)
    }

    @Test("handlers swapped while other threads log: each message reaches one handler, whole")
    func concurrentSwap() {
        let first = Collected<Container.LogMessage>()
        let second = Collected<Container.LogMessage>()
        let rounds = 200
        var finished = false
        withLogHandler(minimumLevel: .debug, { first.append($0) }) {
            let container = Container()
            finished = ThreadRunner.run(threads: 4) { thread in
                for round in 0..<rounds {
                    if thread == 0 {
                        let target = round % 2 == 0 ? second : first
                        Container.setLogHandler(minimumLevel: .debug) { target.append($0) }
                    } else {
                        _ = container.resolve(SwapMarker.self)
                    }
                }
            }
        }
        #expect(finished, "the threads deadlocked")
        let mine = messages(about: [SwapMarker.self], in: first) + messages(about: [SwapMarker.self], in: second)
        #expect(mine.count == rounds * 3)
        #expect(mine.allSatisfy { $0.level == .debug && $0.message.contains("SwapMarker") && $0.error != nil })
    }
}
