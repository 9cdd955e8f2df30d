import Foundation
import Testing

@testable import Syringe

// `InjectedBox` (Runtime/InjectedBox.swift) keeps an `@Injected` property's value as an `Any` stored as exactly
// the property's type, and `quickKeptObject(_:)` (Runtime/InjectionQuickRead.swift) fills class-typed properties
// from kept instances: every shape of type goes through both, and threads fill and read one box at once.

private protocol Shape: Sendable { var sides: Int { get } }
private struct Square: Shape { let sides = 4 }
private class Base: @unchecked Sendable {
    // @unchecked Sendable: test fixture with no mutable state.
    var kind: String { "base" }
}
private final class Derived: Base, @unchecked Sendable {
    // @unchecked Sendable: test fixture with no mutable state.
    override var kind: String { "derived" }
}
private final class Plain: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
private struct Point: Sendable, Equatable {
    let x: Int
    let y: Int
}
private protocol Anchored: AnyObject, Sendable {}
private final class Anchor: Anchored {}

private final class EveryShape {
    @Injected var shape: any Shape
    @Injected var base: Base
    @Injected var plain: Plain
    @Injected var point: Point
    @Injected var anything: Any
    @Injected var optionalPlain: Plain?
    @Injected var absent: Anchor?
    @Injected var closure: @Sendable () -> Int
    @Injected var anchored: any Anchored
    @Injected var object: AnyObject
    @Injected var points: [Point]
}

private struct EveryShapeValue {
    @Injected var plain: Plain
    @Injected var point: Point
    @Injected var closure: @Sendable () -> Int
}

extension ServiceKeys {
    fileprivate static let boxedBase = Key<Base>(name: "boxed") { _ in Derived() }
    fileprivate static let boxedPoint = Key<Point>(name: "boxed") { _ in Point(x: 7, y: 7) }
}

/// Filled by a registration's `.injectsProperties()` (through a resolver, not the quick read) and through keys.
private final class FilledInResolution {
    @Injected var base: Base
    @Injected var plain: Plain
    @Injected var optionalPlain: Plain?
    @Injected var object: AnyObject
    @Injected(.boxedBase) var keyedBase: Base
    @Injected(.boxedPoint) var keyedPoint: Point
}

@Suite("Runtime: @Injected boxes and their quick fill, varied types")
struct InjectedBoxTests {
    private func makeContainer(generation: Int = 1) -> Container {
        let container = Container()
        container.register((any Shape).self) { _ in Square() }.inObjectScope(.container)
        container.register(Base.self) { _ in Derived() }.inObjectScope(.container)
        container.register(Plain.self) { _ in Plain(id: generation) }.inObjectScope(.container)
        container.register(Point.self) { _ in Point(x: generation, y: 2) }.inObjectScope(.container)
        container.register(Any.self) { _ in "anything" }.inObjectScope(.container)
        container.register((@Sendable () -> Int).self) { _ in { generation } }.inObjectScope(.container)
        container.register((any Anchored).self) { _ in Anchor() }.inObjectScope(.container)
        container.register(AnyObject.self) { _ in Plain(id: -1) }.inObjectScope(.container)
        container.register(Point.self, name: "a") { _ in Point(x: 1, y: 1) }
        container.register(Point.self, name: "b") { _ in Point(x: 2, y: 2) }
        return container
    }

    @Test("Every shape of type is stored and read back as its type, from a class owner and a struct owner")
    func everyShape() throws {
        let container = makeContainer()
        for _ in 0..<3 {
            let owner = EveryShape()
            try container.inject(into: owner)
            #expect(owner.shape.sides == 4)
            #expect(owner.base.kind == "derived")
            #expect(owner.base === container.resolve(Base.self))
            #expect(owner.plain === container.resolve(Plain.self))
            #expect(owner.point == Point(x: 1, y: 2))
            #expect(owner.anything as? String == "anything")
            #expect(owner.optionalPlain === owner.plain)
            #expect(owner.absent == nil)
            #expect(owner.closure() == 1)
            #expect(owner.anchored is Anchor)
            #expect((owner.object as? Plain)?.id == -1)
            #expect(Set(owner.points.map(\.x)) == [1, 2])
            let value = EveryShapeValue()
            try container.inject(into: value)
            #expect(value.plain === owner.plain)
            #expect(value.point == owner.point)
            #expect(value.closure() == 1)
        }
    }

    @Test("A box holds a class instance as its reference and anything else as a value, filled by any path")
    func bothRepresentations() throws {
        // A class-typed `Value` made through a resolver is held as the object itself; an optional, `AnyObject`
        // and a declared key's value are held as values. Each reads back as exactly what was resolved.
        let container = makeContainer()
        container.register(FilledInResolution.self) { _ in FilledInResolution() }.injectsProperties()
        let owner = try container.require(FilledInResolution.self)
        #expect(owner.base.kind == "derived")
        #expect(owner.base === container.resolve(Base.self))
        #expect(owner.plain === container.resolve(Plain.self))
        #expect(owner.optionalPlain === owner.plain)
        #expect((owner.object as? Plain)?.id == -1)
        #expect(owner.keyedBase.kind == "derived")
        #expect(owner.keyedBase !== owner.base)
        #expect(owner.keyedPoint == Point(x: 7, y: 7))
        // Filled again, through the other representation's paths: the quick fill holds kept objects too.
        try container.inject(into: owner)
        #expect(owner.base === container.resolve(Base.self))
        #expect(owner.keyedPoint == Point(x: 7, y: 7))
    }

    @Test("Injecting again replaces every value, whatever its type")
    func injectingAgainReplaces() throws {
        let owner = EveryShape()
        try makeContainer(generation: 1).inject(into: owner)
        let first = owner.plain
        try makeContainer(generation: 2).inject(into: owner)
        #expect(owner.plain !== first && owner.plain.id == 2)
        #expect(owner.point == Point(x: 2, y: 2))
        #expect(owner.closure() == 2)
    }

    @Test("8 threads fill and read the same object's boxes at once, each read a whole value of its type")
    func concurrentFillAndRead() async {
        let containers = (1...4).map { makeContainer(generation: $0) }
        final class Shared: @unchecked Sendable {
            // @unchecked Sendable: the boxes guard their values; the owner itself is never mutated.
            let owner = EveryShape()
        }
        let shared = Shared()
        try? containers[0].inject(into: shared.owner)
        let problems = LockedProblems()
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<8 {
                group.addTask {
                    for round in 0..<300 {
                        if (thread + round) % 2 == 0 {
                            do {
                                try containers[(thread + round) % 4].inject(into: shared.owner)
                            } catch {
                                problems.add("inject failed: \(error)")
                            }
                        } else {
                            let owner = shared.owner
                            let id = owner.plain.id
                            if !(1...4).contains(id) { problems.add("a Plain of generation \(id)") }
                            if !(1...4).contains(owner.point.x) { problems.add("a Point \(owner.point)") }
                            if !(1...4).contains(owner.closure()) { problems.add("a closure of another container") }
                            if owner.base.kind != "derived" { problems.add("a Base of another kind") }
                        }
                    }
                }
            }
        }
        #expect(problems.all.isEmpty)
    }
}

private final class LockedProblems: @unchecked Sendable {
    // @unchecked Sendable: `problems` is only touched under `lock`.
    private let lock = NSLock()
    private var problems: [String] = []
    func add(_ problem: String) { lock.withLock { problems.append(problem) } }
    var all: [String] { lock.withLock { problems } }
}
