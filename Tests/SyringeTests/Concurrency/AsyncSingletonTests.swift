import Foundation
import Syringe
import Testing

private final class Connection: Sendable {}
private final class Pool: Sendable {}

private final class Left: Sendable {
    init(_: Right) {}
}

private final class Right: Sendable {
    init(_: Left) {}
}

/// Records whether the factory saw its task cancelled.
private final class Flag: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var stored = false
    func set() {
        lock.lock()
        stored = true
        lock.unlock()
    }
    var value: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

@Suite("Async singletons")
struct AsyncSingletonTests {
    @Test(
        "Many tasks racing for an async singleton get one instance, made once",
        arguments: [ObjectScope.container, .weak])
    func singleFlight(scope: ObjectScope) async {
        for _ in 0..<200 {
            let made = CallCounter()
            let container = Container()
            container.register(Connection.self) { _ in
                made.increment()
                await Task.yield()
                return Connection()
            }
            .inObjectScope(scope)
            let ids = await withTaskGroup(of: Connection?.self) { group in
                for _ in 0..<16 {
                    group.addTask { await container.async.resolve(Connection.self) }
                }
                var connections: [Connection?] = []
                for await connection in group { connections.append(connection) }
                // All 16 are held here until compared, so even the weak scope must hand out one instance.
                return Set(connections.map { $0.map(ObjectIdentifier.init) })
            }
            #expect(ids.count == 1)
            #expect(!ids.contains(nil))
            #expect(made.value == 1)
        }
    }

    @Test("An async singleton is kept until its scope is reset, and synchronous calls never see it")
    func keptUntilReset() async throws {
        let made = CallCounter()
        let container = Container()
        container.register(Connection.self) { _ in
            made.increment()
            await Task.yield()
            return Connection()
        }
        .inObjectScope(.container)
        let first = try await container.async.require(Connection.self)
        #expect(try await container.async.require(Connection.self) === first)
        #expect(container.resolve(Connection.self) == nil)  // Async-only, even once made.
        container.resetObjectScope(.container)
        #expect(try await container.async.require(Connection.self) !== first)
        #expect(made.value == 2)
    }

    @Test("A weak-scoped async singleton is kept while held and released when nobody holds it")
    func weakReleases() async throws {
        let container = Container()
        container.register(Connection.self) { _ async in Connection() }.inObjectScope(.weak)
        final class Probe {
            weak var connection: Connection?
            var sameWhileHeld = false
        }
        let probe = Probe()
        try await {
            let held = try await container.async.require(Connection.self)
            probe.connection = held
            probe.sameWhileHeld = try await container.async.require(Connection.self) === held
        }()
        #expect(probe.sameWhileHeld)
        #expect(probe.connection == nil)
        #expect(container.resolve(Connection.self) == nil)  // Registered async: not resolvable synchronously.
    }

    @Test("Cancelling a task that waits for an async singleton neither cancels nor corrupts the creation")
    func cancellationOfAWaiter() async throws {
        let gate = Gate()
        let sawCancellation = Flag()
        let made = CallCounter()
        let container = Container()
        container.register(Connection.self) { _ in
            made.increment()
            await gate.wait()
            if Task.isCancelled { sawCancellation.set() }
            return Connection()
        }
        .inObjectScope(.container)

        let cancelled = Task { try await container.async.require(Connection.self) }
        while await gate.arrivals == 0 { await Task.yield() }  // The creation has started and waits at the gate.
        cancelled.cancel()
        let other = Task { try await container.async.require(Connection.self) }
        await gate.open()

        let fromCancelled = try await cancelled.value
        let fromOther = try await other.value
        #expect(fromCancelled === fromOther)
        #expect(try await container.async.require(Connection.self) === fromOther)
        #expect(!sawCancellation.value)
        #expect(made.value == 1)
    }

    @Test("Two tasks creating async singletons that need each other report a cycle, never hang")
    func crossTaskCycle() async {
        let rounds = 300
        let finished = await finishesBeforeWatchdog {
            for _ in 0..<rounds {
                let container = Container()
                container.register(Left.self) { r in
                    await Task.yield()
                    return Left(try await r.require(Right.self))
                }
                .inObjectScope(.container)
                container.register(Right.self) { r in
                    await Task.yield()
                    return Right(try await r.require(Left.self))
                }
                .inObjectScope(.container)
                async let left = outcome { () async throws(ResolutionError) in
                    try await container.async.require(Left.self)
                }
                async let right = outcome { () async throws(ResolutionError) in
                    try await container.async.require(Right.self)
                }
                for result in [await left.map { $0 as AnyObject }, await right.map { $0 as AnyObject }] {
                    guard case .failure(let error) = result, case .circularDependency(let cycle) = error.kind else {
                        Issue.record("expected a circular dependency, got \(result)")
                        continue
                    }
                    #expect(cycle.count == 3)
                }
            }
        }
        #expect(finished, "a round hung")
    }

    @Test("An async singleton that needs a synchronous singleton shares it with synchronous callers")
    func asyncNeedsSync() async throws {
        final class Service: Sendable {
            let pool: Pool
            init(pool: Pool) { self.pool = pool }
        }
        let container = Container()
        container.register(Pool.self) { _ in Pool() }.inObjectScope(.container)
        container.register(Service.self) { r in Service(pool: try await r.require(Pool.self)) }.inObjectScope(
            .container)
        let service = try await container.async.require(Service.self)
        #expect(service.pool === container.resolve(Pool.self))
    }
}

/// The result of an async resolution, as a value.
private func outcome<T>(_ body: () async throws(ResolutionError) -> T) async -> Result<T, ResolutionError> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}

private final class Leaf: Sendable {}

private final class Node: Sendable {
    let leaf: Leaf
    let connection: Connection
    init(leaf: Leaf, connection: Connection) {
        self.leaf = leaf
        self.connection = connection
    }
}

private final class Tree: Sendable {
    let leaf: Leaf
    let node: Node
    init(leaf: Leaf, node: Node) {
        self.leaf = leaf
        self.node = node
    }
}

@Suite("Async stress: many tasks resolving and resetting at once")
struct AsyncStressTests {
    @Test("Tasks racing async and sync resolutions and resets keep every scope's promise")
    func mixedTasks() async {
        let container = Container()
        let made = CallCounter()
        let resets = CallCounter()
        container.register(Connection.self) { _ in
            made.increment()
            await Task.yield()
            return Connection()
        }
        .inObjectScope(.container)
        container.register(Leaf.self) { _ in Leaf() }  // synchronous, graph-scoped
        container.register(Node.self) { r in
            await Task.yield()
            return Node(leaf: try await r.require(Leaf.self), connection: try await r.require(Connection.self))
        }
        container.register(Tree.self) { r in
            Tree(leaf: try await r.require(Leaf.self), node: try await r.require(Node.self))
        }
        let failures = Collected<String>()
        let finished = await finishesBeforeWatchdog {
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        for iteration in 0..<1_000 {
                            switch (task + iteration) % 4 {
                            case 0:
                                guard let tree = await container.async.resolve(Tree.self) else {
                                    failures.append("Tree did not resolve")
                                    continue
                                }
                                if tree.leaf !== tree.node.leaf { failures.append("two Leaf in one graph") }
                            case 1:
                                let a = await container.async.resolve(Connection.self)
                                if a == nil { failures.append("Connection did not resolve") }
                            case 2:
                                container.resetObjectScope(.container)
                                resets.increment()
                            default:
                                if container.resolve(Leaf.self) == nil { failures.append("Leaf did not resolve") }
                                if container.resolve(Connection.self) != nil {
                                    failures.append("sync got an async singleton")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(finished, "the tasks hung")
        #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
        // Each Connection after the first needs a reset in between.
        #expect(made.value >= 1)
        #expect(made.value <= resets.value + 1)
    }
}
