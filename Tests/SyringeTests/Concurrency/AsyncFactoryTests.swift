import Foundation
import Syringe
import Testing

private final class Database: Sendable {
    let url: String
    init(url: String) { self.url = url }
    static func connect(_ url: String) async -> Database {
        await Task.yield()
        return Database(url: url)
    }
}

private final class Settings: Sendable {}
private final class Shared: Sendable {}

private final class Repository: Sendable {
    let database: Database
    let settings: Settings
    let shared: Shared
    let helper: Helper
    init(database: Database, settings: Settings, shared: Shared, helper: Helper) {
        self.database = database
        self.settings = settings
        self.shared = shared
        self.helper = helper
    }
}

private final class Helper: Sendable {
    let shared: Shared
    init(shared: Shared) { self.shared = shared }
}

/// Keeps the resolver its factory received, to resolve later (a service locator).
private final class Coordinator: Sendable {
    let resolver: any AsyncResolver
    init(resolver: any AsyncResolver) { self.resolver = resolver }
}

private struct Session: Sendable {
    let user: String
    let attempt: Int
}

@Suite("Async factories")
struct AsyncFactoryTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(Database.self) { _ in await Database.connect("sqlite://app") }
        container.register(Settings.self) { _ in Settings() }
        container.register(Shared.self) { _ in Shared() }
        container.register(Helper.self) { r in
            await Task.yield()
            return Helper(shared: try await r.require(Shared.self))
        }
        container.register(Repository.self) { r in
            Repository(
                database: try await r.require(Database.self),
                settings: try await r.require(Settings.self),  // a synchronous registration
                shared: try await r.require(Shared.self),  // a synchronous one, graph-scoped
                helper: try await r.require(Helper.self)
            )
        }
        return container
    }

    @Test("An async factory resolves with await, and resolves async and sync dependencies in one graph")
    func resolvesWithAwait() async throws {
        let container = makeContainer()
        let repository = try await container.async.require(Repository.self)
        #expect(repository.database.url == "sqlite://app")
        #expect(repository.shared === repository.helper.shared)
        let other = try await container.async.require(Repository.self)
        #expect(other.shared !== repository.shared)  // A new top-level resolution is a new graph.
    }

    @Test("A closure without await registers a synchronous factory, still resolvable with await")
    func syncClosureStaysSync() async throws {
        let container = makeContainer()
        #expect(container.resolve(Settings.self) != nil)
        #expect(await container.async.resolve(Settings.self) != nil)
    }

    @Test("Lazy and Provider resolve synchronously, so they cannot make an async registration's instance")
    func wrappersCannotRunAsyncFactories() throws {
        let container = makeContainer()
        let lazy = try ResolutionError.code { try container.require(Lazy<Database>.self).require() }
        #expect(lazy == .asyncFactory)
        let provider = try ResolutionError.code { try container.require(Provider<Database>.self).require() }
        #expect(provider == .asyncFactory)
    }

    @Test("A synchronous call for an async registration is a clear error, never a hang")
    func synchronousCallIsAnError() throws {
        let container = makeContainer()
        #expect(container.resolve(Database.self) == nil)
        let error = try #require(throws: ResolutionError.self) { try container.require(Database.self) }
        guard case .asyncFactory = error.kind else {
            Issue.record("expected .asyncFactory, got \(error)")
            return
        }
        #expect(error.description.contains("await"))
        // Through a synchronous factory: the path shows who asked.
        container.register(Settings.self, name: "needs-db") { r in
            _ = try r.require(Database.self)
            return Settings()
        }
        let nested = try #require(throws: ResolutionError.self) {
            try container.require(Settings.self, name: "needs-db")
        }
        #expect(nested.path.map { "\($0)" } == ["Settings(name: \"needs-db\")", "Database"])
    }

    @Test("A resolver kept by a service resolves later as a new top-level resolution")
    func keptResolver() async throws {
        let container = makeContainer()
        container.register(Coordinator.self) { r in
            await Task.yield()
            return Coordinator(resolver: r)
        }
        .inObjectScope(.container)
        let coordinator = try await container.async.require(Coordinator.self)
        // Its own registration is no cycle any more: the resolution that made it is over.
        #expect(try await coordinator.resolver.require(Coordinator.self) === coordinator)
        let first = try await coordinator.resolver.require(Repository.self)
        let second = try await coordinator.resolver.require(Repository.self)
        #expect(first.shared === first.helper.shared)
        #expect(first.shared !== second.shared)  // Each later call is its own graph.
        #expect(resolveSynchronously(Settings.self, with: coordinator.resolver) != nil)
    }

    /// A synchronous call on an async resolver (in async code, the compiler picks the async methods).
    private func resolveSynchronously<Service>(_ type: Service.Type, with resolver: any Resolver) -> Service? {
        resolver.resolve(type)
    }

    @Test("Async factories take runtime arguments of any count")
    func runtimeArguments() async throws {
        let container = Container()
        container.register(Session.self) { _, user in
            await Task.yield()
            return Session(user: user, attempt: 0)
        }
        container.register(Session.self) { (_, user: String, attempt: Int) in
            await Task.yield()
            return Session(user: user, attempt: attempt)
        }
        let one = try await container.async.require(Session.self, argument: "ana")
        #expect(one.user == "ana")
        let two = try await container.async.require(Session.self, arguments: "bo", 3)
        #expect(two.user == "bo" && two.attempt == 3)
        let error = try await #require(throws: ResolutionError.self) {
            try await container.async.require(Session.self, arguments: 1, 2)
        }
        guard case .argumentMismatch = error.kind else {
            Issue.record("expected .argumentMismatch, got \(error)")
            return
        }
    }

    @Test("A throwing async factory fails with its error and the path")
    func throwingFactory() async throws {
        struct Offline: Error {}
        let container = Container()
        container.register(Database.self) { _ in
            await Task.yield()
            throw Offline()
        }
        container.register(Repository.self) { r in
            Repository(
                database: try await r.require(Database.self), settings: Settings(), shared: Shared(),
                helper: Helper(shared: Shared())
            )
        }
        let error = try await #require(throws: ResolutionError.self) {
            try await container.async.require(Repository.self)
        }
        guard case .factoryFailed(let underlying) = error.kind else {
            Issue.record("expected .factoryFailed, got \(error)")
            return
        }
        #expect(underlying is Offline)
        #expect(error.path.map { "\($0)" } == ["Repository", "Database"])
        #expect(await container.async.resolve(Repository.self) == nil)
    }

    @Test(
        "An async initializer cycle is reported, not awaited forever",
        arguments: [ObjectScope.graph, .container, .transient])
    func asyncCycle(scope: ObjectScope) async throws {
        final class Egg: Sendable { init(_: Hen) {} }
        final class Hen: Sendable { init(_: Egg) {} }
        let container = Container()
        container.register(Egg.self) { r in Egg(try await r.require(Hen.self)) }.inObjectScope(scope)
        container.register(Hen.self) { r in Hen(try await r.require(Egg.self)) }.inObjectScope(scope)
        let error = try await #require(throws: ResolutionError.self) { try await container.async.require(Egg.self) }
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("expected a cycle, got \(error)")
            return
        }
        #expect(cycle.map { "\($0)" } == ["Egg", "Hen", "Egg"])
    }
}
