import Testing

@testable import Syringe

// `resolve(_:)` and `require(_:)` on a container read a kept class instance quickly and continue from what the read
// found otherwise (Runtime/QuickSharedRead.swift): a kept instance comes back as its bare reference, anything else as
// the continuation's value. These vary the types through both (values with no spare bit patterns, whose `Optional`
// needs a tag of its own; optionals; existentials; closures; classes and subclasses) in every outcome (made, kept,
// missing, thrown), and resolve while another thread replaces, unregisters, resets and derives.

private class Gauge: @unchecked Sendable {
    // @unchecked Sendable: immutable after init (a class open to the subclass below cannot be checked).
    let reading: Int
    let check: Int
    init(reading: Int) {
        self.reading = reading
        check = ~reading
    }
    var isIntact: Bool { check == ~reading }
}

private final class PrecisionGauge: Gauge, @unchecked Sendable {
    // @unchecked Sendable: immutable after init, as its superclass.
}

private protocol Reading: Sendable { var value: Int { get } }
private struct Sample: Reading, Equatable {
    let value: Int
    let spare: (Int, Int, Int, Int) = (1, 2, 3, 4)
    static func == (lhs: Sample, rhs: Sample) -> Bool { lhs.value == rhs.value }
}

private struct Failure: Error {}

@Suite("Runtime: resolve and require through the quick read and its continuation")
struct QuickReadContinuationTests {
    @Test("Values with no spare bit patterns come back whole, and as nil when there is no registration")
    func valuesWithoutSpareBits() throws {
        let container = Container()
        #expect(container.resolve(Int.self) == nil)
        #expect(container.resolve(Double.self) == nil)
        container.register(Int.self) { _ in 0 }
        container.register(Double.self) { _ in -0.0 }.inObjectScope(.container)
        container.register(UInt8.self) { _ in 255 }
        for _ in 0..<3 {
            // 0 and -0.0 are the patterns a tag-less `Optional` would take for nil.
            #expect(container.resolve(Int.self) == 0)
            #expect(container.resolve(Double.self)?.sign == .minus)
            #expect(try container.require(UInt8.self) == 255)
        }
        container.unregister(Int.self)
        #expect(container.resolve(Int.self) == nil)
        #expect(throws: ResolutionError.self) { try container.require(Int.self) }
    }

    @Test("Optionals, existentials, closures, tuples and large structs come back as registered")
    func everyShapeOfValue() throws {
        let container = Container()
        container.register(Int?.self) { _ in nil }
        container.register(String?.self) { _ in "kept" }.inObjectScope(.container)
        container.register((any Reading).self) { _ in Sample(value: 3) }
        container.register(Any.self) { _ in Sample(value: 4) }.inObjectScope(.container)
        container.register((@Sendable (Int) -> Int).self) { _ in { $0 * 2 } }
        container.register((Int, String).self) { _ in (5, "five") }
        container.register(Sample.self) { _ in Sample(value: 6) }.inObjectScope(.container)
        for _ in 0..<3 {
            let none = try #require(container.resolve(Int?.self))  // a value: `.some(nil)`
            #expect(none == nil)
            #expect(try container.require(String?.self) == "kept")
            #expect(container.resolve((any Reading).self)?.value == 3)
            #expect((container.resolve(Any.self) as? Sample)?.value == 4)
            #expect(try container.require((@Sendable (Int) -> Int).self)(21) == 42)
            #expect(container.resolve((Int, String).self).map { $0.0 == 5 && $0.1 == "five" } == true)
            #expect(try container.require(Sample.self).spare == (1, 2, 3, 4))
        }
    }

    @Test("Classes, subclasses and class-bound types, kept or made, come back as the same or new instances")
    func classes() throws {
        let container = Container()
        // A kept `Gauge` that is a subclass instance: read quickly as the registered type.
        container.register(Gauge.self) { _ in PrecisionGauge(reading: 1) }.inObjectScope(.container)
        container.register(PrecisionGauge.self) { _ in PrecisionGauge(reading: 2) }
        container.register(AnyObject.self) { _ in PrecisionGauge(reading: 3) }.inObjectScope(.container)
        let kept = try container.require(Gauge.self)
        #expect(kept is PrecisionGauge)
        for _ in 0..<3 {
            #expect(container.resolve(Gauge.self) === kept)
            #expect(try container.require(Gauge.self) === kept)
            let made = try #require(container.resolve(PrecisionGauge.self))
            #expect(made !== container.resolve(PrecisionGauge.self) && made.reading == 2 && made.isIntact)
            #expect((container.resolve(AnyObject.self) as? PrecisionGauge)?.reading == 3)
        }
    }

    @Test("A factory that throws gives nil to resolve and its error to require, for a class and for a value")
    func thrownErrors() {
        let container = Container()
        container.register(Gauge.self) { _ in throw Failure() }
        container.register(Int.self) { _ in throw Failure() }
        for _ in 0..<3 {
            #expect(container.resolve(Gauge.self) == nil)
            #expect(container.resolve(Int.self) == nil)
            #expect(throws: ResolutionError.self) { try container.require(Gauge.self) }
            #expect(throws: ResolutionError.self) { try container.require(Int.self) }
        }
    }

    @Test("4 threads resolve values, optionals and kept instances while another replaces, unregisters, resets and derives")
    func readsStayWholeUnderChange() async {
        let container = Container()
        container.register(Gauge.self) { _ in Gauge(reading: 0) }.inObjectScope(.container)
        container.register(Int.self) { _ in 7 }.inObjectScope(.container)
        container.register(Sample.self) { _ in Sample(value: 8) }
        let problems = Locked<[String]>([])
        let done = Locked(false)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 1...400 {
                    switch round % 5 {
                    case 0: container.resetObjectScope(.container)
                    case 1:
                        container.unregister(Gauge.self)
                        container.unregister(Int.self)
                    case 2:
                        container.register(Gauge.self) { _ in Gauge(reading: round) }.inObjectScope(.container)
                        container.register(Int.self) { _ in 7 }.inObjectScope(.container)
                    case 3:
                        container.register(Sample.self) { _ in Sample(value: 8) }.inObjectScope(.container)
                    default:
                        let derived = container.derived()
                        if let gauge = derived.resolve(Gauge.self), !gauge.isIntact {
                            problems.withLock { $0.append("a broken Gauge in a derived container") }
                        }
                    }
                }
                done.withLock { $0 = true }
            }
            for _ in 0..<4 {
                group.addTask {
                    while !done.withLock({ $0 }) {
                        for _ in 0..<50 {
                            if let gauge = container.resolve(Gauge.self), !gauge.isIntact {
                                problems.withLock { $0.append("a broken Gauge \(gauge.reading)") }
                            }
                            if let value = container.resolve(Int.self), value != 7 {
                                problems.withLock { $0.append("an Int of \(value)") }
                            }
                            if let sample = try? container.require(Sample.self),
                                sample.value != 8 || sample.spare != (1, 2, 3, 4)
                            {
                                problems.withLock { $0.append("a torn Sample") }
                            }
                        }
                    }
                }
            }
        }
        #expect(problems.withLock { $0 }.isEmpty)
    }
}
