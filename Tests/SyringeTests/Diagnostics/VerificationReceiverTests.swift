import Synchronization
import Syringe
import Testing

private final class Engine: Sendable {}
private final class Wheel: Sendable {}
private final class Car: Sendable {
    init(engine: Engine, wheel: Wheel) {}
}
private final class Ticket: Sendable {
    init(number: Int) {}
}
private final class Garage: Sendable {
    init(car: Car) {}
}

/// Counts calls.
private final class Calls: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

extension ServiceKeys {
    fileprivate static let receiverGarage = Key<Garage> { r in
        Garage(car: Car(engine: try r.require(Engine.self), wheel: try r.require(Wheel.self)))
    }
}

@Suite("verify() and dependencyGraph() walk the same registrations from every receiver")
struct VerificationReceiverTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(Engine.self) { _ in Engine() }.inObjectScope(.container)
        container.register(Wheel.self) { _ in Wheel() }
        container.register(Car.self) { r in Car(engine: try r.require(Engine.self), wheel: try r.require(Wheel.self)) }
        container.register(Ticket.self) { (_, number: Int) in Ticket(number: number) }
        return container
    }

    @Test("the synchronous, main-actor and awaited walks of synchronous registrations report the same")
    @MainActor
    func sameReportFromEveryReceiver() async throws {
        let container = makeContainer()
        let synchronous = try container.verify()
        #expect(synchronous.verified.map(\.request.description) == ["Car", "Engine", "Wheel"])
        #expect(synchronous.unverifiable.map(\.request.description) == ["Ticket(arguments: (Int))"])
        for report in [try container.mainActor.verify(), try await container.async.verify()] {
            #expect(report.verified == synchronous.verified)
            #expect(report.unverifiable == synchronous.unverifiable)
            #expect(report.asynchronous.isEmpty)
        }
    }

    @Test("each call asks for the sample arguments once, the awaited ones included")
    func samplesAreAskedOnce() async throws {
        let container = makeContainer()
        container.register(Garage.self) { r in
            await Task.yield()
            return Garage(car: try await r.require(Car.self))
        }
        let calls = Calls()
        let samples: @Sendable (VerificationSamples) -> Void = { samples in
            calls.increment()
            samples.provide(Ticket.self, argument: 7)
        }
        #expect(try container.verify(samples: samples).asynchronous.map(\.request.description) == ["Garage"])
        _ = container.dependencyGraph(samples: samples)
        let report = try await container.async.verify(samples: samples)
        #expect(
            report.verified.map(\.request.description).sorted() == [
                "Car", "Engine", "Garage", "Ticket(arguments: (Int))", "Wheel",
            ])
        let graph = await container.async.dependencyGraph(samples: samples)
        #expect(graph.nodes.map(\.status.label) == ["resolved", "resolved", "resolved", "resolved", "resolved"])
        #expect(calls.value == 4)
    }

    @Test(
        "dependencyGraph(keys:) draws the container's own registrations and unused key defaults before its ancestors'")
    func keyGraphDrawsOwnFirst() {
        let parent = Container()
        parent.register(Engine.self) { _ in Engine() }
        let child = Container(parent: parent)
        child.register(Wheel.self) { _ in Wheel() }
        let graph = child.dependencyGraph(keys: [ServiceKeys.receiverGarage])
        #expect(graph.nodes.map(\.request.description) == ["Garage", "Wheel", "Engine"])
        #expect(graph.nodes.map(\.isInherited) == [false, false, true])
        #expect(graph.nodes.map(\.module) == [Container.unusedKeyGroup, nil, nil])
        #expect(graph.edges.count == 2)
    }
}
