import Synchronization
import Syringe
import Testing

private final class ItemModel: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

private final class Cell: Sendable {
    let section: String
    let row: Int
    init(section: String, row: Int) {
        self.section = section
        self.row = row
    }
}

private struct Tag: Sendable {
    let name: String
}

private protocol Shape: Sendable {}
private struct Square: Shape, Hashable {}
private struct Blob: Shape {}

private final class Counter: Sendable {
    private let count = Mutex(0)
    func next() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
    var value: Int { count.withLock { $0 } }
}

private final class Connection: Disposable, Sendable {
    let disposed = Mutex(false)
    func dispose() { disposed.withLock { $0 = true } }
}

/// Collects the messages of `Container.loggingFunction`.
private final class Messages: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

/// Runs `body` with `Container.loggingFunction` silenced: registrations it makes on purpose report problems.
private func withLoggingSilenced(_ body: () -> Void) {
    loggingSinkLock.run {
        let previous = Container.loggingFunction
        Container.loggingFunction = { _ in }
        defer { Container.loggingFunction = previous }
        body()
    }
}

@Suite("keyedByArguments: one instance per distinct runtime argument tuple")
struct KeyedByArgumentsTests {
    @Test("equal arguments get the same instance, different ones different instances")
    func onePerArgument() throws {
        let container = Container()
        let made = Counter()
        container.register(ItemModel.self) { _, id in
            _ = made.next()
            return ItemModel(id: id)
        }.inObjectScope(.container).keyedByArguments()
        let first = try container.require(ItemModel.self, argument: 1)
        let again = try container.require(ItemModel.self, argument: 1)
        let other = try container.require(ItemModel.self, argument: 2)
        #expect(first === again)
        #expect(first !== other)
        #expect(first.id == 1 && other.id == 2)
        #expect(made.value == 2)
    }

    @Test("several arguments are one key together")
    func tupleKey() throws {
        let container = Container()
        container.register(Cell.self) { _, section, row in Cell(section: section, row: row) }
            .inObjectScope(.container).keyedByArguments()
        let a = try container.require(Cell.self, arguments: "news", 1)
        #expect(a === (try container.require(Cell.self, arguments: "news", 1)))
        #expect(a !== (try container.require(Cell.self, arguments: "news", 2)))
        #expect(a !== (try container.require(Cell.self, arguments: "sports", 1)))
    }

    @Test("without keyedByArguments, a .container registration with arguments shares one instance for all")
    func unkeyedSharesOne() throws {
        let container = Container()
        container.register(ItemModel.self) { _, id in ItemModel(id: id) }.inObjectScope(.container)
        #expect(
            (try container.require(ItemModel.self, argument: 1))
                === (try container.require(ItemModel.self, argument: 2)))
    }

    @Test("resetObjectScope of the keyed shared scope empties it and disposes what it kept")
    func reset() throws {
        let container = Container()
        container.register(ItemModel.self) { _, id in ItemModel(id: id) }
            .inObjectScope(.container).keyedByArguments()
        container.register(Connection.self) { _, host in
            _ = host as String
            return Connection()
        }.inObjectScope(.container).keyedByArguments()
        let before = try container.require(ItemModel.self, argument: 1)
        let connection = try container.require(Connection.self, argument: "db")
        container.resetObjectScope(.container)
        #expect(before !== (try container.require(ItemModel.self, argument: 1)))
        #expect(connection.disposed.withLock { $0 })
        #expect(connection !== (try container.require(Connection.self, argument: "db")))
        // Resetting by service type reaches it too.
        let kept = try container.require(ItemModel.self, argument: 1)
        container.resetObjectScope(.container, serviceType: ItemModel.self)
        #expect(kept !== (try container.require(ItemModel.self, argument: 1)))
        // Resetting another scope does not.
        let still = try container.require(ItemModel.self, argument: 1)
        container.resetObjectScope(.weak)
        #expect(still === (try container.require(ItemModel.self, argument: 1)))
    }

    @Test(".weak keeps each instance only while something else holds it")
    func weak() throws {
        let container = Container()
        container.register(ItemModel.self) { _, id in ItemModel(id: id) }
            .inObjectScope(.weak).keyedByArguments()
        var held: ItemModel? = try container.require(ItemModel.self, argument: 1)
        let id = ObjectIdentifier(try #require(held))
        #expect(held === (try container.require(ItemModel.self, argument: 1)))
        let other = try container.require(ItemModel.self, argument: 2)
        #expect(other !== held)
        held = nil
        // Nothing holds the first instance any more: the scope let it go, and a resolve makes a new one.
        let remade = try container.require(ItemModel.self, argument: 1)
        #expect(remade.id == 1)
        _ = id
        #expect(other === (try container.require(ItemModel.self, argument: 2)))
    }

    @Test("a limit keeps the most recently used instances and drops the least recently used first")
    func leastRecentlyUsed() throws {
        let container = Container()
        container.register(ItemModel.self) { _, id in ItemModel(id: id) }
            .inObjectScope(.container).keyedByArguments(limit: 2)
        let one = try container.require(ItemModel.self, argument: 1)
        let two = try container.require(ItemModel.self, argument: 2)
        #expect(one === (try container.require(ItemModel.self, argument: 1)))  // 1 used after 2
        _ = try container.require(ItemModel.self, argument: 3)  // drops 2, the least recently used
        #expect(one === (try container.require(ItemModel.self, argument: 1)))
        #expect(two !== (try container.require(ItemModel.self, argument: 2)))  // made again, drops 3
    }

    @Test("an argument type that is not Hashable is reported at registration and every resolve fails with why")
    func notHashable() throws {
        let messages = Messages()
        let container = Container()
        loggingSinkLock.run {
            let previous = Container.loggingFunction
            Container.loggingFunction = { messages.append($0) }
            defer { Container.loggingFunction = previous }
            container.register(ItemModel.self) { (_, tag: Tag) in ItemModel(id: tag.name.count) }
                .inObjectScope(.container).keyedByArguments()
        }
        let reported = messages.all.joined(separator: "\n")
        #expect(reported.contains("keyedByArguments() on ItemModel at "))
        #expect(reported.contains("argument type Tag is not Hashable"))
        let error = #expect(throws: ResolutionError.self) {
            try container.require(ItemModel.self, argument: Tag(name: "a"))
        }
        guard case .factoryFailed(let underlying) = error?.kind else {
            Issue.record("expected factoryFailed, got \(String(describing: error?.kind))")
            return
        }
        #expect((underlying as? KeyedByArgumentsError)?.reason == .notHashable(["Tag"]))
        #expect(error?.description.contains("ItemModel") == true)
        #expect(container.resolve(ItemModel.self, argument: Tag(name: "b")) == nil)
        #expect(throws: VerificationError.self) {
            try container.verify { $0.provide(ItemModel.self, argument: Tag(name: "c")) }
        }
    }

    @Test("a scope that shares nothing, or a limit below 1, is an error at registration, never a silent sharing")
    func invalidConfigurations() throws {
        let container = Container()
        withLoggingSilenced {
            container.register(ItemModel.self, name: "transient") { _, id in ItemModel(id: id) }
                .inObjectScope(.transient).keyedByArguments()
            container.register(ItemModel.self, name: "graph") { _, id in ItemModel(id: id) }
                .inObjectScope(.graph).keyedByArguments()
            container.register(ItemModel.self, name: "zero") { _, id in ItemModel(id: id) }
                .inObjectScope(.container).keyedByArguments(limit: 0)
        }
        func reason(_ name: String) -> KeyedByArgumentsError.Reason? {
            do {
                _ = try container.require(ItemModel.self, name: name, argument: 1)
            } catch {
                if case .factoryFailed(let underlying) = error.kind {
                    return (underlying as? KeyedByArgumentsError)?.reason
                }
            }
            return nil
        }
        #expect(reason("transient") == .unsharedScope("transient"))
        #expect(reason("graph") == .unsharedScope("graph"))
        #expect(reason("zero") == .invalidLimit(0))
    }

    @Test(
        "an AnyHashable argument is keyed by the value it holds; an existential type that is not Hashable is rejected")
    func existentialArgument() throws {
        let container = Container()
        withLoggingSilenced {
            container.register(ItemModel.self) { (_, key: AnyHashable) in ItemModel(id: key.hashValue) }
                .inObjectScope(.container).keyedByArguments()
        }
        let first = try container.require(ItemModel.self, argument: AnyHashable(1))
        #expect(first === (try container.require(ItemModel.self, argument: AnyHashable(1))))
        #expect(first !== (try container.require(ItemModel.self, argument: AnyHashable("1"))))
        let shapes = Container()
        withLoggingSilenced {
            shapes.register(ItemModel.self) { (_, shape: any Shape) in ItemModel(id: shape is Square ? 1 : 2) }
                .inObjectScope(.container).keyedByArguments()
        }
        // `any Shape` is not Hashable as a type: reported at registration, whatever the value.
        #expect(throws: ResolutionError.self) { try shapes.require(ItemModel.self, argument: Square() as any Shape) }
        #expect(throws: ResolutionError.self) { try shapes.require(ItemModel.self, argument: Blob() as any Shape) }
    }

    @Test("the registration's description names the keyed scope")
    func described() throws {
        let container = Container()
        container.register(ItemModel.self) { _, id in ItemModel(id: id) }
            .inObjectScope(.container).keyedByArguments(limit: 5)
        #expect(container.description.contains("container, keyed by arguments (at most 5)"))
    }

    @Test("threads resolving the same keys at once all get one instance per key")
    func concurrent() async throws {
        let container = Container()
        container.register(ItemModel.self) { _, id in ItemModel(id: id) }
            .inObjectScope(.container).keyedByArguments(limit: 64)
        let results = await withTaskGroup(of: [ObjectIdentifier].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<16).map { ObjectIdentifier(container.resolve(ItemModel.self, argument: $0 % 4)!) }
                }
            }
            return await group.reduce(into: [[ObjectIdentifier]]()) { $0.append($1) }
        }
        let expected = (0..<4).map { ObjectIdentifier(container.resolve(ItemModel.self, argument: $0)!) }
        for run in results {
            #expect(run == (0..<16).map { expected[$0 % 4] })
        }
    }
}

@Suite("keyedByArguments with async factories and verification")
struct KeyedByArgumentsAsyncTests {
    @Test("an async registration keyed by its arguments keeps one instance per argument")
    func asyncFactory() async throws {
        let container = Container()
        container.register(ItemModel.self) { (_, id: Int) async in ItemModel(id: id) }
            .inObjectScope(.container).keyedByArguments()
        let first = try await container.async.require(ItemModel.self, argument: 1)
        #expect(first === (try await container.async.require(ItemModel.self, argument: 1)))
        #expect(first !== (try await container.async.require(ItemModel.self, argument: 2)))
        container.resetObjectScope(.container)
        #expect(first !== (try await container.async.require(ItemModel.self, argument: 1)))
    }

    @Test("verify() checks a keyed .container registration as a singleton: capturing a transient is captive")
    func captive() throws {
        let container = Container()
        container.register(Counter.self) { _ in Counter() }.inObjectScope(.transient)
        container.register(Cell.self) { r, row in
            _ = r.resolve(Counter.self)
            return Cell(section: "s", row: row)
        }.inObjectScope(.container).keyedByArguments()
        let error = #expect(throws: VerificationError.self) {
            try container.verify { $0.provide(Cell.self, argument: 1) }
        }
        #expect(error?.captiveDependencies.map(\.captured.request.description) == ["Counter"])
    }
}
