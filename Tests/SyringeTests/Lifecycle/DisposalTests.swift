import Syringe
import Testing

/// A disposable that uses the container from `dispose()`: it may, since no container lock is held then.
private final class Reentrant: Disposable, Sendable {
    let container: Container
    let log: DisposalLog
    init(container: Container, log: DisposalLog) {
        self.container = container
        self.log = log
    }
    func dispose() {
        container.register(Int.self, name: "registered while disposing") { _ in 1 }
        log.append("resolved \(container.resolve(Int.self, name: "registered while disposing") ?? 0)")
    }
}

@Suite("Disposal of the instances a container made")
struct DisposalTests {
    @Test("shutdown disposes singletons newest first, dependents before their dependencies")
    func reverseOrder() {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self, name: "db") { _ in Resource("db", log: log) }.inObjectScope(.container)
        container.register(Resource.self, name: "repo") { r in
            Resource("repo", log: log, dependency: r.resolve(Resource.self, name: "db"))
        }.inObjectScope(.container)
        container.register(Resource.self, name: "cache") { _ in Resource("cache", log: log) }.inObjectScope(.container)

        _ = container.resolve(Resource.self, name: "repo")  // makes db, then repo
        _ = container.resolve(Resource.self, name: "cache")
        container.shutdown()

        #expect(log.entries == ["cache", "repo", "db"])
    }

    @Test("each instance is disposed exactly once, however often the container is shut down or reset")
    func exactlyOnce() {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self) { _ in Resource("only", log: log) }.inObjectScope(.container)
        container.register(Resource.self, name: "alias") { r in r.resolve(Resource.self)! }.inObjectScope(.container)

        _ = container.resolve(Resource.self, name: "alias")  // the same object kept by two registrations
        container.resetObjectScope(.container)
        container.shutdown()
        container.shutdown()

        #expect(log.entries == ["only"])
    }

    @Test("dispose() may register and resolve on the container disposing it: no container lock is held")
    func disposeUsesTheContainer() {
        let log = DisposalLog()
        let container = Container()
        container.register(Reentrant.self) { r in Reentrant(container: r as! Container, log: log) }
            .inObjectScope(.container)
        _ = container.resolve(Reentrant.self)
        container.resetObjectScope(.container)
        _ = container.resolve(Reentrant.self)
        container.unregister(Reentrant.self)
        #expect(log.entries == ["resolved 1", "resolved 1"])
    }

    @Test("transient and graph instances belong to the caller and are never disposed")
    func transientAndGraphNeverDisposed() {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self, name: "t") { _ in Resource("t", log: log) }.inObjectScope(.transient)
        container.register(Resource.self, name: "g") { _ in Resource("g", log: log) }.inObjectScope(.graph)

        let kept = [container.resolve(Resource.self, name: "t"), container.resolve(Resource.self, name: "g")]
        container.resetObjectScope(.transient)
        container.resetObjectScope(.graph)
        container.shutdown()

        #expect(kept.count == 2)
        #expect(log.entries.isEmpty)
    }

    @Test("resetting a scope disposes its instances, and the next resolve makes a new one")
    func resetDisposes() {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self) { _ in Resource("session", log: log) }.inObjectScope(.container)
        container.register(Resource.self, name: "other") { _ in Resource("other", log: log) }.inObjectScope(.weak)

        let first = container.resolve(Resource.self)
        let other = container.resolve(Resource.self, name: "other")
        container.resetObjectScope(.container)
        #expect(log.entries == ["session"])

        let second = container.resolve(Resource.self)
        #expect(first !== second)
        container.resetObjectScope(.container, serviceType: Resource.self)
        #expect(log.entries == ["session", "session"])
        #expect(other != nil)
    }

    @Test("weak instances are disposed while alive and forgotten once released")
    func weakWhileAlive() {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self, name: "alive") { _ in Resource("alive", log: log) }.inObjectScope(.weak)
        container.register(Resource.self, name: "gone") { _ in Resource("gone", log: log) }.inObjectScope(.weak)

        let alive = container.resolve(Resource.self, name: "alive")
        _ = container.resolve(Resource.self, name: "gone")  // released at once
        container.shutdown()

        #expect(alive != nil)
        #expect(log.entries == ["alive"])
    }

    @Test("custom scopes have their instances disposed while their storage keeps them")
    func customScope() {
        let log = DisposalLog()
        let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
        let perGraph = ObjectScope(storageFactory: GraphStorage.init, description: "per graph")
        let container = Container()
        container.register(Resource.self, name: "kept") { _ in Resource("kept", log: log) }.inObjectScope(session)
        container.register(Resource.self, name: "held") { _ in Resource("held", log: log) }.inObjectScope(perGraph)

        _ = container.resolve(Resource.self, name: "kept")
        let held = container.resolve(Resource.self, name: "held")  // the storage let go after the graph
        container.resetObjectScope(session)
        container.resetObjectScope(perGraph)
        container.shutdown()

        #expect(held != nil)
        #expect(log.entries == ["kept"])
    }

    @Test("value types in container scope are disposed too")
    func valueTypes() {
        let log = DisposalLog()
        let container = Container()
        container.register(ValueResource.self) { _ in ValueResource(name: "value", log: log) }.inObjectScope(.container)

        _ = container.resolve(ValueResource.self)
        container.shutdown()

        #expect(log.entries == ["value"])
    }

    @Test("a child's shutdown disposes its own singletons and never its parent's")
    func childLeavesParentAlone() {
        let log = DisposalLog()
        let parent = Container()
        parent.register(Resource.self, name: "app") { _ in Resource("app", log: log) }.inObjectScope(.container)
        let child = Container(parent: parent)
        child.register(Resource.self, name: "feature") { r in
            Resource("feature", log: log, dependency: r.resolve(Resource.self, name: "app"))
        }.inObjectScope(.container)

        let feature = child.resolve(Resource.self, name: "feature")
        child.shutdown()
        #expect(log.entries == ["feature"])
        #expect(parent.resolve(Resource.self, name: "app") === feature?.dependency)

        parent.shutdown()
        #expect(log.entries == ["feature", "app"])
    }

    @Test("a container reopened after shutdown makes new instances and disposes them at the next shutdown")
    func usableAfterShutdown() {
        let log = DisposalLog()
        let counter = CallCounter()
        let container = Container()
        container.register(Resource.self) { _ in
            counter.increment()
            return Resource("made \(counter.value)", log: log)
        }.inObjectScope(.container)

        _ = container.resolve(Resource.self)
        container.shutdown()
        container.reopen()
        _ = container.resolve(Resource.self)
        container.shutdown()

        #expect(log.entries == ["made 1", "made 2"])
    }

    @Test("await shutdown awaits asynchronous disposals in reverse creation order, mixed with synchronous ones")
    func asyncShutdown() async {
        let log = DisposalLog()
        let container = Container()
        container.register(AsyncResource.self, name: "first") { _ in AsyncResource("first", log: log) }
            .inObjectScope(.container)
        container.register(Resource.self, name: "second") { _ in Resource("second", log: log) }
            .inObjectScope(.container)
        container.register(AsyncResource.self, name: "third") { _ in AsyncResource("third", log: log) }
            .inObjectScope(.container)

        _ = container.resolve(AsyncResource.self, name: "first")
        _ = container.resolve(Resource.self, name: "second")
        _ = container.resolve(AsyncResource.self, name: "third")
        await container.async.shutdown()

        #expect(log.entries == ["third", "second", "first"])
    }

    @Test("synchronous paths dispose asynchronous-only instances in a task, newest first")
    func asyncFromSyncPath() async {
        let log = DisposalLog()
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let container = Container()
        container.register(Signal.self, name: "a") { _ in Signal("a", continuation: continuation) }
            .inObjectScope(.container)
        container.register(Signal.self, name: "b") { _ in Signal("b", continuation: continuation) }
            .inObjectScope(.container)
        container.register(Resource.self) { _ in Resource("sync", log: log) }.inObjectScope(.container)

        _ = container.resolve(Signal.self, name: "a")
        _ = container.resolve(Signal.self, name: "b")
        _ = container.resolve(Resource.self)
        container.resetObjectScope(.container)
        #expect(log.entries == ["sync"])

        var disposed: [String] = []
        for await name in stream {
            disposed.append(name)
            if disposed.count == 2 { break }
        }
        #expect(disposed == ["b", "a"])
    }
}

/// Reports its asynchronous disposal through a stream.
private final class Signal: AsyncDisposable {
    let name: String
    let continuation: AsyncStream<String>.Continuation

    init(_ name: String, continuation: AsyncStream<String>.Continuation) {
        self.name = name
        self.continuation = continuation
    }

    func dispose() async {
        continuation.yield(name)
    }
}
