import Synchronization
import Syringe
import Testing

private final class Clock: Sendable {}
private final class Database: Sendable {}
private final class Repository: Sendable {
    init(database: Database, clock: Clock) {}
}
private final class Session: Sendable {
    init(user: String) {}
}
@MainActor private final class ViewModel {
    init(clock: Clock) {}
}
private final class Missing: Sendable {}
private final class Broken: Sendable {
    init(missing: Missing) {}
}
private enum ConnectError: Error { case refused }
private final class Ping: Sendable {
    init(pong: Pong) {}
}
private final class Pong: Sendable {
    init(ping: Ping) {}
}

/// Counts factory calls.
private final class FactoryCalls: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

@Suite("container.async.verify() checks async and @MainActor registrations in one report")
struct AsyncVerificationTests {
    private func makeContainer(databases: FactoryCalls) -> Container {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        container.register(Database.self) { _ in
            await Task.yield()
            databases.increment()
            return Database()
        }.inObjectScope(.container)
        container.register(Repository.self) { r in
            Repository(database: try await r.require(Database.self), clock: try await r.require(Clock.self))
        }
        container.register(Session.self) { (_, user: String) async in Session(user: user) }
        container.register(ViewModel.self, isolatedTo: MainActor.self) { r in
            ViewModel(clock: try r.require(Clock.self))
        }
        return container
    }

    @Test("A clean app passes with every registration verified, and no singleton is made")
    func cleanAppPasses() async throws {
        let databases = FactoryCalls()
        let container = makeContainer(databases: databases)
        // Synchronously and off the main actor, the async and main-actor ones cannot run: listed, not failed.
        #expect(try container.verify().asynchronous.count == 4)
        let report = try await container.async.verify { $0.provide(Session.self, argument: "ana") }
        #expect(
            report.verified.map(\.request.description).sorted() == [
                "Clock", "Database", "Repository", "Session(arguments: (String))", "ViewModel",
            ])
        #expect(report.unverifiable.isEmpty)
        #expect(report.asynchronous.isEmpty)
        let made = databases.value
        #expect(made >= 1)
        let database = try await container.async.require(Database.self)
        #expect(databases.value == made + 1)
        #expect(try await container.async.require(Database.self) === database)
    }

    @Test("Failures of async factories are reported with their path and kind, all at once")
    func failuresAreReported() async throws {
        let container = Container()
        container.register(Broken.self) { r in Broken(missing: try await r.require(Missing.self)) }
        container.register(Database.self) { (_: any AsyncResolver) async throws -> Database in
            throw ConnectError.refused
        }
        container.register(Ping.self) { r in Ping(pong: try await r.require(Pong.self)) }
        container.register(Pong.self) { r in Pong(ping: try await r.require(Ping.self)) }
        container.register(Session.self) { (_, user: String) async in Session(user: user) }
        let error = await #expect(throws: VerificationError.self) { try await container.async.verify() }
        let failures = (error?.failures ?? []).map { "\($0.path.first?.description ?? "") \($0.code)" }.sorted()
        #expect(
            failures == [
                "Broken notRegistered", "Database factoryFailed", "Ping circularDependency", "Pong circularDependency",
            ])
        #expect(
            error?.failures.first { $0.code == .notRegistered }?.path.map(\.description) == ["Broken", "Missing"])
        #expect(error?.report.unverifiable.map(\.request.description) == ["Session(arguments: (String))"])
    }

    @Test("An async singleton that captures a transient service, async or synchronous, is a captive dependency")
    func captivesAcrossAsyncAndSync() async throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.transient)
        container.register(Database.self) { _ async in Database() }.inObjectScope(.transient)
        container.register(Repository.self) { r in
            Repository(database: try await r.require(Database.self), clock: try await r.require(Clock.self))
        }.inObjectScope(.container)
        let error = await #expect(throws: VerificationError.self) { try await container.async.verify() }
        #expect(error?.failures.isEmpty == true)
        let captured = (error?.captiveDependencies ?? []).map(\.captured.request.description).sorted()
        #expect(captured == ["Clock", "Database"])
        #expect(error?.captiveDependencies.allSatisfy { $0.owner.request.description == "Repository" } == true)
    }

    @Test("From any task, an async factory that needs a @MainActor service is verified on the main actor")
    func asyncNeedsMainActor() async throws {
        final class Screen: Sendable {
            init(model: ViewModelBox) {}
        }
        final class ViewModelBox: @unchecked Sendable {
            // @unchecked Sendable: holds a main-actor object made and used on the main actor only, in this test.
            let model: ViewModelForScreen
            init(model: ViewModelForScreen) { self.model = model }
        }
        @MainActor final class ViewModelForScreen {
            init(clock: Clock) {}
        }
        let models = FactoryCalls()
        let container = Container()
        container.register(Clock.self) { _ in Clock() }.inObjectScope(.container)
        container.register(ViewModelBox.self, isolatedTo: MainActor.self) { r in
            models.increment()
            return ViewModelBox(model: ViewModelForScreen(clock: try r.require(Clock.self)))
        }.inObjectScope(.container)
        container.register(Screen.self) { r in Screen(model: try await r.require(ViewModelBox.self)) }
        let report = try await container.async.verify()
        #expect(report.verified.map(\.request.description).sorted() == ["Clock", "Screen", "ViewModelBox"])
        #expect(report.asynchronous.isEmpty)
        let made = models.value
        _ = try await container.async.require(Screen.self)
        #expect(models.value == made + 1)  // verification kept no instance of the main-actor singleton
    }
}
