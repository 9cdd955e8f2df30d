import Foundation
import Syringe
import Testing

// Swinject's circular graphs: a factory may run again while it is already running, when the loop comes back
// through the `initCompleted` of an instance its scope keeps; the instance that rerun keeps is the one returned.
// These classes are mutated only by factories and `initCompleted` closures, before the instances are shared.

private final class Parent: @unchecked Sendable {
    let child: Child
    init(child: Child) { self.child = child }
}

private final class Child: @unchecked Sendable {
    weak var parent: Parent?
}

private final class A: @unchecked Sendable {
    let b: B
    init(b: B) { self.b = b }
}

private final class B: @unchecked Sendable {
    let c: C
    init(c: C) { self.c = c }
}

private final class C: @unchecked Sendable {
    let d: D
    weak var a: A?
    init(d: D) { self.d = d }
}

private final class D: @unchecked Sendable {
    weak var b: B?
    weak var c: C?
}

private final class WeakRoot: @unchecked Sendable {
    let leaf: Leaf
    init(leaf: Leaf) { self.leaf = leaf }
}

private final class Leaf: @unchecked Sendable {
    weak var root: WeakRoot?
}

private final class Loop1 {
    init(_: Loop2) {}
}

private final class Loop2 {
    init(_: Loop1) {}
}

/// Every scope that keeps instances, custom included.
private let keepingScopes: [ObjectScope] = [
    .graph, .container, .weak, ObjectScope(storageFactory: PermanentStorage.init, description: "custom"),
]

@Suite("Circular graphs as Swinject builds them, in every scope that keeps instances")
struct CircularGraphTests {
    @Test("Parent by initializer, child.parent in the child's initCompleted: one graph", arguments: keepingScopes)
    func parentChild(scope: ObjectScope) throws {
        let container = Container()
        container.register(Parent.self) { r in Parent(child: r.resolve(Child.self)!) }.inObjectScope(scope)
        container.register(Child.self) { _ in Child() }
            .inObjectScope(scope)
            .initCompleted { r, child in child.parent = r.resolve(Parent.self) }
        let parent = try #require(container.resolve(Parent.self))
        #expect(parent.child.parent === parent)
        if scope !== ObjectScope.graph {
            #expect(container.resolve(Parent.self) === parent)
        }
    }

    @Test(
        "Four services: back-references from two initCompleted closures all point into the returned graph",
        arguments: keepingScopes)
    func fourServices(scope: ObjectScope) throws {
        let container = Container()
        container.register(A.self) { r in A(b: r.resolve(B.self)!) }.inObjectScope(scope)
        container.register(B.self) { r in B(c: r.resolve(C.self)!) }.inObjectScope(scope)
        container.register(C.self) { r in C(d: r.resolve(D.self)!) }
            .inObjectScope(scope)
            .initCompleted { r, c in c.a = r.resolve(A.self) }
        container.register(D.self) { _ in D() }
            .inObjectScope(scope)
            .initCompleted { r, d in
                d.b = r.resolve(B.self)
                d.c = r.resolve(C.self)
            }
        let a = try #require(container.resolve(A.self))
        #expect(a.b.c.a === a)
        #expect(a.b.c.d.b === a.b)
        #expect(a.b.c.d.c === a.b.c)
    }

    @Test("The throwing API builds the same graphs", arguments: keepingScopes)
    func throwingAPI(scope: ObjectScope) throws {
        let container = Container()
        container.register(Parent.self) { r in Parent(child: try r.require(Child.self)) }.inObjectScope(scope)
        container.register(Child.self) { _ in Child() }
            .inObjectScope(scope)
            .initCompleted { r, child in child.parent = try r.require(Parent.self) }
        let parent = try container.require(Parent.self)
        #expect(parent.child.parent === parent)
    }

    @Test("A weak graph root is kept by the graph while it is built, so a weak back-reference is set")
    func weakRoot() throws {
        let container = Container()
        container.register(WeakRoot.self) { r in WeakRoot(leaf: r.resolve(Leaf.self)!) }.inObjectScope(.weak)
        container.register(Leaf.self) { _ in Leaf() }
            .initCompleted { r, leaf in leaf.root = r.resolve(WeakRoot.self) }
        let root = try #require(container.resolve(WeakRoot.self))
        #expect(root.leaf.root === root)
        #expect(container.resolve(WeakRoot.self) === root)
    }

    @Test(
        "A loop of initializers is a circularDependency error in every scope, never a stack overflow",
        arguments: keepingScopes + [.transient])
    func initializerLoop(scope: ObjectScope) throws {
        let container = Container()
        container.register(Loop1.self) { r in Loop1(try r.require(Loop2.self)) }.inObjectScope(scope)
        container.register(Loop2.self) { r in Loop2(try r.require(Loop1.self)) }.inObjectScope(scope)
        let error = try #require(throws: ResolutionError.self) { try container.require(Loop1.self) }
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("expected a cycle, got \(error.kind)")
            return
        }
        #expect(cycle.map(\.description) == ["Loop1", "Loop2", "Loop1"])
        #expect(container.resolve(Loop1.self) == nil)
    }

    @Test("A transient service asked again from a kept service's initCompleted below it is made once more")
    func transientRerun() throws {
        final class Holder: @unchecked Sendable {
            let parent: Parent
            init(parent: Parent) { self.parent = parent }
        }
        final class Parent: @unchecked Sendable {
            var holder: Holder?
        }
        let container = Container()
        container.register(Holder.self) { r in Holder(parent: try r.require(Parent.self)) }.inObjectScope(.transient)
        container.register(Parent.self) { _ in Parent() }
            .initCompleted { r, parent in parent.holder = try r.require(Holder.self) }
        let holder = try container.require(Holder.self)
        let inner = try #require(holder.parent.holder)
        #expect(inner !== holder)
        #expect(inner.parent === holder.parent)
    }

    @Test("A loop through a transient initCompleted stops with a cycle error after a bounded number of reruns")
    func transientCompletionLoop() throws {
        let container = Container()
        let made = CallCounter()
        container.register(Parent.self) { r in
            made.increment()
            return Parent(child: try r.require(Child.self))
        }
        container.register(Child.self) { _ in Child() }
            .inObjectScope(.transient)
            .initCompleted { r, child in child.parent = try r.require(Parent.self) }
        let error = try #require(throws: ResolutionError.self) { try container.require(Parent.self) }
        guard case .circularDependency = error.kind else {
            Issue.record("expected a cycle, got \(error.kind)")
            return
        }
        // The loop makes no progress (the transient child is kept by nothing), so no factory runs again.
        #expect(made.value == 1)
    }

    @Test("Many threads resolving a circular .container graph at once all get the one graph")
    func singleFlight() throws {
        let container = Container()
        let parents = CallCounter()
        container.register(Parent.self) { r in
            parents.increment()
            return Parent(child: r.resolve(Child.self)!)
        }.inObjectScope(.container)
        container.register(Child.self) { _ in Child() }
            .inObjectScope(.container)
            .initCompleted { r, child in child.parent = r.resolve(Parent.self) }
        let results = IdentityLog()
        let finished = ThreadRunner.run(threads: 8) { _ in
            guard let parent = container.resolve(Parent.self), parent.child.parent === parent else { return }
            results.append(ObjectIdentifier(parent))
        }
        #expect(finished)
        let identities = results.all
        #expect(identities.count == 8)
        #expect(Set(identities).count == 1)
        // One creation: the factory ran once, and once more from the child's initCompleted.
        #expect(parents.value == 2)
    }
}

/// Identities recorded from many threads.
private final class IdentityLog: @unchecked Sendable {
    // @unchecked Sendable: `identities` is only touched under `lock`.
    private let lock = TestLock()
    private var identities: [ObjectIdentifier] = []
    func append(_ identity: ObjectIdentifier) { lock.run { identities.append(identity) } }
    var all: [ObjectIdentifier] { lock.run { identities } }
}
