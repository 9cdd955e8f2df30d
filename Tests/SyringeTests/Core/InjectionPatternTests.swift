import Syringe
import Testing

private protocol Engine: AnyObject {}
private final class V8: Engine {}

private final class Car {
    let engine: any Engine
    var radio: Radio?
    private(set) var horn: Horn?

    init(engine: any Engine) { self.engine = engine }

    func install(horn: Horn) { self.horn = horn }
}

private final class Radio {}
private final class Horn {}

@Suite("Injection patterns")
struct InjectionPatternTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register((any Engine).self) { _ in V8() }
        container.register(Radio.self) { _ in Radio() }
        container.register(Horn.self) { _ in Horn() }
        return container
    }

    @Test("Initializer injection resolves dependencies in the factory")
    func initializerInjection() {
        let container = makeContainer()
        container.register(Car.self) { r in Car(engine: r.resolve((any Engine).self)!) }
        #expect(container.resolve(Car.self)?.engine is V8)
    }

    @Test("Property injection works in the factory and in initCompleted")
    func propertyInjection() {
        let container = makeContainer()
        container.register(Car.self, name: "factory") { r in
            let car = Car(engine: r.resolve((any Engine).self)!)
            car.radio = r.resolve(Radio.self)
            return car
        }
        container.register(Car.self, name: "completed") { r in Car(engine: r.resolve((any Engine).self)!) }
            .initCompleted { r, car in car.radio = r.resolve(Radio.self) }
        #expect(container.resolve(Car.self, name: "factory")?.radio != nil)
        #expect(container.resolve(Car.self, name: "completed")?.radio != nil)
    }

    @Test("Method injection works in the factory and in initCompleted")
    func methodInjection() {
        let container = makeContainer()
        container.register(Car.self, name: "factory") { r in
            let car = Car(engine: r.resolve((any Engine).self)!)
            car.install(horn: r.resolve(Horn.self)!)
            return car
        }
        container.register(Car.self, name: "completed") { r in Car(engine: r.resolve((any Engine).self)!) }
            .initCompleted { r, car in car.install(horn: r.resolve(Horn.self)!) }
        #expect(container.resolve(Car.self, name: "factory")?.horn != nil)
        #expect(container.resolve(Car.self, name: "completed")?.horn != nil)
    }

    @Test("initCompleted may use require, and its error fails the resolution")
    func initCompletedRequire() {
        let container = Container()
        container.register((any Engine).self) { _ in V8() }
        container.register(Car.self) { r in Car(engine: try r.require((any Engine).self)) }
            .initCompleted { r, car in car.radio = try r.require(Radio.self) }
        #expect(container.resolve(Car.self) == nil)
        container.register(Radio.self) { _ in Radio() }
        #expect(container.resolve(Car.self)?.radio != nil)
    }
}
