import Syringe
import Testing

/// The samples of Documentation/InjectionPatterns.md.
@Suite("Documentation: injection patterns")
struct InjectionPatternsSamples {
    protocol Engine {
        var power: Int { get }
    }

    final class Electric: Engine {
        let power = 150
    }

    final class Car {
        let engine: any Engine
        init(engine: any Engine) { self.engine = engine }
    }

    final class Boat {
        var engine: (any Engine)?
    }

    final class Plane {
        private(set) var engines: [any Engine] = []
        func mount(_ engine: any Engine) { engines.append(engine) }
    }

    final class Garage {
        var log: [String] = []
    }

    @Test("initializer injection: the factory passes dependencies to init")
    func initializerInjection() {
        let container = Container()
        container.register((any Engine).self) { _ in Electric() }
        container.register(Car.self) { r in Car(engine: r.resolve((any Engine).self)!) }

        #expect(container.resolve(Car.self)?.engine.power == 150)
    }

    @Test("property injection inside the factory")
    func propertyInjectionInFactory() {
        let container = Container()
        container.register((any Engine).self) { _ in Electric() }
        container.register(Boat.self) { r in
            let boat = Boat()
            boat.engine = r.resolve((any Engine).self)
            return boat
        }

        #expect(container.resolve(Boat.self)?.engine?.power == 150)
    }

    @Test("property injection in initCompleted")
    func propertyInjectionInInitCompleted() {
        let container = Container()
        container.register((any Engine).self) { _ in Electric() }
        container.register(Boat.self) { _ in Boat() }
            .initCompleted { r, boat in
                boat.engine = r.resolve((any Engine).self)
            }

        #expect(container.resolve(Boat.self)?.engine?.power == 150)
    }

    @Test("method injection inside the factory and in initCompleted")
    func methodInjection() {
        let container = Container()
        container.register((any Engine).self) { _ in Electric() }
        container.register(Plane.self) { r in
            let plane = Plane()
            plane.mount(r.resolve((any Engine).self)!)
            return plane
        }
        .initCompleted { r, plane in
            plane.mount(r.resolve((any Engine).self)!)
        }

        #expect(container.resolve(Plane.self)?.engines.count == 2)
    }

    @Test("several initCompleted closures run in the order they were added")
    func initCompletedOrder() {
        let container = Container()
        container.register(Garage.self) { _ in Garage() }
            .initCompleted { _, garage in garage.log.append("doors") }
            .initCompleted { _, garage in garage.log.append("lights") }

        #expect(container.resolve(Garage.self)?.log == ["doors", "lights"])
    }

    @Test("a factory captures Sendable values only; a let constant of a Sendable type is fine")
    func sendableCapture() {
        let fleetName = "North"
        let container = Container()
        container.register(String.self, name: "fleet") { _ in fleetName }
        #expect(container.resolve(String.self, name: "fleet") == "North")
    }

    final class Turbo: Engine {
        let inner: any Engine
        init(_ inner: any Engine) { self.inner = inner }
        var power: Int { inner.power * 2 }
    }

    final class Logged: Engine {
        let inner: any Engine
        init(_ inner: any Engine) { self.inner = inner }
        var power: Int { inner.power }
    }

    @Test("decorators wrap the instance in the order they were added")
    func decorators() {
        let container = Container()
        container.register((any Engine).self) { _ in Electric() }
            .decorated { _, inner in Turbo(inner) }
            .decorated { _, inner in Logged(inner) }

        let engine = container.resolve((any Engine).self)
        #expect(engine is Logged)
        #expect(((engine as? Logged)?.inner as? Turbo)?.inner is Electric)
        #expect(engine?.power == 300)
    }

    @Test("a closure that throws in initCompleted fails the resolution")
    func throwingInitCompleted() {
        struct NotReady: Error {}
        let container = Container()
        container.register(Boat.self) { _ in Boat() }
            .initCompleted { r, boat in
                boat.engine = try r.require((any Engine).self)
            }

        #expect(container.resolve(Boat.self) == nil)
        #expect(throws: ResolutionError.self) { try container.require(Boat.self) }
    }
}
