import Syringe
import Testing

private final class Parent {
    var child: Child?
}

private final class Child {
    weak var parent: Parent?
}

private final class A {
    var b: B?
}

private final class B {
    var c: C?
}

private final class C {
    weak var a: A?
}

private final class Loop1 {
    init(_: Loop2) {}
}

private final class Loop2 {
    init(_: Loop1) {}
}

@Suite("Circular dependencies")
struct CircularDependencyTests {
    @Test(
        "Two objects injected into each other's properties form one graph",
        arguments: [ObjectScope.graph, .container, .perContainer, .weak])
    func twoObjectCycle(scope: ObjectScope) throws {
        let container = Container()
        container.register(Parent.self) { _ in Parent() }
            .inObjectScope(scope)
            .initCompleted { r, parent in parent.child = r.resolve(Child.self) }
        container.register(Child.self) { _ in Child() }
            .inObjectScope(scope)
            .initCompleted { r, child in child.parent = r.resolve(Parent.self) }
        let parent = try #require(container.resolve(Parent.self))
        #expect(parent.child?.parent === parent)
        if scope !== ObjectScope.graph {
            // A scope that keeps instances (the weak one while the parent holds the child) gives the same child.
            #expect(container.resolve(Child.self) === parent.child)
        } else {
            // Resolved from the other side, a graph-scoped child is new, and nothing outside holds it.
            weak let child = container.resolve(Child.self)
            #expect(child == nil)
        }
    }

    @Test("Three objects injected in a ring form one graph", arguments: [ObjectScope.graph, .container])
    func threeObjectCycle(scope: ObjectScope) throws {
        let container = Container()
        container.register(A.self) { _ in A() }.inObjectScope(scope)
            .initCompleted { r, a in a.b = r.resolve(B.self) }
        container.register(B.self) { _ in B() }.inObjectScope(scope)
            .initCompleted { r, b in b.c = r.resolve(C.self) }
        container.register(C.self) { _ in C() }.inObjectScope(scope)
            .initCompleted { r, c in c.a = r.resolve(A.self) }
        let a = try #require(container.resolve(A.self))
        #expect(a.b?.c?.a === a)
    }

    @Test("One side by initializer, the other by property, resolves from the initializer side")
    func mixedCycle() throws {
        final class Owner {
            let pet: Pet
            init(pet: Pet) { self.pet = pet }
        }
        final class Pet {
            var owner: Owner?
        }
        let container = Container()
        container.register(Owner.self) { r in Owner(pet: r.resolve(Pet.self)!) }
        container.register(Pet.self) { _ in Pet() }
            .initCompleted { r, pet in pet.owner = r.resolve(Owner.self) }
        // Resolving Pet first: Pet's initCompleted asks for Owner, whose initializer asks for Pet, already in the graph.
        let pet = try #require(container.resolve(Pet.self))
        #expect(pet.owner?.pet === pet)
        pet.owner = nil  // Break the strong reference cycle the test made on purpose.
    }

    @Test("Initializer injection on one side and property injection back resolve as in Swinject")
    func initializerThenPropertyCycle() throws {
        final class Owner {
            let pet: Pet
            init(pet: Pet) { self.pet = pet }
        }
        final class Pet {
            weak var owner: Owner?
        }
        let ownerCalls = CallCounter()
        let container = Container()
        container.register(Owner.self) { r in
            ownerCalls.increment()
            return Owner(pet: try r.require(Pet.self))
        }
        container.register(Pet.self) { _ in Pet() }
            .initCompleted { r, pet in pet.owner = try r.require(Owner.self) }
        let owner = try container.require(Owner.self)
        #expect(owner.pet.owner === owner)
        // The owner's factory runs a second time to close the loop, as Swinject's does; the first result is dropped.
        #expect(ownerCalls.value == 2)
    }

    @Test("An initializer cycle returns nil instead of recursing forever")
    func initializerCycleIsNil() {
        let calls = CallCounter()
        let container = Container()
        container.register(Loop1.self) { r in
            calls.increment()
            return Loop1(try r.require(Loop2.self))
        }
        container.register(Loop2.self) { r in Loop2(try r.require(Loop1.self)) }
        #expect(container.resolve(Loop1.self) == nil)
        #expect(calls.value == 1)
    }

    @Test("An initializer cycle is reported as a path of types")
    func initializerCycleIsReported() throws {
        let container = Container()
        container.register(Loop1.self) { r in Loop1(try r.require(Loop2.self)) }
        container.register(Loop2.self) { r in Loop2(try r.require(Loop1.self)) }
        let error = try #require(throws: ResolutionError.self) { try container.require(Loop1.self) }
        guard case .circularDependency(let cycle) = error.kind else {
            Issue.record("kind is \(error.kind)")
            return
        }
        #expect(cycle.map { "\($0)" } == ["Loop1", "Loop2", "Loop1"])
        #expect(error.description.contains("circular dependency Loop1 -> Loop2 -> Loop1"))
    }

    @Test("A cycle through optional resolves, which swallow the error, ends instead of recursing")
    func optionalResolveCycleEnds() {
        let container = Container()
        container.register(Int.self) { r in (r.resolve(String.self)?.count ?? 0) + 1 }
        container.register(String.self) { r in String(repeating: "x", count: r.resolve(Int.self) ?? 5) }
        // Int -> String -> Int: the inner Int is a cycle, resolves to nil, so String is "xxxxx" and Int is 6.
        #expect(container.resolve(Int.self) == 6)
    }

    @Test("A transient service that asks for itself in initCompleted is a cycle, not a stack overflow")
    func transientSelfCycle() {
        final class Node {
            var next: Node?
        }
        let container = Container()
        container.register(Node.self) { _ in Node() }
            .inObjectScope(.transient)
            .initCompleted { r, node in node.next = try r.require(Node.self) }
        #expect(container.resolve(Node.self) == nil)
    }
}
