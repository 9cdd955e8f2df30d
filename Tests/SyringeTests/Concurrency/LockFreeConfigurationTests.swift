import Foundation
import Testing

@testable import Syringe

private final class Service: Sendable {}

/// Counts how often it ran.
private final class Hits: @unchecked Sendable {
    // @unchecked Sendable: `count` is only touched while holding `lock`.
    private let lock = NSLock()
    private var count = 0

    func hit() { lock.withLock { count += 1 } }

    var value: Int { lock.withLock { count } }
}

@Suite("Configuring a registration without a lock")
struct LockFreeConfigurationTests {
    @Test("A registration that never keeps an instance never makes its lock")
    func noLockUntilNeeded() throws {
        let container = Container()
        let transient = container.register(Service.self, name: "transient") { _ in Service() }
            .inObjectScope(.transient)
        let graph = container.register(Service.self, name: "graph") { _ in Service() }
        for name in ["transient", "graph"] {
            _ = try container.require(Service.self, name: name)
        }
        #expect(transient.registration.stateIfMade == nil)
        #expect(graph.registration.stateIfMade == nil)

        let singleton = container.register(Service.self, name: "singleton") { _ in Service() }
            .inObjectScope(.container)
        #expect(singleton.registration.stateIfMade == nil)
        _ = try container.require(Service.self, name: "singleton")
        #expect(singleton.registration.stateIfMade != nil)
    }

    @Test("initCompleted closures added from many threads at once are all kept, each run once per instance")
    func concurrentInitCompleted() throws {
        let container = Container()
        let entry = container.register(Service.self) { _ in Service() }.inObjectScope(.transient)
        let hits = (0..<8).map { _ in Hits() }
        let finished = ThreadRunner.run(threads: 8) { thread in
            for _ in 0..<25 {
                entry.initCompleted { _, _ in hits[thread].hit() }
            }
        }
        #expect(finished)
        _ = try container.require(Service.self)
        #expect(hits.map(\.value) == Array(repeating: 25, count: 8))
        #expect(container.description.contains("InitCompleted: Specified 200 closures"))
    }

    @Test("A scope changed while the first resolves race never leaves a kept instance behind")
    func rescopingRacesFirstResolves() {
        for _ in 0..<200 {
            let container = Container()
            let entry = container.register(Service.self) { _ in Service() }.inObjectScope(.container)
            let finished = ThreadRunner.run(threads: 3) { thread in
                if thread == 0 {
                    entry.inObjectScope(.transient)
                } else {
                    _ = container.resolve(Service.self)
                }
            }
            #expect(finished)
            // The last scope set is transient: whatever the resolves kept under `.container` is forgotten, and
            // from now on every resolve makes a new instance.
            let first = container.resolve(Service.self)
            let second = container.resolve(Service.self)
            #expect(first != nil && second != nil && first !== second)
        }
    }

    @Test("Scopes set from many threads at once: the registration ends in one of them and behaves by it")
    func concurrentRescoping() {
        let container = Container()
        let entry = container.register(Service.self) { _ in Service() }
        let scopes: [ObjectScope] = [.transient, .container, .graph, .weak]
        let finished = ThreadRunner.run(threads: 4) { thread in
            for round in 0..<200 {
                entry.inObjectScope(scopes[(thread + round) % scopes.count])
                _ = container.resolve(Service.self)
            }
        }
        #expect(finished)
        entry.inObjectScope(.container)
        let first = container.resolve(Service.self)
        #expect(first != nil && first === container.resolve(Service.self))
        entry.inObjectScope(.transient)
        #expect(container.resolve(Service.self) !== container.resolve(Service.self))
    }

    @Test("A custom scope's configuration, replaced while other threads resolve, stays valid for them")
    func replacedCustomConfigurations() {
        let container = Container()
        let custom = ObjectScope(storageFactory: PermanentStorage.init, description: "custom")
        let entry = container.register(Service.self) { _ in Service() }
        let finished = ThreadRunner.run(threads: 3) { thread in
            for _ in 0..<300 {
                if thread == 0 {
                    entry.inObjectScope(custom).initCompleted { _, _ in }
                } else {
                    #expect(container.resolve(Service.self) != nil)
                }
            }
        }
        #expect(finished)
    }
}
