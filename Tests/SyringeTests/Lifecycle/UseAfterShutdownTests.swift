import Syringe
import Testing

private final class BookStore: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `disposals` is only touched under `lock`.
    private let lock = TestLock()
    private var disposals = 0
    func dispose() { lock.run { disposals += 1 } }
    var disposed: Int { lock.run { disposals } }
}

private final class BookHandler: Sendable {
    let store: BookStore
    init(store: BookStore) { self.store = store }
}

private final class BookClock: Sendable {}

/// Counts the instances a factory made.
private final class MadeCount: @unchecked Sendable {
    // @unchecked Sendable: `count` is only touched under `lock`.
    private let lock = TestLock()
    private var count = 0
    func one() { lock.run { count += 1 } }
    var total: Int { lock.run { count } }
}

@Suite("After shutdown, a container makes no kept instance again until it is reopened")
struct UseAfterShutdownTests {
    private func app(made: MadeCount) -> Container {
        let container = Container()
        container.register(BookStore.self) { _ in
            made.one()
            return BookStore()
        }.inObjectScope(.container)
        container.register(BookHandler.self) { r in BookHandler(store: try r.require(BookStore.self)) }
        container.register(BookClock.self) { _ in BookClock() }
        return container
    }

    @Test("A singleton asked after shutdown is a containerShutDown error whose message says how to reopen")
    func singletonAfterShutdown() throws {
        let made = MadeCount()
        let container = app(made: made)
        let store = try container.require(BookStore.self)
        container.shutdown()
        #expect(store.disposed == 1)
        #expect(container.isShutDown)

        let error = try #require(throws: ResolutionError.self) { try container.require(BookStore.self) }
        #expect(error.code == .containerShutDown)
        #expect(error.description.contains("was shut down"))
        #expect(error.description.contains("container.reopen()"))
        #expect(made.total == 1)  // not made again behind the app's back
    }

    @Test("The optional resolve returns nil and logs the error")
    func optionalResolveLogs() {
        let container = app(made: MadeCount())
        _ = container.resolve(BookStore.self)
        container.shutdown()
        var resolved: BookStore?
        // Read by this file's type: other suites may log about containers they shut down meanwhile.
        let messages = loggedMessages(containing: "BookStore") { resolved = container.resolve(BookStore.self) }
        #expect(resolved == nil)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("cannot resolve BookStore") == true)
        #expect(messages.first?.contains("was shut down") == true)
    }

    @Test("A transient that needs a singleton fails through it; a transient that needs none still resolves")
    func transients() throws {
        let container = app(made: MadeCount())
        container.shutdown()
        let error = try #require(throws: ResolutionError.self) { try container.require(BookHandler.self) }
        #expect(error.code == .containerShutDown)
        #expect(error.path.map(\.description) == ["BookHandler", "BookStore"])
        #expect(try ResolutionError.code { try container.require(BookClock.self) } == nil)
    }

    @Test("reopen() makes new instances, which the next shutdown disposes")
    func reopen() throws {
        let made = MadeCount()
        let container = app(made: made)
        let first = try container.require(BookStore.self)
        container.shutdown()
        container.reopen()
        #expect(!container.isShutDown)
        let second = try container.require(BookStore.self)
        #expect(second !== first)
        #expect(made.total == 2)
        #expect(try container.require(BookStore.self) === second)
        container.shutdown()
        #expect(second.disposed == 1)
        #expect(first.disposed == 1)
    }

    @Test("Weak and per-container instances are not made after shutdown either")
    func weakAndPerContainer() throws {
        let app = Container()
        app.register(BookStore.self) { _ in BookStore() }.inObjectScope(.perContainer)
        app.register(BookClock.self) { _ in BookClock() }.inObjectScope(.weak)
        let feature = Container(parent: app)
        _ = try feature.require(BookStore.self)
        feature.shutdown()
        #expect(try ResolutionError.code { try feature.require(BookStore.self) } == .containerShutDown)
        #expect(try ResolutionError.code { try app.require(BookStore.self) } == nil)  // the app's own instance

        let clock = try app.require(BookClock.self)
        app.shutdown()
        // A weak instance the app forgot at shutdown, though still alive here, is not made again.
        #expect(try ResolutionError.code { try app.require(BookClock.self) } == .containerShutDown)
        withExtendedLifetime(clock) {}
    }

    @Test("Custom scopes and instances kept per argument are not made after shutdown either")
    func customAndKeyedScopes() throws {
        let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
        let container = Container()
        container.register(BookStore.self) { _ in BookStore() }.inObjectScope(session)
        container.register(BookClock.self) { (_, id: Int) in BookClock() }.inObjectScope(.container)
            .keyedByArguments(limit: 4)
        let store = try container.require(BookStore.self)
        let clock = try container.require(BookClock.self, argument: 1)
        container.shutdown()
        #expect(store.disposed == 1)
        #expect(try ResolutionError.code { try container.require(BookStore.self) } == .containerShutDown)
        #expect(try ResolutionError.code { try container.require(BookClock.self, argument: 1) } == .containerShutDown)
        container.reopen()
        #expect(try container.require(BookStore.self) !== store)
        #expect(try container.require(BookClock.self, argument: 1) !== clock)
    }

    @Test("A child of a shut-down parent fails on the parent's singletons and resolves its own")
    func childOfShutDownParent() throws {
        let parent = app(made: MadeCount())
        parent.shutdown()
        let child = Container(parent: parent)
        child.register(BookClock.self) { _ in BookClock() }.inObjectScope(.container)
        #expect(try ResolutionError.code { try child.require(BookStore.self) } == .containerShutDown)
        #expect(try ResolutionError.code { try child.require(BookClock.self) } == nil)
    }

    @Test("A container derived from a shut-down one keeps its own instances, as always")
    func derivedFromShutDown() throws {
        let made = MadeCount()
        let app = app(made: made)
        app.shutdown()
        let test = app.derived()
        let store = try test.require(BookStore.self)
        #expect(try test.require(BookHandler.self).store === store)
        test.shutdown()
        #expect(store.disposed == 1)
        #expect(try ResolutionError.code { try test.require(BookStore.self) } == .containerShutDown)
        #expect(try ResolutionError.code { try app.derived().require(BookStore.self) } == nil)
    }

    @Test("removeAll, resetObjectScope and unregister dispose without closing the container")
    func removalsDoNotClose() throws {
        let container = app(made: MadeCount())
        let first = try container.require(BookStore.self)
        container.resetObjectScope(.container)
        #expect(first.disposed == 1)
        #expect(!container.isShutDown)
        let second = try container.require(BookStore.self)
        container.unregister(BookStore.self)
        #expect(second.disposed == 1)
        container.removeAll()
        container.register(BookStore.self) { _ in BookStore() }.inObjectScope(.container)
        #expect(try ResolutionError.code { try container.require(BookStore.self) } == nil)
    }

    @Test("An ended override token's container resolves again; a withOverrides container is shut down after it")
    func testContainers() throws {
        let app = app(made: MadeCount())
        let token = app.beginOverrides { c in c.register(BookClock.self) { _ in BookClock() } }
        let during = try token.container.require(BookStore.self)
        token.end()
        #expect(during.disposed == 1)
        #expect(!token.container.isShutDown)
        #expect(try token.container.require(BookStore.self) !== during)

        var leaked: Container?
        try app.withOverrides { _ in
        } operation: { c in
            leaked = c
            _ = try c.require(BookStore.self)
        }
        let override = try #require(leaked)
        #expect(override.isShutDown)
        #expect(try ResolutionError.code { try override.require(BookStore.self) } == .containerShutDown)
        #expect(!app.isShutDown)
    }

    @Test("The awaited shutdown closes the container too, for synchronous and async registrations alike")
    func awaitedShutdown() async throws {
        let container = app(made: MadeCount())
        container.register(BookClock.self) { _ in
            await Task.yield()
            return BookClock()
        }.inObjectScope(.container)
        _ = try await container.async.require(BookClock.self)
        _ = try await container.async.require(BookStore.self)
        await container.async.shutdown()
        #expect(container.isShutDown)
        #expect(
            try await ResolutionError.code { try await container.async.require(BookClock.self) } == .containerShutDown)
        #expect(
            try await ResolutionError.code { try await container.async.require(BookStore.self) } == .containerShutDown)
        container.reopen()
        #expect(try await ResolutionError.code { try await container.async.require(BookClock.self) } == nil)
    }
}
