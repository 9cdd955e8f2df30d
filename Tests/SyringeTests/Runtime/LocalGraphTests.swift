import Foundation
import Testing

@testable import Syringe

// The graph of one resolution (Runtime/LocalGraph.swift): a class instance made by the typed path is kept as its one
// reference with the type it was made as; anything else, and whatever the untyped paths store, in an `Any`. Whichever
// path stores it and whichever asks, one graph has one instance of each graph-scoped registration.

private protocol Part: AnyObject, Sendable {}
private final class Wheel: Part {}
private class Engine: @unchecked Sendable {}
// @unchecked Sendable: no state.
private final class Turbo: Engine, @unchecked Sendable {}
// @unchecked Sendable: no state.

/// A value made by a counted factory: equal serials mean one factory run.
private struct Serial: Sendable, Equatable { let value: Int }

private final class Counter: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and changed only under `lock`.
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// What one root's factory saw of its graph.
private struct Seen: Sendable {
    let wheel: Wheel
    let part: any Part
    let wheelAgain: Wheel
    let lazyWheel: Lazy<Wheel>
    let engine: Engine
    let engineAgain: Engine
    let serial: Serial
    let serialAgain: Serial
    let existential: any Part
    let existentialAgain: any Part
    let optional: Wheel?
    let optionalAgain: Wheel?
    let anything: Serial?
    let anythingAgain: Serial?
    let closure: @Sendable () -> Int
    let closureAgain: @Sendable () -> Int
}

private func makeContainer() -> (Container, Counter) {
    let counter = Counter()
    let container = Container()
    container.register(Wheel.self) { _ in Wheel() }.implements((any Part).self)
    container.register(Engine.self) { _ in Turbo() }
    container.register(Serial.self) { _ in Serial(value: counter.next()) }
    container.register((any Part).self, name: "existential") { _ in Wheel() }
    container.register(Wheel?.self) { _ in Wheel() }
    container.register(Any.self) { _ in Serial(value: counter.next()) }
    container.register((@Sendable () -> Int).self) { _ in
        let serial = counter.next()
        return { serial }
    }
    container.register(Seen.self) { r in
        // The typed path first, then the forwarded type (the untyped path), then the typed path again.
        let wheel = r.resolve(Wheel.self)!
        return Seen(
            wheel: wheel, part: r.resolve((any Part).self)!, wheelAgain: r.resolve(Wheel.self)!,
            lazyWheel: r.resolve(Lazy<Wheel>.self)!,
            engine: r.resolve(Engine.self)!, engineAgain: r.resolve(Engine.self)!,
            serial: r.resolve(Serial.self)!, serialAgain: r.resolve(Serial.self)!,
            existential: r.resolve((any Part).self, name: "existential")!,
            existentialAgain: r.resolve((any Part).self, name: "existential")!,
            optional: r.resolve(Wheel?.self)!, optionalAgain: r.resolve(Wheel?.self)!,
            anything: r.resolve(Any.self) as? Serial, anythingAgain: r.resolve(Any.self) as? Serial,
            closure: r.resolve((@Sendable () -> Int).self)!, closureAgain: r.resolve((@Sendable () -> Int).self)!
        )
    }
    return (container, counter)
}

extension LocalGraphTests {
    /// The problems with what one root saw, and with it against the root before (`nil` for the first).
    fileprivate static func problems(in seen: Seen, after previous: Seen?) -> [String] {
        var found: [String] = []
        if seen.part !== seen.wheel { found.append("the forwarded type got another wheel") }
        if seen.wheelAgain !== seen.wheel { found.append("the typed path got another wheel") }
        if seen.lazyWheel.instance !== seen.wheel { found.append("the Lazy got another wheel") }
        if seen.engineAgain !== seen.engine || !(seen.engine is Turbo) { found.append("the engine changed") }
        if seen.serialAgain != seen.serial { found.append("the struct was made twice") }
        if seen.existentialAgain !== seen.existential { found.append("the existential was made twice") }
        if seen.optional == nil || seen.optionalAgain !== seen.optional { found.append("the optional was made twice") }
        if seen.anything == nil || seen.anythingAgain != seen.anything { found.append("the Any was made twice") }
        if seen.closureAgain() != seen.closure() { found.append("the closure was made twice") }
        if let previous {
            if previous.wheel === seen.wheel { found.append("two graphs shared a wheel") }
            if previous.engine === seen.engine { found.append("two graphs shared an engine") }
            if previous.serial == seen.serial { found.append("two graphs shared a struct") }
        }
        return found
    }
}

@Suite("Runtime: the graph of one resolution")
struct LocalGraphTests {
    @Test("One graph has one instance of each graph-scoped registration, whichever path stores and asks for it")
    func oneInstancePerGraph() throws {
        let (container, _) = makeContainer()
        let first = try container.require(Seen.self)
        #expect(Self.problems(in: first, after: nil) == [])
        let second = try container.require(Seen.self)
        #expect(Self.problems(in: second, after: first) == [])
    }

    @Test("An instance the untyped path stored is the one the typed path finds")
    func untypedThenTyped() throws {
        let container = Container()
        container.register(Wheel.self) { _ in Wheel() }.implements((any Part).self)
        container.register([AnyObject].self) { r in
            [r.resolve((any Part).self)!, r.resolve(Wheel.self)!, r.resolve((any Part).self)!]
        }
        let objects = try container.require([AnyObject].self)
        #expect(objects.count == 3 && objects[0] === objects[1] && objects[1] === objects[2])
    }

    @Test("A subclass made for a base-class registration is kept as the base class and stays a subclass")
    func subclassOfTheRegisteredClass() throws {
        let container = Container()
        container.register(Engine.self) { _ in Turbo() }
        container.register([Engine].self) { r in [r.resolve(Engine.self)!, r.resolve(Engine.self)!] }
        let engines = try container.require([Engine].self)
        #expect(engines[0] === engines[1])
        #expect(engines[0] is Turbo)
    }

    @Test("Eight threads resolving graphs at once each get graphs of their own, shared inside")
    func threadsKeepTheirGraphs() {
        let (container, _) = makeContainer()
        let problems = Problems()
        JoinableThread.run(8) { _ in
            var previous: Seen?
            for _ in 0..<1_500 {
                guard let seen = container.resolve(Seen.self) else { return problems.report("a resolve failed") }
                for problem in LocalGraphTests.problems(in: seen, after: previous) { problems.report(problem) }
                previous = seen
            }
        }
        #expect(problems.count == 0, "\(problems.first)")
    }
}
