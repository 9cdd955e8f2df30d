import Foundation
import Testing

@testable import Syringe

// The quick read of a kept `.container` instance (Runtime/QuickSharedRead.swift) that `resolve(_:)` and
// `require(_:)` try first: what it hands back is always the registration's current instance, of the requested
// type, while other threads replace, unregister, reset and derive. (RegistrySwapStressTests varies the types
// through the same read: structs, existentials, subclasses, closures and optionals.)

private final class Clock: Sendable {
    let generation: Int
    let check: Int
    init(generation: Int) {
        self.generation = generation
        check = ~generation
    }
    var isIntact: Bool { check == ~generation }
}

private protocol Ticking: Sendable { var generation: Int { get } }
private struct Metronome: Ticking { let generation: Int }

@Suite("Runtime: the quick read of kept instances")
struct QuickSharedReadTests {
    @Test("A kept instance is read as made, and a reset, a replacement or an unregistration is seen at once")
    func changesAreSeenAtOnce() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock(generation: 1) }.inObjectScope(.container)
        let first = try container.require(Clock.self)
        #expect(container.resolve(Clock.self) === first)
        container.resetObjectScope(.container)
        let second = try #require(container.resolve(Clock.self))
        #expect(second !== first && second.generation == 1)
        container.register(Clock.self) { _ in Clock(generation: 2) }.inObjectScope(.container)
        #expect(container.resolve(Clock.self)?.generation == 2)
        container.unregister(Clock.self)
        #expect(container.resolve(Clock.self) == nil)
        #expect(throws: ResolutionError.self) { try container.require(Clock.self) }
    }

    @Test("A kept instance of a protocol type, a value, an optional and a subclass are read as their type")
    func everyShapeOfInstance() throws {
        let container = Container()
        container.register((any Ticking).self) { _ in Metronome(generation: 3) }.inObjectScope(.container)
        container.register(Metronome.self) { _ in Metronome(generation: 4) }.inObjectScope(.container)
        container.register(Metronome?.self) { _ in Metronome(generation: 5) }.inObjectScope(.container)
        container.register(AnyObject.self) { _ in Clock(generation: 6) }.inObjectScope(.container)
        for _ in 0..<3 {
            #expect(container.resolve((any Ticking).self)?.generation == 3)
            #expect(try container.require(Metronome.self).generation == 4)
            #expect(container.resolve(Metronome?.self)??.generation == 5)
            #expect((container.resolve(AnyObject.self) as? Clock)?.generation == 6)
        }
    }

    @Test("Inside a resolution, a container's own resolve joins it rather than reading quickly")
    func nestedResolvesJoin() throws {
        let container = Container()
        container.register(Clock.self) { _ in Clock(generation: 7) }.inObjectScope(.container)
        container.register((any Ticking).self) { _ in
            // Through the captured container, not the resolver: nested in the running resolution.
            Metronome(generation: container.resolve(Clock.self)!.generation)
        }
        #expect(try container.require((any Ticking).self).generation == 7)
        #expect(try container.require((any Ticking).self).generation == 7)
    }

    @Test("8 threads read kept instances while another replaces, resets, unregisters and derives")
    func readsStayCurrentUnderChange() async {
        let container = Container()
        container.register(Clock.self) { _ in Clock(generation: 0) }.inObjectScope(.container)
        container.register((any Ticking).self) { _ in Metronome(generation: 0) }.inObjectScope(.container)
        let problems = Locked<[String]>([])
        let done = Locked(false)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for generation in 1...400 {
                    switch generation % 4 {
                    case 0: container.resetObjectScope(.container)
                    case 1: container.unregister(Clock.self)
                    case 2:
                        container.register(Clock.self) { _ in Clock(generation: generation) }
                            .inObjectScope(.container)
                    default:
                        let derived = container.derived()
                        if let clock = derived.resolve(Clock.self), !clock.isIntact {
                            problems.withLock { $0.append("a broken Clock in a derived container") }
                        }
                    }
                }
                done.withLock { $0 = true }
            }
            for _ in 0..<8 {
                group.addTask {
                    while !done.withLock({ $0 }) {
                        for _ in 0..<50 {
                            if let clock = container.resolve(Clock.self), !clock.isIntact {
                                problems.withLock { $0.append("a broken Clock \(clock.generation)") }
                            }
                            if container.resolve((any Ticking).self).map({ !($0 is Metronome) }) ?? true {
                                problems.withLock { $0.append("any Ticking missing or of another type") }
                            }
                        }
                    }
                }
            }
        }
        #expect(problems.withLock { $0 }.isEmpty)
    }
}
