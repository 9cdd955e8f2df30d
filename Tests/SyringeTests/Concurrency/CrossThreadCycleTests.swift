import Foundation
import Syringe
import Testing

private final class Left: @unchecked Sendable {
    // @unchecked Sendable: `right` is set once, by the resolution that creates this object, before it is
    // published to other threads.
    var right: Right?
    init(right: Right? = nil) { self.right = right }
}

private final class Right: @unchecked Sendable {
    // @unchecked Sendable: as `Left`.
    var left: Left?
    init(left: Left? = nil) { self.left = left }
}

/// Two threads resolve, at the same moment, two `.container` singletons that need each other.
@Suite("Cross-thread circular singletons never deadlock")
struct CrossThreadCycleTests {
    static let rounds = 2_000

    /// Resolves `Left` on one thread and `Right` on another, `rounds` times, each round on a fresh container.
    private func race(
        _ register: (Container) -> Void
    ) -> (finished: Bool, results: [(Result<Left, ResolutionError>, Result<Right, ResolutionError>)]) {
        var results: [(Result<Left, ResolutionError>, Result<Right, ResolutionError>)] = []
        for _ in 0..<Self.rounds {
            let container = Container()
            register(container)
            let left = Collected<Result<Left, ResolutionError>>()
            let right = Collected<Result<Right, ResolutionError>>()
            let finished = ThreadRunner.run(threads: 2) { index in
                if index == 0 {
                    left.append(Result { () throws(ResolutionError) in try container.require(Left.self) })
                } else {
                    right.append(Result { () throws(ResolutionError) in try container.require(Right.self) })
                }
            }
            guard finished, let l = left.all.first, let r = right.all.first else { return (false, results) }
            results.append((l, r))
        }
        return (true, results)
    }

    @Test("Both sides injected in initCompleted: one Left and one Right that point at each other")
    func bothInInitCompleted() throws {
        let counts = (left: CallCounter(), right: CallCounter())
        let run = race { container in
            container.register(Left.self) { _ in
                counts.left.increment()
                return Left()
            }
            .inObjectScope(.container)
            .initCompleted { r, left in left.right = try r.require(Right.self) }
            container.register(Right.self) { _ in
                counts.right.increment()
                return Right()
            }
            .inObjectScope(.container)
            .initCompleted { r, right in right.left = try r.require(Left.self) }
        }
        #expect(run.finished, "a round deadlocked")
        for (l, r) in run.results {
            let left = try l.get()
            let right = try r.get()
            #expect(left.right === right)
            #expect(right.left === left)
        }
        #expect(counts.left.value == Self.rounds)
        #expect(counts.right.value == Self.rounds)
    }

    @Test("One side needs the other in its initializer, the other in initCompleted: one consistent pair")
    func initializerAndInitCompleted() throws {
        let counts = (left: CallCounter(), right: CallCounter())
        let run = race { container in
            container.register(Left.self) { r in
                counts.left.increment()
                return Left(right: try r.require(Right.self))
            }
            .inObjectScope(.container)
            container.register(Right.self) { _ in
                counts.right.increment()
                return Right()
            }
            .inObjectScope(.container)
            .initCompleted { r, right in right.left = try r.require(Left.self) }
        }
        #expect(run.finished, "a round deadlocked")
        #expect(run.results.count == Self.rounds)
        for (l, r) in run.results {
            // Both threads get the same pair: Right's initCompleted always finds a Left to take (another thread's
            // partly made one, or its own by running Left's factory again), so nothing is a cycle.
            let left = try l.get()
            let right = try r.get()
            #expect(left.right === right)
            #expect(right.left === left)
        }
        // Right's factory runs once a round. Left's runs once, or twice when one thread goes round the whole loop
        // (Right's initCompleted asks for the Left whose factory it is inside), as on one thread.
        #expect(counts.right.value == Self.rounds)
        #expect(counts.left.value >= Self.rounds && counts.left.value <= 2 * Self.rounds)
    }

    @Test("Both sides need the other in their initializers: a reported cycle, never a hang")
    func bothInInitializers() {
        let run = race { container in
            container.register(Left.self) { r in Left(right: try r.require(Right.self)) }.inObjectScope(.container)
            container.register(Right.self) { r in Right(left: try r.require(Left.self)) }.inObjectScope(.container)
        }
        #expect(run.finished, "a round deadlocked")
        #expect(run.results.count == Self.rounds)
        for (l, r) in run.results {
            for result in [l.map { $0 as AnyObject }, r.map { $0 as AnyObject }] {
                guard case .failure(let error) = result else {
                    Issue.record("an initializer cycle produced an instance")
                    continue
                }
                guard case .circularDependency(let cycle) = error.kind else {
                    Issue.record("expected a circular dependency, got \(error)")
                    continue
                }
                #expect(cycle.count == 3)
                #expect(cycle.first?.serviceType == cycle.last?.serviceType)
            }
        }
    }
}
