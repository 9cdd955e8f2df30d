import Syringe
import Testing

/// A module as Swinject users write one: registrations in `assemble`, a first resolve in `loaded`.
private final class GreetingAssembly: Assembly {
    func assemble(container: Container) {
        container.register(String.self, name: "greeting") { _ in "Hello" }
        container.register(Greeter.self) { r in Greeter(greeting: r.resolve(String.self, name: "greeting")!) }
            .inObjectScope(.container)
    }

    func loaded(resolver: any Resolver) {
        _ = resolver.resolve(Greeter.self)
    }
}

private final class Greeter {
    let greeting: String
    init(greeting: String) { self.greeting = greeting }
}

@Suite("Drop-in: an Assembly written for Swinject")
struct SwinjectAssemblyTests {
    @Test("an assembler assembles the module and its resolver resolves what the module registered")
    func assembled() {
        let assembler = Assembler([GreetingAssembly()])
        #expect(assembler.resolver.resolve(Greeter.self)?.greeting == "Hello")
    }

    @Test("loaded(resolver:) runs once the module is assembled: the singleton it resolved is the one kept")
    func loadedResolves() {
        let assembler = Assembler()
        assembler.apply(assembly: GreetingAssembly())
        let first = assembler.resolver.resolve(Greeter.self)
        #expect(first != nil)
        #expect(first === assembler.resolver.resolve(Greeter.self))
    }
}
