import Syringe
import Testing

@Suite("Drop-in: autoregistration with an initializer that takes its dependencies as one tuple")
struct TupleAutoregistrationTests {
    @Test("an initializer taking a tuple of N dependencies gets each resolved by its type", arguments: 2...20)
    func tupleOfDependencies(count: Int) {
        let container = Container()
        autoregisterTotals(in: container)  // SwinjectStyleFixtures.swift: `{ (deps: (Dependency1, …)) in … }`
        #expect(container.resolve(Total.self, name: "\(count)")?.value == count * (count + 1) / 2)
    }

    @Test("a tuple initializer's registration is configured as any other: scopes apply")
    func tupleInitializerEntry() {
        let container = Container()
        container.register(Dependency1.self) { _ in Dependency1() }
        container.register(Dependency2.self) { _ in Dependency2() }
        container.autoregister([Int].self) { (deps: (Dependency1, Dependency2)) in [deps.0.value, deps.1.value] }
            .inObjectScope(.container)
        #expect(container.resolve([Int].self) == [1, 2])
    }
}
