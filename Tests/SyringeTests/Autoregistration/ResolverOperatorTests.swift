import Syringe
import Testing

private final class Engine: Sendable {}
private final class Wheel: Sendable {
    let size: Int
    init(size: Int) { self.size = size }
}
private final class Badge: Sendable {
    let text: String
    let number: Int
    let ratio: Double
    init(text: String, number: Int, ratio: Double = 0) {
        self.text = text
        self.number = number
        self.ratio = ratio
    }
}
private final class Car: Sendable {
    let engine: Engine
    let wheel: Wheel
    init(engine: Engine, wheel: Wheel) {
        self.engine = engine
        self.wheel = wheel
    }
}

/// A container with each kind of registration the operators resolve.
private func makeContainer() -> Container {
    let container = Container()
    container.register(Engine.self) { _ in Engine() }.inObjectScope(.container)
    container.register(Engine.self, name: "spare") { _ in Engine() }.inObjectScope(.container)
    container.register(Wheel.self) { _, size in Wheel(size: size) }
    container.register(Wheel.self, name: "spare") { _, size in Wheel(size: size * 10) }
    container.register(Badge.self) { _, text, number in Badge(text: text, number: number) }
    container.register(Badge.self, name: "long") { _, text, number, ratio in
        Badge(text: text, number: number, ratio: ratio)
    }
    container.register(Badge.self, name: "three") { _, text, number, ratio in
        Badge(text: "named " + text, number: number, ratio: ratio)
    }
    return container
}

@Suite("The ~> operators of SwinjectAutoregistration")
struct ResolverOperatorTests {
    @Test("r ~> T.self resolves the unnamed service, inside a factory and on a container")
    func infixType() {
        let container = makeContainer()
        container.register(Car.self) { r in Car(engine: r ~> Engine.self, wheel: r ~> (Wheel.self, argument: 17)) }
        let car = container ~> Car.self
        #expect(car.engine === container.resolve(Engine.self))
        #expect(car.wheel.size == 17)
    }

    @Test("the postfix r~> infers the service type from the context")
    func postfix() {
        let container = makeContainer()
        container.register(Car.self) { r in Car(engine: r~>, wheel: r ~> (Wheel.self, argument: 3)) }
        let engine: Engine = container~>
        let car: Car = container~>
        #expect(engine === car.engine)
        let optional: Engine? = container~>
        #expect(optional === engine)
    }

    @Test("r ~> (T.self, name:) resolves the named registration")
    func infixName() {
        let container = makeContainer()
        let spare = container ~> (Engine.self, name: "spare")
        #expect(spare === container.resolve(Engine.self, name: "spare"))
        #expect(spare !== container.resolve(Engine.self))
    }

    @Test("r ~> (T.self, argument:) and (T.self, name:, argument:) pass one runtime argument")
    func infixArgument() {
        let container = makeContainer()
        #expect((container ~> (Wheel.self, argument: 4)).size == 4)
        #expect((container ~> (Wheel.self, name: "spare", argument: 4)).size == 40)
    }

    @Test("r ~> (T.self, arguments: (a, b)) passes the tuple's elements as runtime arguments, named or not")
    func infixArguments() {
        let container = makeContainer()
        let two = container ~> (Badge.self, arguments: ("a", 2))
        #expect(two.text == "a" && two.number == 2)
        let three = container ~> (Badge.self, name: "long", arguments: ("b", 3, 0.5))
        #expect(three.text == "b" && three.number == 3 && three.ratio == 0.5)
        let named: Badge = container ~> (Badge.self, name: "three", arguments: ("c", 4, 1.5))
        #expect(named.text == "named c" && named.ratio == 1.5)
    }

    @Test("T?.self resolves the optional form of a registered service")
    func optionalType() {
        let container = makeContainer()
        let engine = container ~> Engine?.self
        #expect(engine === container.resolve(Engine.self))
    }

    @Test("The comma forms SwinjectAutoregistration deprecated still resolve: three arguments, named or not")
    @available(*, deprecated)
    func deprecatedCommaForms() {
        let container = makeContainer()
        container.register(Badge.self) { _, text, number, ratio in Badge(text: text, number: number, ratio: ratio) }
        let unnamed: Badge = container ~> (Badge.self, arguments: "a", 2, 0.5)
        #expect(unnamed.text == "a" && unnamed.number == 2 && unnamed.ratio == 0.5)
        let named: Badge = container ~> (Badge.self, name: "three", arguments: "b", 3, 1.5)
        #expect(named.text == "named b" && named.ratio == 1.5)
    }

    @Test("The deprecated named two-argument comma form does not compile: the unnamed three-argument one matches too")
    func namedTwoArgumentCommaFormIsAmbiguous() throws {
        let prelude = """
            import Syringe
            final class Badge: Sendable { init(text: String, number: Int) {} }

            """
        let comma = try ClientProgram.typecheck(
            prelude + "func f(_ c: Container) -> Badge { c ~> (Badge.self, name: \"x\", arguments: \"a\", 2) }\n")
        #expect(!comma.ok)
        #expect(comma.output.contains("ambiguous use of operator '~>'"), "\(comma.output)")
        let tuple = try ClientProgram.typecheck(
            prelude + "func f(_ c: Container) -> Badge { c ~> (Badge.self, name: \"x\", arguments: (\"a\", 2)) }\n")
        #expect(tuple.ok, "\(tuple.output)")
    }

    @Test("~> has the standard library's DefaultPrecedence: tighter than the ternary operator and assignment")
    func precedence() {
        let container = makeContainer()
        // DefaultPrecedence is higher than TernaryPrecedence: each branch is a whole `~>` expression.
        let useSpare = Bool.random()
        let engine = useSpare ? container ~> (Engine.self, name: "spare") : container ~> Engine.self
        let expected = useSpare ? container.resolve(Engine.self, name: "spare") : container.resolve(Engine.self)
        #expect(engine === expected)
        // `as` inside the parentheses casts the metatype, as with SwinjectAutoregistration.
        let viaCast = container ~> (Engine.self as Engine.Type)
        #expect(viaCast === container.resolve(Engine.self))
    }

    @Test("the operators and autoregister are used together without ambiguity")
    func alongsideAutoregister() {
        let container = makeContainer()
        container.autoregister(Car.self, initializer: Car.init(engine:wheel:))
        container.register(Wheel.self) { _ in Wheel(size: 99) }
        container.register(String.self) { r in "\((r ~> Car.self).wheel.size)" }
        container.autoregister(Badge.self, argument: Int.self, initializer: Badge.init(text:number:ratio:))
        container.register(Double.self) { _ in 0.25 }
        #expect((container ~> String.self) == "99")
        let badge = container ~> (Badge.self, argument: 7)
        #expect(badge.text == "99" && badge.number == 7 && badge.ratio == 0.25)
    }
}

// Exit tests run where a test can start a child process (not on iOS, tvOS, watchOS or visionOS).
#if os(macOS) || os(Linux) || os(Windows)
    @Suite("The ~> operators on a service that cannot be resolved")
    struct ResolverOperatorFailureTests {
        @Test("r ~> T.self stops with the ResolutionError text: what was asked and the resolution path")
        func stopsWithResolutionError() async {
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let container = Container()
                container.register(Car.self) { r in Car(engine: r ~> Engine.self, wheel: Wheel(size: 1)) }
                let car = container ~> Car.self
                withExtendedLifetime(car) {}
            }.map { result in
                let message = String(decoding: result.standardErrorContent, as: UTF8.self)
                #expect(message.contains("~> could not resolve the service"))
                #expect(message.contains("Engine"))
                #expect(message.contains("Resolution path:"))
                #expect(message.contains("Car"))
            }
        }

        @Test("r ~> (T.self, argument:) with an argument of another type stops and names the registered arguments")
        func stopsOnArgumentMismatch() async {
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let container = Container()
                container.register(Wheel.self) { _, size in Wheel(size: size) }
                let wheel = container ~> (Wheel.self, argument: "seventeen")
                withExtendedLifetime(wheel) {}
            }.map { result in
                let message = String(decoding: result.standardErrorContent, as: UTF8.self)
                #expect(message.contains("~> could not resolve the service"))
                #expect(message.contains("Wheel"))
                #expect(message.contains("String"))
                #expect(message.contains("Int"))
            }
        }
    }
#endif
