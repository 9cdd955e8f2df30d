import Foundation
import Testing

@testable import Syringe

// The nested typed path of the default scope (Engine/ResolutionContext+Lookup.swift, `resolve(_:as:name:otherwise:)`,
// into Runtime/LocalGraph.swift's records): a factory's `r.resolve` of a plain graph-scoped registration of exactly the
// requested type goes straight to the graph, which keeps class instances as plain records (the reference and the
// type it was made as) and everything else in a dictionary. Whatever the type, however many instances, and whatever
// a writer does to the registrations meanwhile, one graph has one instance of each registration, of the right type.

/// A class instance that checks itself: another type's bytes read as this one break the relation of its fields.
private final class Hub: Sendable {
    let generation: Int
    let check: Int
    init(generation: Int) {
        self.generation = generation
        check = ~generation
    }
    var isIntact: Bool { check == ~generation }
}

private class Wheel: @unchecked Sendable {
    // @unchecked Sendable: immutable; not final, because a subclass is registered as it.
    let generation: Int
    init(generation: Int) { self.generation = generation }
    var spokes: Int { 0 }
}

private final class SpokedWheel: Wheel, @unchecked Sendable {
    override var spokes: Int { 32 }
}

private protocol Rim: AnyObject, Sendable {
    var generation: Int { get }
}

private final class AlloyRim: Rim {
    let generation: Int
    init(generation: Int) { self.generation = generation }
}

/// Five words: stored out of line in an existential.
private struct Plate: Sendable {
    let a: Int, b: Int, c: Int, d: Int, e: Int
    init(_ generation: Int) {
        (a, b, c, d, e) = (generation, generation &+ 1, generation &+ 2, generation &+ 3, ~generation)
    }
    var isIntact: Bool { b == a &+ 1 && c == a &+ 2 && d == a &+ 3 && e == ~a }
}

private typealias Spin = @Sendable () -> (Int, Int)

/// What one side of a diamond resolved: every kind of type, each from its own graph-scoped registration.
private struct Side: Sendable {
    let hub: Hub?
    let wheel: Wheel?
    let rim: (any Rim)?
    let plate: Plate?
    let optionalHub: Hub??
    let spin: Spin?
    /// What `Any` resolved as, if it is the `Plate` its registration makes; `anythingElse` names anything else.
    let anything: Plate?
    let anythingElse: String?

    init(_ r: any Resolver) {
        hub = r.resolve(Hub.self)
        wheel = r.resolve(Wheel.self)
        rim = r.resolve((any Rim).self)
        plate = r.resolve(Plate.self)
        optionalHub = r.resolve(Hub?.self)
        spin = r.resolve(Spin.self)
        let resolvedAny = r.resolve(Any.self)
        anything = resolvedAny as? Plate
        anythingElse = resolvedAny.flatMap { $0 is Plate ? nil : "\(type(of: $0))" }
    }
}

private final class Left: Sendable {
    let side: Side
    init(_ side: Side) { self.side = side }
}

private final class Right: Sendable {
    let side: Side
    init(_ side: Side) { self.side = side }
}

/// The root: two graph-scoped sides that resolve the same leaves.
private final class Bicycle: Sendable {
    let left: Left?
    let right: Right?
    init(left: Left?, right: Right?) {
        self.left = left
        self.right = right
    }
}

/// Registers every leaf of generation `generation` in the default scope.
private func registerLeaves(in container: Container, generation: Int) {
    container.register(Hub.self) { _ in Hub(generation: generation) }
    container.register(Wheel.self) { _ in SpokedWheel(generation: generation) }
    container.register((any Rim).self) { _ in AlloyRim(generation: generation) }
    container.register(Plate.self) { _ in Plate(generation) }
    container.register(Hub?.self) { _ in generation % 2 == 0 ? Hub(generation: generation) : nil }
    container.register(Spin.self) { _ in { (generation, ~generation) } }
    container.register(Any.self) { _ in Plate(generation) }
}

private func makeBicycleContainer() -> Container {
    let container = Container()
    registerLeaves(in: container, generation: 0)
    container.register(Left.self) { r in Left(Side(r)) }
    container.register(Right.self) { r in Right(Side(r)) }
    container.register(Bicycle.self) { r in Bicycle(left: r.resolve(Left.self), right: r.resolve(Right.self)) }
    return container
}

/// The problems with one side's values: a value of another type or with broken contents.
private func problems(in side: Side) -> [String] {
    var found: [String] = []
    if let hub = side.hub, !hub.isIntact { found.append("a broken Hub") }
    if let wheel = side.wheel, type(of: wheel) != SpokedWheel.self || wheel.spokes != 32 {
        found.append("Wheel resolved as \(type(of: wheel))")
    }
    if let rim = side.rim, !(rim is AlloyRim) { found.append("any Rim resolved as \(type(of: rim))") }
    if let plate = side.plate, !plate.isIntact { found.append("a broken Plate") }
    if let optional = side.optionalHub, let hub = optional, !hub.isIntact { found.append("a broken Hub?") }
    if let spin = side.spin {
        let (value, check) = spin()
        if check != ~value { found.append("a broken Spin") }
    }
    if let plate = side.anything, !plate.isIntact { found.append("a broken Plate in Any") }
    if let other = side.anythingElse { found.append("Any resolved as \(other)") }
    return found
}

/// The problems with the two sides of one graph: a registration of one generation made twice in it. (A side that
/// found nothing, or another generation, raced an unregistration or a replacement between the two lookups.)
private func sharingProblems(_ left: Side, _ right: Side) -> [String] {
    var found: [String] = []
    if let a = left.hub, let b = right.hub, a.generation == b.generation, a !== b { found.append("two Hubs in a graph") }
    if let a = left.wheel, let b = right.wheel, a.generation == b.generation, a !== b {
        found.append("two Wheels in a graph")
    }
    if let a = left.rim, let b = right.rim, a.generation == b.generation, a !== b { found.append("two Rims in a graph") }
    if let a = left.optionalHub, let b = right.optionalHub, let x = a, let y = b, x.generation == y.generation, x !== y {
        found.append("two Hub?s in a graph")
    }
    return found
}

extension RuntimeTests {
    @Suite("The nested typed path of the default scope")
    struct NestedGraphPathTests {
        @Test("Both sides of a diamond get the one instance of each leaf, whatever its type, and two graphs share none")
        func diamondSharesEveryKindOfLeaf() throws {
            let container = makeBicycleContainer()
            let first = try container.require(Bicycle.self)
            let second = try container.require(Bicycle.self)
            for bicycle in [first, second] {
                let left = try #require(bicycle.left?.side)
                let right = try #require(bicycle.right?.side)
                #expect(problems(in: left) == [] && problems(in: right) == [])
                #expect(sharingProblems(left, right) == [])
                #expect(left.hub != nil && left.wheel != nil && left.rim != nil && left.plate != nil)
                #expect(left.plate?.a == right.plate?.a)
                #expect(left.spin?().0 == right.spin?().0)
            }
            #expect(first.left?.side.hub !== second.left?.side.hub)
            #expect(first.left?.side.wheel !== second.left?.side.wheel)
        }

        @Test("A graph of more class instances than the short list holds keeps one of each, typed and untyped paths mixed")
        func largeGraphKeepsOneOfEach() throws {
            let container = Container()
            let count = 40
            for index in 0..<count {
                // Every third one is also forwarded, so the untyped path asks for it (and stores it, first, for
                // every sixth).
                let entry = container.register(Hub.self, name: "hub\(index)") { _ in Hub(generation: index) }
                if index % 3 == 0 { entry.implements(AnyObject.self, name: "object\(index)") }
            }
            container.register([AnyObject].self) { r in
                var objects: [AnyObject] = []
                for index in 0..<count {
                    if index % 6 == 0 { objects.append(r.resolve(AnyObject.self, name: "object\(index)")!) }
                    objects.append(r.resolve(Hub.self, name: "hub\(index)")!)
                }
                for index in stride(from: count - 1, through: 0, by: -1) {
                    objects.append(r.resolve(Hub.self, name: "hub\(index)")!)
                    if index % 3 == 0 { objects.append(r.resolve(AnyObject.self, name: "object\(index)")!) }
                }
                return objects
            }
            for _ in 0..<3 {
                let objects = try container.require([AnyObject].self)
                var byGeneration: [Int: ObjectIdentifier] = [:]
                for object in objects {
                    let hub = try #require(object as? Hub)
                    #expect(hub.isIntact)
                    let identity = ObjectIdentifier(hub)
                    #expect(byGeneration[hub.generation, default: identity] == identity, "hub \(hub.generation) made twice")
                    byGeneration[hub.generation] = identity
                }
                #expect(byGeneration.count == count)
            }
        }

        @Test("A circular graph closed through initCompleted keeps its one instance of each")
        func circularGraphThroughCompletion() throws {
            final class Parent: @unchecked Sendable {
                // @unchecked Sendable: `child` is set once, by the resolution that made it, before it is shared.
                var child: Child?
            }
            final class Child: @unchecked Sendable {
                // @unchecked Sendable: `parent` is set once, by the resolution that made it, before it is shared.
                weak var parent: Parent?
            }
            let container = Container()
            container.register(Parent.self) { _ in Parent() }.initCompleted { r, parent in
                parent.child = r.resolve(Child.self)
            }
            container.register(Child.self) { _ in Child() }.initCompleted { r, child in
                child.parent = r.resolve(Parent.self)
            }
            for _ in 0..<3 {
                let parent = try container.require(Parent.self)
                #expect(parent.child?.parent === parent)
            }
        }

        @Test("Diamonds resolved on 8 threads while others replace, unregister, reset and derive the leaves stay intact, one instance of each per graph")
        func diamondsStayIntactWhileTheLeavesChange() {
            let container = makeBicycleContainer()
            let problemsFound = Problems()
            let resolved = AtomicCounter(0)
            let writing = AtomicCounter(2)
            JoinableThread.run(10) { index in
                if index < 2 {
                    var random = SeededRandom(state: UInt64(index + 1) &* 0x9E37_79B9)
                    for round in 1...300 {
                        let generation = (index + 1) * 1_000 + round
                        switch random.next(below: 5) {
                        case 0:
                            registerLeaves(in: container, generation: generation)
                        case 1:
                            switch random.next(below: 4) {
                            case 0: container.unregister(Hub.self)
                            case 1: container.unregister(Wheel.self)
                            case 2: container.unregister((any Rim).self)
                            default: container.unregister(Plate.self)
                            }
                        case 2:
                            container.resetObjectScope(.container)
                            container.resetObjectScope(.graph)
                        case 3:
                            container.register(Hub.self) { _ in Hub(generation: generation) }
                        default:
                            let derived = container.derived { derived in
                                derived.register(Hub.self) { _ in Hub(generation: -generation) }
                            }
                            guard let bicycle = derived.resolve(Bicycle.self),
                                let left = bicycle.left?.side, let right = bicycle.right?.side
                            else {
                                problemsFound.report("a derived container resolved no bicycle")
                                continue
                            }
                            for problem in problems(in: left) + problems(in: right) + sharingProblems(left, right) {
                                problemsFound.report("derived: \(problem)")
                            }
                            if left.hub?.generation != -generation || left.hub !== right.hub {
                                problemsFound.report("a derived container's own Hub was not its own")
                            }
                        }
                    }
                    AtomicWord(in: writing, at: 0).subtract(1)
                    return
                }
                for round in 0..<4_000 where writing.load() != 0 || round < 50 {
                    guard let bicycle = container.resolve(Bicycle.self),
                        let left = bicycle.left?.side, let right = bicycle.right?.side
                    else {
                        problemsFound.report("no bicycle")
                        continue
                    }
                    for problem in problems(in: left) + problems(in: right) + sharingProblems(left, right) {
                        problemsFound.report(problem)
                    }
                    AtomicWord(in: resolved, at: 0).add(1)
                }
            }
            #expect(problemsFound.count == 0, "\(problemsFound.first)")
            #expect(resolved.load() > 0)
            // After the storm, what is registered now is what a graph gets, shared.
            registerLeaves(in: container, generation: 7)
            let bicycle = container.resolve(Bicycle.self)
            #expect(bicycle?.left?.side.hub?.generation == 7)
            #expect(bicycle?.left?.side.hub === bicycle?.right?.side.hub)
            #expect(bicycle?.left?.side.wheel === bicycle?.right?.side.wheel)
        }
    }
}
