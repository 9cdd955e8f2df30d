import Syringe
import Testing

private protocol Animal: AnyObject, Sendable {
    var sound: String { get }
}

private final class Cat: Animal {
    let sound = "mew"
}

private final class Loud: Animal {
    let inner: any Animal
    init(_ inner: any Animal) { self.inner = inner }
    var sound: String { inner.sound.uppercased() }
}

private final class Echo: Animal {
    let inner: any Animal
    init(_ inner: any Animal) { self.inner = inner }
    var sound: String { inner.sound + " " + inner.sound }
}

private struct Suffix: Sendable {
    let text: String
}

private final class Suffixed: Animal {
    let inner: any Animal
    let suffix: String
    init(_ inner: any Animal, suffix: String) {
        self.inner = inner
        self.suffix = suffix
    }
    var sound: String { inner.sound + suffix }
}

private struct DecoratorFailure: Error {}

@Suite("Decorators")
struct DecoratorTests {
    @Test("A decorator wraps what the factory makes, and decorators apply in the order added")
    func order() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
            .decorated { _, inner in Loud(inner) }
            .decorated { _, inner in Echo(inner) }
        let animal = try container.require((any Animal).self)
        #expect(animal is Echo)
        #expect(animal.sound == "MEW MEW")
    }

    @Test("A decorator resolves its own dependencies through the resolver it receives")
    func resolvesDependencies() throws {
        let container = Container()
        container.register(Suffix.self) { _ in Suffix(text: "!") }
        container.register((any Animal).self) { _ in Cat() }
            .decorated { r, inner in Suffixed(inner, suffix: try r.require(Suffix.self).text) }
        #expect(try container.require((any Animal).self).sound == "mew!")
    }

    @Test("The scope keeps the decorated instance, and the decorator runs once per instance made")
    func scopeKeepsDecorated() throws {
        let container = Container()
        let calls = CallCounter()
        container.register((any Animal).self) { _ in Cat() }
            .inObjectScope(.container)
            .decorated { _, inner in
                calls.increment()
                return Loud(inner)
            }
        let first = try container.require((any Animal).self)
        let second = try container.require((any Animal).self)
        #expect(first === second)
        #expect(first is Loud)
        #expect(calls.value == 1)
    }

    @Test("Registrations of every scope are decorated, transient and graph ones on their typed paths")
    func typedPaths() throws {
        let container = Container()
        container.register(Cat.self, name: "transient") { _ in Cat() }
            .inObjectScope(.transient)
        container.register((any Animal).self, name: "transient") { _ in Cat() }
            .inObjectScope(.transient)
            .decorated { _, inner in Loud(inner) }
        container.register((any Animal).self, name: "graph") { _ in Cat() }
            .inObjectScope(.graph)
            .decorated { _, inner in Loud(inner) }
        container.register((any Animal).self, name: "weak") { _ in Cat() }
            .inObjectScope(.weak)
            .decorated { _, inner in Loud(inner) }
        container.register((any Animal).self, name: "perContainer") { _ in Cat() }
            .inObjectScope(.perContainer)
            .decorated { _, inner in Loud(inner) }
        for name in ["transient", "graph", "weak", "perContainer"] {
            #expect(try container.require((any Animal).self, name: name) is Loud)
        }
    }

    @Test("initCompleted closures receive the decorated instance")
    func completionsSeeDecorated() throws {
        let container = Container()
        let seen = TestBox<String>()
        container.register((any Animal).self) { _ in Cat() }
            .initCompleted { _, animal in seen.set(animal.sound) }
            .decorated { _, inner in Loud(inner) }
        _ = try container.require((any Animal).self)
        #expect(seen.value == "MEW")
    }

    @Test("Decorators of a parent's registration apply when a child resolves it")
    func childContainer() throws {
        let parent = Container()
        parent.register((any Animal).self) { _ in Cat() }
            .decorated { _, inner in Loud(inner) }
        let child = Container(parent: parent)
        #expect(try child.require((any Animal).self) is Loud)
    }

    @Test("A registration made again for the same key starts without the decorators of the one it replaces")
    func registeringAgainDropsDecorators() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }.decorated { _, inner in Loud(inner) }
        #expect(try container.require((any Animal).self).sound == "MEW")
        container.register((any Animal).self) { _ in Cat() }
        #expect(try container.require((any Animal).self).sound == "mew")
    }

    @Test("A decorator that throws fails the resolution with the registration named")
    func throwingDecorator() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
            .decorated { _, _ in throw DecoratorFailure() }
        #expect {
            try container.require((any Animal).self)
        } throws: { error in
            guard let error = error as? ResolutionError, case .factoryFailed(let underlying) = error.kind else {
                return false
            }
            return underlying is DecoratorFailure && error.registration != nil
        }
        #expect(container.resolve((any Animal).self) == nil)
    }

    @Test("Runtime-argument registrations are decorated")
    func arguments() throws {
        let container = Container()
        container.register((any Animal).self) { (_, suffix: String) in Suffixed(Cat(), suffix: suffix) }
            .decorated { _, inner in Loud(inner) }
        #expect(try container.require((any Animal).self, argument: "?").sound == "MEW?")
    }

    @Test("Decorators apply in awaited resolutions of async factories")
    func asyncFactory() async throws {
        let container = Container()
        container.register((any Animal).self) { _ async in Cat() }
            .decorated { _, inner in Loud(inner) }
        let animal = try await container.async.require((any Animal).self)
        #expect(animal is Loud)
    }

    @Test("Concurrent resolves of a decorated singleton all get the one decorated instance")
    func threads() throws {
        let container = Container()
        let calls = CallCounter()
        container.register((any Animal).self) { _ in Cat() }
            .inObjectScope(.container)
            .decorated { _, inner in
                calls.increment()
                return Loud(inner)
            }
        let seen = Collected<ObjectIdentifier>()
        let finished = ThreadRunner.run(threads: 8) { _ in
            if let animal = container.resolve((any Animal).self) { seen.append(ObjectIdentifier(animal)) }
        }
        #expect(finished)
        #expect(Set(seen.all).count == 1)
        #expect(seen.all.count == 8)
        #expect(calls.value == 1)
    }
}
