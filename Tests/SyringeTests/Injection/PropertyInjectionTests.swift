import Syringe
import Testing

private protocol Engine: AnyObject, Sendable {}
private final class V8: Engine {}

private protocol Formatter: Sendable {
    var format: String { get }
}
private struct JSONFormatter: Formatter {
    let format = "json"
}
private struct PlainFormatter: Formatter {
    let format = "plain"
}

private protocol Analytics: Sendable {}
private struct ConsoleAnalytics: Analytics {}

private final class Car: @unchecked Sendable, InjectionCompletionAware {
    // @unchecked Sendable: test fixture; `events` is only touched under `lock`.
    @Injected var engine: any Engine
    @Injected(name: "json") var formatter: any Formatter
    @Injected var analytics: (any Analytics)?
    let lock = TestLock()
    private var recorded: [String] = []

    func record(_ event: String) { lock.run { recorded.append(event) } }
    var events: [String] { lock.run { recorded } }

    func didInjectDependencies(from resolver: any Resolver) {
        record("injected")
    }
}

private class Vehicle {
    @Injected var engine: any Engine
}

private final class Truck: Vehicle {
    @Injected(name: "plain") var formatter: any Formatter
}

private struct Settings {
    @Injected var formatter: any Formatter
    @Injected var analytics: (any Analytics)?
}

private final class Garage {
    @Injected var car: Car
}

private final class Cyclic {
    @Injected var other: Other
}

private final class Other {
    @Injected var back: Cyclic
}

private final class Missing {
    @Injected var engine: any Engine
    @Injected(name: "xml") var formatter: any Formatter
}

@Suite("Property injection")
struct PropertyInjectionTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register((any Engine).self) { _ in V8() }
        container.register((any Formatter).self, name: "json") { _ in JSONFormatter() }
        container.register((any Formatter).self, name: "plain") { _ in PlainFormatter() }
        container.register((any Formatter).self) { _ in PlainFormatter() }
        return container
    }

    @Test("inject(into:) fills required, named and optional properties of an object it did not make")
    func injectIntoObject() throws {
        let container = makeContainer()
        let car = Car()
        #expect(!car.$engine.isInjected)
        try container.inject(into: car)
        #expect(car.engine is V8)
        #expect(car.formatter.format == "json")
        #expect(car.analytics == nil)
        #expect(car.$engine.isInjected && car.$analytics.isInjected)
        #expect(car.events == ["injected"])
    }

    @Test("An optional property receives its service when it is registered")
    func optionalRegistered() throws {
        let container = makeContainer()
        container.register((any Analytics).self) { _ in ConsoleAnalytics() }
        let car = Car()
        try container.inject(into: car)
        #expect(car.analytics is ConsoleAnalytics)
    }

    @Test("An optional property reads nil before injection; a required one's wrapper says it is not injected")
    func beforeInjection() {
        let car = Car()
        #expect(car.analytics == nil)
        #expect(!car.$engine.isInjected)
        #expect(car.$formatter.name == "json")
        #expect(!car.$formatter.isReinjected)
    }

    @Test("A missing required property throws a ResolutionError naming the property and its owner")
    func missingProperty() {
        let container = makeContainer()
        let missing = Missing()
        #expect {
            try container.inject(into: missing)
        } throws: { error in
            guard let error = error as? ResolutionError, let property = error.injectedProperty else { return false }
            let message = error.description
            return property.label == "formatter" && property.ownerType == Missing.self
                && message.contains("'formatter' of Missing") && message.contains("xml")
                && { if case .nameMismatch = error.kind { return true } else { return false } }()
        }
        // The properties before the failing one are filled.
        #expect(missing.$engine.isInjected)
    }

    @Test(
        "injectsProperties() fills the properties of what the registration makes, then initCompleted, then the completion protocol"
    )
    func registrationInjects() throws {
        let container = makeContainer()
        container.register(Car.self) { _ in Car() }
            .injectsProperties()
            .initCompleted { _, car in car.record("initCompleted:\(car.$engine.isInjected)") }
        let car = try container.require(Car.self)
        #expect(car.engine is V8)
        #expect(car.events == ["initCompleted:true", "injected"])
    }

    @Test("A registration without injectsProperties() leaves marked properties alone")
    func registrationWithoutInjection() throws {
        let container = makeContainer()
        container.register(Car.self) { _ in Car() }
        let car = try container.require(Car.self)
        #expect(!car.$engine.isInjected)
        #expect(car.events.isEmpty)
    }

    @Test("A missing property fails the registration's resolution, naming the property")
    func registrationMissing() {
        let container = makeContainer()
        container.register(Missing.self) { _ in Missing() }.injectsProperties()
        #expect(container.resolve(Missing.self) == nil)
        #expect {
            try container.require(Missing.self)
        } throws: { error in
            (error as? ResolutionError)?.injectedProperty?.description == "Missing.formatter"
        }
    }

    @Test("Superclass properties are filled too")
    func inheritance() throws {
        let container = makeContainer()
        let truck = Truck()
        try container.inject(into: truck)
        #expect(truck.engine is V8)
        #expect(truck.formatter.format == "plain")
        // Cached layout: a second object of the type is filled the same way.
        let another = Truck()
        try container.inject(into: another)
        #expect(another.engine is V8)
    }

    @Test("Marked properties among unmarked ones are found again, by position, in later objects of the type")
    func mixedProperties() throws {
        final class Mixed {
            var first = 1
            @Injected(name: "plain") var formatter: any Formatter
            let middle = "m"
            var other: (any Engine)?
            @Injected var engine: any Engine
            var last = [1, 2]
        }
        let container = makeContainer()
        for _ in 0..<3 {
            let mixed = Mixed()
            try container.inject(into: mixed)
            #expect(mixed.formatter.format == "plain")
            #expect(mixed.engine is V8)
            #expect(mixed.other == nil && mixed.first == 1 && mixed.last == [1, 2])
        }
    }

    @Test("A struct passed by value is filled: its wrappers share their boxes with the caller's copy")
    func structTarget() throws {
        let container = makeContainer()
        let settings = Settings()
        try container.inject(into: settings)
        #expect(settings.formatter.format == "plain")
        #expect(settings.analytics == nil)
    }

    @Test("Properties are filled in one resolution: graph-scoped services are shared among them")
    func oneGraph() throws {
        final class Shared {}
        final class Screen {
            @Injected var first: Shared
            @Injected var second: Shared
        }
        let container = Container()
        container.register(Shared.self) { _ in Shared() }.inObjectScope(.graph)
        let screen = Screen()
        try container.inject(into: screen)
        #expect(screen.first === screen.second)
    }

    @Test("A property's service may itself inject properties, and a cycle through properties closes in a graph")
    func nestedAndCycle() throws {
        let container = makeContainer()
        container.register(Car.self) { _ in Car() }.injectsProperties()
        container.register(Garage.self) { _ in Garage() }.injectsProperties()
        let garage = try container.require(Garage.self)
        #expect(garage.car.engine is V8)

        container.register(Cyclic.self) { _ in Cyclic() }.injectsProperties()
        container.register(Other.self) { _ in Other() }.injectsProperties()
        let cyclic = try container.require(Cyclic.self)
        #expect(cyclic.other.back === cyclic)
    }

    @Test("inject(into:) from inside a factory joins the running resolution")
    func insideFactory() throws {
        final class Holder {
            let car = Car()
        }
        let container = makeContainer()
        container.register(Holder.self) { r in
            let holder = Holder()
            try (r as! Container).inject(into: holder.car)
            return holder
        }
        #expect(try container.require(Holder.self).car.engine is V8)
    }

    @Test("A child container's registrations come first for the properties it fills")
    func childContainer() throws {
        let parent = makeContainer()
        let child = Container(parent: parent)
        child.register((any Formatter).self, name: "json") { _ in PlainFormatter() }
        let car = Car()
        try child.inject(into: car)
        #expect(car.formatter.format == "plain")
        #expect(car.engine is V8)
    }

    @Test("Objects are injected from many threads at once, each filled completely")
    func threads() {
        let container = makeContainer()
        container.register(Car.self) { _ in Car() }.injectsProperties()
        let filled = Collected<Bool>()
        let finished = ThreadRunner.run(threads: 8) { index in
            for _ in 0..<50 {
                if index % 2 == 0 {
                    let car = Car()
                    filled.append((try? container.inject(into: car)) != nil && car.engine is V8)
                } else {
                    filled.append(container.resolve(Car.self)?.events == ["injected"])
                }
            }
        }
        #expect(finished)
        #expect(filled.all.count == 400)
        #expect(filled.all.allSatisfy { $0 })
    }

    @Test("An array property receives every registration of its element type, in registration order; none is []")
    func arrayProperty() throws {
        final class Dashboard {
            @Injected var formatters: [any Formatter]
            @Injected var analytics: [any Analytics]
        }
        let container = makeContainer()
        let dashboard = Dashboard()
        try container.inject(into: dashboard)
        #expect(dashboard.formatters.map(\.format) == ["json", "plain", "plain"])
        #expect(dashboard.analytics.isEmpty)
    }

    @Test("An async registration with injectsProperties() fills its instance in an awaited resolution")
    func asyncRegistration() async throws {
        let container = makeContainer()
        container.register(Car.self) { _ async in Car() }.injectsProperties()
        let car = try await container.async.require(Car.self)
        #expect(car.engine is V8)
        #expect(car.events == ["injected"])
    }

    @Test("A @MainActor object is injected from main-actor code")
    @MainActor
    func mainActorObject() throws {
        @MainActor final class ViewModel: @MainActor InjectionCompletionAware {
            @Injected var engine: any Engine
            var title = "view"
            func didInjectDependencies(from resolver: any Resolver) {
                title = "ready"
            }
        }
        let container = makeContainer()
        let model = ViewModel()
        try container.inject(into: model)
        #expect(model.engine is V8)
        // An isolated conformance: told on the main actor, where the injection ran.
        #expect(model.title == "ready")
    }

    @Test("Registrations of a module are injected, and unloading the module makes the property fail")
    func moduleUnload() throws {
        struct EngineModule: Assembly {
            func assemble(container: Container) {
                container.register((any Engine).self) { _ in V8() }
            }
        }
        final class Needs {
            @Injected var engine: any Engine
        }
        let container = Container()
        try container.load(EngineModule())
        try container.inject(into: Needs())
        #expect(container.unload(EngineModule.self))
        #expect(throws: ResolutionError.self) { try container.inject(into: Needs()) }
    }
}
