import Testing

@testable import Syringe

// A container's record of the instances it may dispose (Lifecycle/LifecycleStore.swift) drops, from time to time, the
// entries whose instance is gone: it stays bounded however many short-lived instances a long-running container makes,
// and what is still alive is still disposed, newest first, as before.

@Suite("A container's record of disposable instances drops what is gone and keeps what is alive")
struct RecordPruningTests {
    /// The number of entries the container's store holds.
    private func recordedCount(_ container: Container) -> Int {
        container.lifecycle.state.withLock { state in state.entries.values.reduce(0) { $0 + $1.count } }
    }

    @Test("weak instances made and released 2,000 times leave a bounded record; the live ones are still disposed")
    func weakInstancesAreDropped() {
        let log = DisposalLog()
        let container = Container()
        let counter = Locked(0)
        container.register(Resource.self, name: "weak") { _ in
            Resource("weak \(counter.withLock { $0 += 1; return $0 })", log: log)
        }
        .inObjectScope(.weak)
        container.register(Resource.self, name: "kept") { _ in Resource("kept", log: log) }.inObjectScope(.container)
        _ = container.resolve(Resource.self, name: "kept")
        for _ in 0..<2_000 {
            // Released at once: the next resolve makes a new one.
            _ = container.resolve(Resource.self, name: "weak")
        }
        let alive = container.resolve(Resource.self, name: "weak")
        #expect(alive?.name == "weak 2001")
        // Pruning runs when the record doubles past what the last pass kept: the kept singleton, the live weak
        // instance, and at most the entries recorded since.
        #expect(recordedCount(container) <= 40)
        container.shutdown()
        // The released weak instances are not disposed (they are gone); the two alive ones are, newest first.
        #expect(log.entries == ["weak 2001", "kept"])
        withExtendedLifetime(alive) {}
    }

    @Test("a record of singletons that are all alive keeps every one through pruning, in creation order")
    func liveSingletonsAreKept() {
        let log = DisposalLog()
        let container = Container()
        for index in 0..<100 {
            container.register(Resource.self, name: "\(index)") { _ in Resource("\(index)", log: log) }
                .inObjectScope(.container)
        }
        for index in 0..<100 { _ = container.resolve(Resource.self, name: "\(index)") }
        // 100 entries passed the thresholds of 32 and 64: two passes, each of which kept everything.
        #expect(recordedCount(container) == 100)
        container.shutdown()
        #expect(log.entries == (0..<100).reversed().map { "\($0)" })
    }
}
