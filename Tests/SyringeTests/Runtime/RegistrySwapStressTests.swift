import Foundation
import Testing

@testable import Syringe

// Services whose values check themselves: a value of the wrong type, or another type's bytes read as this one,
// breaks the relation between the fields.

private protocol Shape: Sendable {
    var sides: Int { get }
    var generation: Int { get }
}

private final class Square: Shape {
    let generation: Int
    let check: Int
    init(generation: Int) {
        self.generation = generation
        check = ~generation
    }
    var sides: Int { 4 }
    var isIntact: Bool { check == ~generation }
}

/// Five words: stored out of line in an existential.
private struct Wide: Sendable {
    let a: Int, b: Int, c: Int, d: Int, e: Int
    init(_ generation: Int) {
        (a, b, c, d, e) = (generation, generation &+ 1, generation &+ 2, generation &+ 3, ~generation)
    }
    var isIntact: Bool { b == a &+ 1 && c == a &+ 2 && d == a &+ 3 && e == ~a }
}

private class Vehicle: @unchecked Sendable {
    // @unchecked Sendable: immutable; not final, because a subclass is registered as it.
    let generation: Int
    init(generation: Int) { self.generation = generation }
    var wheels: Int { 0 }
}

private final class Bike: Vehicle, @unchecked Sendable {
    override var wheels: Int { 2 }
}

private typealias Recipe = @Sendable () -> (Int, Int)

/// A `.container` singleton, numbered by the registration generation that made it.
private final class Token: Sendable {
    let generation: Int
    init(generation: Int) { self.generation = generation }
}

/// What the writer changes, with a generation number per registration.
private enum Change: CaseIterable {
    case register, unregister, reset, rescope, derive, child
}

private let scopes: [ObjectScope] = [.transient, .graph, .container, .weak]

/// Resolves every key from `container` and reports a value of the wrong type or with broken contents.
private func resolveAll(from container: Container, problems: Problems, resolved: AtomicCounter) {
    var found = 0
    if let shape = container.resolve((any Shape).self) {
        found += 1
        if let square = shape as? Square {
            if !square.isIntact || shape.sides != 4 { problems.report("a broken Square \(square.generation)") }
        } else {
            problems.report("any Shape resolved as \(type(of: shape))")
        }
    }
    if let wide = container.resolve(Wide.self) {
        found += 1
        if !wide.isIntact { problems.report("a broken Wide \(wide)") }
    }
    if let vehicle = container.resolve(Vehicle.self) {
        found += 1
        if type(of: vehicle) != Bike.self || vehicle.wheels != 2 { problems.report("Vehicle resolved as \(type(of: vehicle))") }
    }
    if let recipe = container.resolve(Recipe.self) {
        found += 1
        let (value, check) = recipe()
        if check != ~value { problems.report("a broken Recipe (\(value), \(check))") }
    }
    if let optional = container.resolve(Wide?.self) {
        found += 1
        if let wide = optional, !wide.isIntact { problems.report("a broken Wide? \(wide)") }
    }
    AtomicWord(in: resolved, at: 0).add(UInt(found))
}

/// Registers every key in `container`, generation `generation`, in `scope`.
private func registerAll(in container: Container, generation: Int, scope: ObjectScope) {
    container.register((any Shape).self) { _ in Square(generation: generation) }.inObjectScope(scope)
    container.register(Wide.self) { _ in Wide(generation) }.inObjectScope(scope)
    container.register(Vehicle.self) { _ in Bike(generation: generation) }.inObjectScope(scope)
    container.register(Recipe.self) { _ in { (generation, ~generation) } }.inObjectScope(scope)
    container.register(Wide?.self) { _ in generation % 2 == 0 ? Wide(generation) : nil }.inObjectScope(scope)
}

private func unregisterAll(from container: Container, _ random: inout SeededRandom) {
    switch random.next(below: 5) {
    case 0: container.unregister((any Shape).self)
    case 1: container.unregister(Wide.self)
    case 2: container.unregister(Vehicle.self)
    case 3: container.unregister(Recipe.self)
    default: container.unregister(Wide?.self)
    }
}

extension RuntimeTests {
    @Suite("The registry table swapped under resolves")
    struct RegistrySwapStressTests {
        @Test("Resolves on 8 threads while others register, replace, unregister, reset, rescope and derive always get an intact value of the type asked for")
        func resolvesStayTypeSafeWhileTheRegistryChanges() {
            let container = Container()
            registerAll(in: container, generation: 0, scope: .container)
            let problems = Problems()
            let resolved = AtomicCounter(0)
            let writing = AtomicCounter(2)
            let changes = Locked<[String: Int]>([:])
            JoinableThread.run(10) { index in
                if index < 2 {
                    var random = SeededRandom(state: UInt64(index + 1) &* 0x5DEE_CE66)
                    for round in 1...400 {
                        let generation = index * 1_000 + round
                        let change = Change.allCases[random.next(below: Change.allCases.count)]
                        changes.withLock { $0["\(change)", default: 0] += 1 }
                        switch change {
                        case .register:
                            registerAll(in: container, generation: generation, scope: scopes[random.next(below: scopes.count)])
                        case .unregister:
                            unregisterAll(from: container, &random)
                        case .reset:
                            container.resetObjectScope(.container)
                        case .rescope:
                            let scope = scopes[random.next(below: scopes.count)]
                            container.register(Wide.self) { _ in Wide(generation) }.inObjectScope(.container)
                                .inObjectScope(scope)
                            container.register((any Shape).self) { _ in Square(generation: generation) }
                                .inObjectScope(scope).inObjectScope(.container)
                        case .derive:
                            let derived = container.derived { derived in
                                derived.register(Wide.self) { _ in Wide(-generation) }
                            }
                            resolveAll(from: derived, problems: problems, resolved: resolved)
                            if derived.resolve(Wide.self).map({ $0.a != -generation || !$0.isIntact }) ?? true {
                                problems.report("a derived container's own Wide was not its own")
                            }
                        case .child:
                            let child = Container(parent: container)
                            if random.next(below: 2) == 0 {
                                registerAll(in: child, generation: -generation, scope: .container)
                            }
                            resolveAll(from: child, problems: problems, resolved: resolved)
                        }
                    }
                    AtomicWord(in: writing, at: 0).subtract(1)
                    return
                }
                for round in 0..<5_000 where writing.load() != 0 || round < 50 {
                    resolveAll(from: container, problems: problems, resolved: resolved)
                }
            }
            #expect(problems.count == 0, "\(problems.first)")
            #expect(resolved.load() > 0)
            // Every kind of change happened.
            #expect(changes.withLock { $0.count } == Change.allCases.count)
            // After the storm, a registration made now is what resolves see.
            registerAll(in: container, generation: 7, scope: .container)
            #expect(container.resolve(Wide.self)?.a == 7)
            #expect(container.resolve((any Shape).self)?.generation == 7)
            #expect(container.resolve(Vehicle.self)?.generation == 7)
            #expect(container.resolve(Recipe.self)?().0 == 7)
        }

        @Test("A replaced .container registration keeps one instance while it is current: every resolve made entirely within a generation's tenure gets its one singleton")
        func singletonsAreMadeOncePerGeneration() throws {
            // Born `.container` (the default scope): a registration configured after `register` returns could
            // be resolved in the default scope meanwhile, making instances no scope keeps.
            let container = Container(defaultObjectScope: .container)
            let made = Locked<[Int: Int]>([:])
            /// The current generation, odd while the writer changes it (so a resolve can tell it raced a change).
            let current = AtomicCounter(0)
            @Sendable func register(_ generation: Int) {
                container.register(Token.self) { _ in
                    made.withLock { $0[generation, default: 0] += 1 }
                    return Token(generation: generation)
                }
            }
            AtomicWord(in: current, at: 0).store(1)
            register(0)
            AtomicWord(in: current, at: 0).store(0)
            let seen = Locked<[Int: Set<ObjectIdentifier>]>([:])
            let problems = Problems()
            let generations = 150
            let writing = AtomicCounter(1)
            JoinableThread.run(9) { index in
                if index == 0 {
                    for generation in 1...generations {
                        AtomicWord(in: current, at: 0).store(UInt(2 * generation - 1))
                        register(generation)
                        AtomicWord(in: current, at: 0).store(UInt(2 * generation))
                        for _ in 0..<20 { sched_yield() }
                    }
                    AtomicWord(in: writing, at: 0).subtract(1)
                    return
                }
                for round in 0..<20_000 where writing.load() != 0 || round < 50 {
                    let before = current.load()
                    guard let token = container.resolve(Token.self) else {
                        problems.report("no Token")
                        continue
                    }
                    let after = current.load()
                    guard before == after, before % 2 == 0 else { continue }
                    // No change overlapped this resolve: it began after generation `before / 2` was registered.
                    let generation = Int(before / 2)
                    if token.generation != generation {
                        problems.report("generation \(generation) resolved the token of generation \(token.generation)")
                    }
                    _ = seen.withLock { $0[generation, default: []].insert(ObjectIdentifier(token)) }
                    withExtendedLifetime(token) {}
                }
            }
            #expect(problems.count == 0, "\(problems.first)")
            let identities = seen.withLock { $0 }
            #expect(!identities.isEmpty)
            for (generation, tokens) in identities {
                #expect(tokens.count == 1, "generation \(generation) handed out \(tokens.count) singletons")
                #expect(made.withLock { $0[generation] ?? 0 } >= 1)
            }
            // The current generation's singleton, made once and kept.
            let last = try #require(container.resolve(Token.self))
            #expect(last.generation == generations)
            #expect(container.resolve(Token.self) === last)
            #expect(made.withLock { $0[generations] } == 1)
        }
    }
}
