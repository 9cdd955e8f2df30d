import Synchronization
import Syringe
import Testing

private typealias Animal = DiagnosticsFixtures.Animal
private typealias Cat = DiagnosticsFixtures.Cat
private typealias Dog = DiagnosticsFixtures.Dog
private typealias PetOwner = DiagnosticsFixtures.PetOwner
private typealias Vehicle = DiagnosticsFixtures.Vehicle
private typealias DatabaseError = DiagnosticsFixtures.DatabaseError
private typealias Counter = DiagnosticsFixtures.Counter

private func resolutionError(_ body: () throws -> Void) -> ResolutionError? {
    DiagnosticsFixtures.resolutionError(body)
}

/// Types only these tests resolve, so messages other tests log at the same time are told apart.
private final class LoggedService: Sendable {}
private final class LoggedCycleA: Sendable {
    init(_: LoggedCycleB) {}
}
private final class LoggedCycleB: Sendable {
    init(_: LoggedCycleA) {}
}

/// Collects the messages the logging sink receives.
private final class MessageLog: Sendable {
    private let messages = Mutex<[String]>([])

    func append(_ message: String) { messages.withLock { $0.append(message) } }

    func messages(mentioning text: String) -> [String] {
        messages.withLock { $0.filter { $0.contains(text) } }
    }
}

/// Runs `body` with a capturing sink installed as `Container.loggingFunction`, then restores the previous sink.
private func withCapturedLog(_ body: (MessageLog) throws -> Void) rethrows {
    try loggingSinkLock.run {
        let log = MessageLog()
        let previous = Container.loggingFunction
        Container.loggingFunction = { log.append($0) }
        defer { Container.loggingFunction = previous }
        try body(log)
    }
}

// The logging sink is global: these tests hold `loggingSinkLock` while they replace it, and restore it.
@Suite("Optional resolve returns nil and logs the reason", .serialized)
struct OptionalResolveLoggingTests {
    @Test("a miss returns nil and logs the full message")
    func missIsLogged() {
        withCapturedLog { log in
            let container = Container()
            container.register(LoggedService.self, name: "main", fileID: "App/Setup.swift", line: 4) { _ in
                LoggedService()
            }
            #expect(container.resolve(LoggedService.self) == nil)
            #expect(
                log.messages(mentioning: "LoggedService") == [
                    """
                    Syringe: cannot resolve LoggedService: LoggedService has no unnamed registration.
                      Registered for LoggedService:
                        LoggedService(name: "main") [graph] at App/Setup.swift:4
                      To fix: ask for one of the names above, or register this name.
                    """
                ]
            )
        }
    }

    @Test("an initializer cycle returns nil and logs the cycle as a path")
    func cycleIsLogged() {
        withCapturedLog { log in
            let container = Container()
            container.register(LoggedCycleA.self) { r in LoggedCycleA(try r.require(LoggedCycleB.self)) }
            container.register(LoggedCycleB.self) { r in LoggedCycleB(try r.require(LoggedCycleA.self)) }
            #expect(container.resolve(LoggedCycleA.self) == nil)
            let messages = log.messages(mentioning: "LoggedCycleA")
            #expect(messages.count == 1)
            #expect(
                messages.first?.hasPrefix(
                    "Syringe: cannot resolve LoggedCycleA: circular dependency LoggedCycleA -> LoggedCycleB -> LoggedCycleA."
                ) == true)
        }
    }

    @Test("a throwing factory makes the optional resolve return nil and log the underlying error")
    func factoryErrorIsLogged() {
        withCapturedLog { log in
            let container = Container()
            container.register(LoggedService.self, fileID: "App/Setup.swift", line: 9) { _ in
                throw DatabaseError.connectionRefused
            }
            #expect(container.resolve(LoggedService.self) == nil)
            #expect(
                log.messages(mentioning: "LoggedService") == [
                    """
                    Syringe: cannot resolve LoggedService: the factory of LoggedService threw DatabaseError.connectionRefused.
                      Failing registration: LoggedService [graph] at App/Setup.swift:9
                    """
                ]
            )
        }
    }

    @Test("a nil sink silences the log and resolve still returns nil")
    func nilSinkIsSilent() {
        loggingSinkLock.run {
            let previous = Container.loggingFunction
            Container.loggingFunction = nil
            defer { Container.loggingFunction = previous }
            #expect(Container().resolve(LoggedService.self) == nil)
            #expect(Container.loggingFunction == nil)
        }
    }
}
