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

private final class Clock: Sendable {}
private final class Repository: Sendable {
    init(clock: Clock) {}
}
private final class Settings: Sendable {}
private final class App: Sendable {
    init(settings: Settings, repository: Repository, clock: Clock) {}
}

/// A container whose App graph uses every outcome: created, reused from the graph, reused singleton.
private func appContainer() -> Container {
    let container = Container()
    container.register(Clock.self, fileID: "App/Setup.swift", line: 1) { _ in Clock() }
    container.register(Settings.self, fileID: "App/Setup.swift", line: 2) { _ in Settings() }.inObjectScope(.container)
    container.register(Repository.self, fileID: "App/Setup.swift", line: 3) { r in
        Repository(clock: try r.require(Clock.self))
    }.inObjectScope(.transient)
    container.register(App.self, fileID: "App/Setup.swift", line: 4) { r in
        App(
            settings: try r.require(Settings.self),
            repository: try r.require(Repository.self),
            clock: try r.require(Clock.self)
        )
    }
    return container
}

/// The trace's text with every duration replaced by `<t>`.
private func withoutTimes(_ trace: ResolutionTrace) -> String {
    trace.description.replacing(/in [0-9]+\.[0-9] (µs|ms)/, with: "in <t>")
}

@Suite("A traced resolve records the tree of what it resolved")
struct ResolutionTraceTests {
    @Test("the trace shows each service, its registration, whether it was created or reused, and its time")
    func traceTree() throws {
        let container = appContainer()
        let settings = try container.require(Settings.self)
        let traced = container.trace(App.self)
        _ = try traced.get()
        #expect(
            withoutTimes(traced.trace) == """
                App: created [graph] in <t>, registered at App/Setup.swift:4
                  Settings: reused [container], registered at App/Setup.swift:2
                  Repository: created [transient] in <t>, registered at App/Setup.swift:3
                    Clock: created [graph] in <t>, registered at App/Setup.swift:1
                  Clock: reused [graph], registered at App/Setup.swift:1
                """
        )
        let app = try #require(traced.trace.steps.first)
        #expect(traced.trace.steps.count == 1)
        #expect(app.children.map(\.request.description) == ["Settings", "Repository", "Clock"])
        #expect(app.children.allSatisfy { $0.duration <= app.duration })
        #expect(try container.require(Settings.self) === settings)
    }

    @Test("a singleton made during a trace is created and kept as usual")
    func tracedSingletonIsKept() throws {
        let container = appContainer()
        let traced = container.trace(Settings.self)
        guard case .created = traced.trace.steps.first?.outcome else {
            Issue.record("Settings was not created: \(traced.trace)")
            return
        }
        #expect(try container.require(Settings.self) === (try traced.get()))
    }

    @Test("a failing resolution is traced up to the failure, and the error is kept")
    func failingTrace() throws {
        let container = Container()
        container.register(String.self, fileID: "App/Setup.swift", line: 1) { _ in throw DatabaseError.connectionRefused
        }
        container.register(Int.self, fileID: "App/Setup.swift", line: 2) { r in try r.require(String.self).count }
        let traced = container.trace(Int.self)
        #expect(throws: ResolutionError.self) { try traced.get() }
        #expect(
            withoutTimes(traced.trace) == """
                Int: failed [graph], registered at App/Setup.swift:2: the factory of String threw DatabaseError.connectionRefused.
                  String: failed [graph], registered at App/Setup.swift:1: the factory of String threw DatabaseError.connectionRefused.
                """
        )
    }

    @Test("a traced resolve takes a name and arguments")
    func namedWithArguments() throws {
        let container = Container()
        container.register((any Animal).self, name: "dog", fileID: "App/Setup.swift", line: 5) { (_, name: String) in
            Dog(name: name)
        }
        let traced = container.trace((any Animal).self, name: "dog", arguments: "Hachi")
        #expect(try traced.get().name == "Hachi")
        #expect(
            withoutTimes(traced.trace)
                == "Animal(name: \"dog\", arguments: (String)): created [graph] in <t>, registered at App/Setup.swift:5"
        )
    }

    @Test("a request nothing answers leaves an empty trace and the error")
    func emptyTrace() {
        let traced = Container().trace(Clock.self)
        #expect(traced.trace.steps.isEmpty)
        #expect(traced.trace.description == "(nothing resolved)")
        #expect(throws: ResolutionError.self) { try traced.get() }
    }
}
