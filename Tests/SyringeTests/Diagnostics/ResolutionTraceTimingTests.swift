import Testing

@testable import Syringe

private final class Engine: Sendable {}
private final class Wheel: Sendable {}
private final class Car: Sendable {
    init(engine: Engine, wheels: [Wheel]) {}
}

/// A container whose Car resolves an Engine and four Wheels, one after the other.
private func carContainer() -> Container {
    let container = Container()
    container.register(Engine.self) { _ in Engine() }
    container.register(Wheel.self) { _ in Wheel() }.inObjectScope(.transient)
    container.register(Car.self) { r in
        Car(engine: try r.require(Engine.self), wheels: try (0..<4).map { _ in try r.require(Wheel.self) })
    }
    return container
}

@Suite("A trace's timings: nanoseconds on every OS, a Duration where the OS has one")
struct ResolutionTraceTimingTests {
    @Test("a step takes at least as long as its dependencies, which run one after another inside it")
    func stepContainsItsChildren() throws {
        let traced = carContainer().trace(Car.self)
        _ = try traced.get()
        let car = try #require(traced.trace.steps.first)
        #expect(car.children.count == 5)
        let children = car.children.reduce(0 as UInt64) { $0 + $1.durationInNanoseconds }
        #expect(children <= car.durationInNanoseconds)
    }

    @Test("duration is durationInNanoseconds as a Duration")
    func durationMatchesNanoseconds() throws {
        let traced = carContainer().trace(Car.self)
        let car = try #require(traced.trace.steps.first)
        for step in [car] + car.children {
            #expect(step.duration == .nanoseconds(step.durationInNanoseconds))
            #expect(step.duration.components.seconds == Int64(step.durationInNanoseconds / 1_000_000_000))
        }
    }

    @Test(
        "a time prints in tenths of a microsecond below a millisecond, in tenths of a millisecond from one on",
        arguments: [
            (UInt64(0), "0.0 µs"), (99, "0.0 µs"), (100, "0.1 µs"), (48_250, "48.2 µs"), (999_999, "999.9 µs"),
            (1_000_000, "1.0 ms"), (3_149_999, "3.1 ms"), (12_345_678_901, "12345.6 ms"),
            (UInt64.max, "18446744073709.5 ms"),
        ]
    )
    func formatting(nanoseconds: UInt64, text: String) {
        #expect(formatted(nanoseconds: nanoseconds) == text)
    }

    @Test("the trace clock never goes back, on any thread")
    func monotonic() {
        let backwards = CallCounter()
        let finished = ThreadRunner.run(threads: 4) { _ in
            var last = monotonicNanoseconds()
            for _ in 0..<10_000 {
                let now = monotonicNanoseconds()
                if now < last { backwards.increment() }
                last = now
            }
        }
        #expect(finished)
        #expect(backwards.value == 0)
    }
}
