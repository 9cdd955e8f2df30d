import Foundation
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

private final class NodeA: Sendable {
    init(_: NodeB) {}
}
private final class NodeB: Sendable {
    init(_: NodeA) {}
}
private final class Parent: @unchecked Sendable {
    // @unchecked Sendable: `child` is set once by `initCompleted` during resolution, before the instance is shared.
    var child: Child?
}
private final class Child: @unchecked Sendable {
    // @unchecked Sendable: `parent` is set once by the factory's caller during resolution, before sharing.
    weak var parent: Parent?
    init(parent: Parent?) { self.parent = parent }
}

@Suite("Circular dependencies are reported when they close, without running factories again")
struct CycleReportTests {
    @Test(
        "an initializer cycle is reported as A -> B -> A and each factory ran once",
        arguments: [
            ObjectScope.transient, .graph, .container, .weak,
        ])
    func initializerCycle(scope: ObjectScope) throws {
        let container = Container()
        let aCalls = Counter()
        let bCalls = Counter()
        container.register(NodeA.self, fileID: "App/Graph.swift", line: 1) { r in
            aCalls.increment()
            return NodeA(try r.require(NodeB.self))
        }.inObjectScope(scope)
        container.register(NodeB.self, fileID: "App/Graph.swift", line: 2) { r in
            bCalls.increment()
            return NodeB(try r.require(NodeA.self))
        }.inObjectScope(scope)

        let error = try #require(resolutionError { _ = try container.require(NodeA.self) })
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(cycle.map(\.description) == ["NodeA", "NodeB", "NodeA"])
        #expect(aCalls.value == 1)
        #expect(bCalls.value == 1)
        #expect(
            error.description == """
                Syringe: cannot resolve NodeA: circular dependency NodeA -> NodeB -> NodeA.
                  Resolution path: NodeA -> NodeB -> NodeA
                  Registrations in the cycle:
                    NodeA [\(scope)] at App/Graph.swift:1
                    NodeB [\(scope)] at App/Graph.swift:2
                  To fix: break the cycle by injecting one side in .initCompleted { r, s in … } (property injection) in a .graph or .container scope, or with Lazy/Provider.
                """
        )
    }

    @Test("a failed singleton cycle leaves nothing half-made: asking again reports the same cycle")
    func singletonCycleRetries() throws {
        let container = Container()
        container.register(NodeA.self) { r in NodeA(try r.require(NodeB.self)) }.inObjectScope(.container)
        container.register(NodeB.self) { r in NodeB(try r.require(NodeA.self)) }.inObjectScope(.container)
        for _ in 0..<2 {
            let error = try #require(resolutionError { _ = try container.require(NodeB.self) })
            guard case .circularDependency(let cycle) = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(cycle.map(\.description) == ["NodeB", "NodeA", "NodeB"])
        }
    }

    @Test("a factory that asks for its own service is a cycle of one")
    func selfCycle() throws {
        let container = Container()
        container.register(Cat.self, name: "loop") { r in try r.require(Cat.self, name: "loop") }
        let error = try #require(resolutionError { _ = try container.require(Cat.self, name: "loop") })
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(cycle.map(\.description) == ["Cat(name: \"loop\")", "Cat(name: \"loop\")"])
    }

    @Test("a cycle below the top-level request shows the whole path and only the cycle in the cycle")
    func nestedCycle() throws {
        let container = Container()
        container.register(PetOwner.self) { r in
            _ = try r.require(NodeA.self)
            return PetOwner(pet: Cat())
        }
        container.register(NodeA.self) { r in NodeA(try r.require(NodeB.self)) }
        container.register(NodeB.self) { r in NodeB(try r.require(NodeA.self)) }
        let error = try #require(resolutionError { _ = try container.require(PetOwner.self) })
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(cycle.map(\.description) == ["NodeA", "NodeB", "NodeA"])
        #expect(error.path.map(\.description) == ["PetOwner", "NodeA", "NodeB", "NodeA"])
        #expect(error.registrations.count == 2)
    }

    @Test(
        "property injection through initCompleted closes a cycle without error",
        arguments: [
            ObjectScope.graph, .container,
        ])
    func propertyInjectionCycle(scope: ObjectScope) throws {
        let container = Container()
        container.register(Parent.self) { _ in Parent() }
            .inObjectScope(scope)
            .initCompleted { r, parent in parent.child = try r.require(Child.self) }
        container.register(Child.self) { r in Child(parent: try r.require(Parent.self)) }
            .inObjectScope(scope)
        let parent = try container.require(Parent.self)
        let child = try #require(parent.child)
        #expect(child.parent === parent)
    }

    @Test("a linear chain of 1,000 distinct registrations is not a cycle")
    func deepChain() throws {
        let container = Container()
        let depth = 1_000
        container.register(Int.self, name: "\(depth)") { _ in 0 }
        for level in 0..<depth {
            container.register(Int.self, name: "\(level)") { r in try r.require(Int.self, name: "\(level + 1)") + 1 }
        }
        // NB: an unoptimized build uses about 12 KB of stack per level, more than the test runner's threads
        // have; run on a thread whose stack fits 1,000 levels in any build.
        let result = Mutex<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.withLock { $0 = try? container.require(Int.self, name: "0") }
            done.signal()
        }
        thread.stackSize = 32 << 20
        thread.start()
        done.wait()
        #expect(result.withLock { $0 } == depth)
    }
}
