import Syringe
import Testing

/// The samples of Documentation/Arguments.md.
@Suite("Documentation: runtime arguments")
struct ArgumentsSamples {
    protocol Animal {
        var name: String { get }
    }

    final class Cat: Animal {
        let name: String
        let sleeping: Bool
        init(name: String, sleeping: Bool = false) {
            self.name = name
            self.sleeping = sleeping
        }
    }

    final class Horse: Animal {
        let name: String
        let running: Bool
        init(name: String, running: Bool) {
            self.name = name
            self.running = running
        }
    }

    struct Point: Equatable {
        let x: Int
        let y: Int
    }

    struct Report {
        let title: String
        let parts: [Int]
    }

    struct Greeting {
        let text: String
    }

    protocol Pet {}

    final class Dog: Animal, Pet {
        let name: String
        init(name: String) { self.name = name }
    }

    final class Owner {
        let pet: Any
        init(pet: Any) { self.pet = pet }
    }

    @Test("one argument is passed with argument:")
    func oneArgument() {
        let container = Container()
        container.register((any Animal).self) { _, name in Cat(name: name) }

        let cat = container.resolve((any Animal).self, argument: "Mimi")
        #expect(cat?.name == "Mimi")
    }

    @Test("several arguments are passed with arguments:, in the factory's order")
    func severalArguments() {
        let container = Container()
        container.register((any Animal).self) { _, name, running in
            Horse(name: name, running: running)
        }

        let horse = container.resolve((any Animal).self, arguments: "Spirit", true) as? Horse
        #expect(horse?.name == "Spirit")
        #expect(horse?.running == true)
    }

    @Test("names and arguments combine")
    func namedWithArguments() {
        let container = Container()
        container.register((any Animal).self, name: "cat") { _, name in Cat(name: name) }
        container.register((any Animal).self, name: "horse") { _, name, running in
            Horse(name: name, running: running)
        }

        #expect(container.resolve((any Animal).self, name: "cat", argument: "Mimi") is Cat)
        #expect(container.resolve((any Animal).self, name: "horse", arguments: "Spirit", false) is Horse)
    }

    @Test("there is no limit on the number of arguments")
    func manyArguments() {
        let container = Container()
        container.register(Report.self) { _, title, a, b, c, d, e, f, g, h, i, j in
            Report(title: title, parts: [a, b, c, d, e, f, g, h, i, j])
        }

        let report = container.resolve(Report.self, arguments: "Q3", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        #expect(report?.title == "Q3")
        #expect(report?.parts == Array(1...10))
    }

    @Test("explicit parameter types help when the body does not tell them")
    func explicitTypes() {
        let container = Container()
        container.register(Greeting.self) { (_: any Resolver, name: String, times: Int) in
            Greeting(text: String(repeating: "Hi \(name)! ", count: times))
        }
        #expect(container.resolve(Greeting.self, arguments: "Ann", 2)?.text == "Hi Ann! Hi Ann! ")
    }

    @Test("the argument types are part of the key: registrations that differ only by them coexist")
    func argumentTypesAreTheKey() {
        let container = Container()
        container.register(Point.self) { _ in Point(x: 0, y: 0) }
        container.register(Point.self) { _, x in Point(x: x, y: x) }
        container.register(Point.self) { _, x, y in Point(x: x, y: y) }
        container.register(Point.self) { (_: any Resolver, pair: (Int, Int)) in Point(x: pair.0, y: pair.1) }

        #expect(container.resolve(Point.self) == Point(x: 0, y: 0))
        #expect(container.resolve(Point.self, argument: 5) == Point(x: 5, y: 5))
        #expect(container.resolve(Point.self, arguments: 1, 2) == Point(x: 1, y: 2))
        #expect(container.resolve(Point.self, argument: (3, 4)) == Point(x: 3, y: 4))
    }

    @Test("an optional argument takes an optional value, and a plain value converts to it")
    func optionalArgument() {
        let container = Container()
        container.register(Greeting.self) { (_: any Resolver, name: String?) in
            Greeting(text: "Hi \(name ?? "there")")
        }

        let nickname: String? = "Ann"
        #expect(container.resolve(Greeting.self, argument: nickname)?.text == "Hi Ann")
        #expect(container.resolve(Greeting.self, argument: nil as String?)?.text == "Hi there")
        #expect(container.resolve(Greeting.self, argument: "Ann")?.text == "Hi Ann")  // a String converts to String?
    }

    @Test("an argument converts to the protocol a factory takes, after the exact lookup missed")
    func protocolArgument() {
        let container = Container()
        container.register(Owner.self) { (_, animal: any Animal) in Owner(pet: animal) }

        #expect(container.resolve(Owner.self, argument: Cat(name: "Mimi"))?.pet is Cat)  // a Cat is an Animal

        let pet: any Animal = Dog(name: "Rex")
        #expect(container.resolve(Owner.self, argument: pet)?.pet is Dog)
    }

    @Test("arguments that convert for several registrations are an ambiguousArguments error listing them")
    func ambiguousArguments() {
        let line = #line + 2
        let container = Container()
        container.register(Owner.self) { (_, animal: any Animal) in Owner(pet: animal) }
        container.register(Owner.self) { (_, pet: any Pet) in Owner(pet: pet) }

        do {
            _ = try container.require(Owner.self, argument: Dog(name: "Rex"))
            Issue.record("require should have thrown")
        } catch {
            guard case .ambiguousArguments = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(
                error.description == """
                    Syringe: cannot resolve Owner(arguments: (Dog)): the arguments (Dog) convert to the argument types of 2 registrations of Owner.
                      Registrations the arguments convert to:
                        Owner(arguments: (Animal)) [graph] at SyringeTests/ArgumentsSamples.swift:\(line)
                        Owner(arguments: (Pet)) [graph] at SyringeTests/ArgumentsSamples.swift:\(line + 1)
                      To fix: pass the arguments as the argument types of one of them (e.g. `argument: dog as any Animal`), or register them under different names.
                    """
            )
        }
        #expect(container.resolve(Owner.self, argument: Dog(name: "Rex") as any Pet) != nil)
    }

    @Test("wrong argument types or count give nil and an argumentMismatch error naming what exists")
    func mismatch() {
        let line = #line + 2
        let container = Container()
        container.register((any Animal).self) { _, name in Cat(name: name) }

        #expect(container.resolve((any Animal).self, argument: 3) == nil)
        #expect(container.resolve((any Animal).self, arguments: "Mimi", true) == nil)
        #expect(container.resolve((any Animal).self) == nil)

        do {
            _ = try container.require((any Animal).self, arguments: "Mimi", true)
            Issue.record("require should have thrown")
        } catch {
            guard case .argumentMismatch = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(
                error.description == """
                    Syringe: cannot resolve Animal(arguments: (String, Bool)): Animal has no registration taking arguments (String, Bool).
                      Registered for Animal:
                        Animal(arguments: (String)) [graph] at SyringeTests/ArgumentsSamples.swift:\(line)
                      To fix: pass the arguments of a registration above, in order and with the same types, or register a factory taking (String, Bool).
                    """
            )
        }
    }

    @Test("a dependency that takes arguments is resolved with them inside a factory")
    func argumentsInsideFactory() {
        final class Stable {
            let horse: any Animal
            init(horse: any Animal) { self.horse = horse }
        }
        let container = Container()
        container.register((any Animal).self) { _, name, running in Horse(name: name, running: running) }
        container.register(Stable.self) { (r: any Resolver, name: String) in
            Stable(horse: r.resolve((any Animal).self, arguments: name, false)!)
        }

        #expect(container.resolve(Stable.self, argument: "Spirit")?.horse.name == "Spirit")
    }

    @Test("a kept instance is returned whatever the arguments; transient makes one per set of arguments")
    func argumentsAndScopes() {
        struct Pair {
            let first: Point
            let second: Point
        }
        let container = Container()
        container.register(Point.self) { _, x in Point(x: x, y: x) }.inObjectScope(.container)
        #expect(container.resolve(Point.self, argument: 1) == Point(x: 1, y: 1))
        #expect(container.resolve(Point.self, argument: 2) == Point(x: 1, y: 1))

        container.register(Point.self) { _, x in Point(x: x, y: x) }  // graph scope
        container.register(Pair.self) { r in
            Pair(first: r.resolve(Point.self, argument: 1)!, second: r.resolve(Point.self, argument: 2)!)
        }
        #expect(container.resolve(Pair.self)?.second == Point(x: 1, y: 1))

        container.register(Point.self) { _, x in Point(x: x, y: x) }.inObjectScope(.transient)
        #expect(container.resolve(Pair.self)?.second == Point(x: 2, y: 2))
    }
}
