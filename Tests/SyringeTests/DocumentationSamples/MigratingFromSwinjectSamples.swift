import Syringe
import struct Syringe.ServiceEntry
import Testing

/// The samples of Documentation/MigratingFromSwinject.md: the behaviours that differ from Swinject 2.10.
@Suite("Documentation: migrating from Swinject")
struct MigratingFromSwinjectSamples {
    protocol Animal {}
    final class Cat: Animal {}

    @Test("synchronize() returns the container itself")
    func synchronizeIsTheContainer() {
        let container = Container()
        container.register(Cat.self) { _ in Cat() }.inObjectScope(.container)
        let resolver = container.synchronize()
        #expect(resolver as? Container === container)
        #expect(resolver.resolve(Cat.self) === container.resolve(Cat.self))
    }

    @Test("register records fileID and line, which error messages show")
    func fileAndLine() {
        let container = Container()
        container.register((any Animal).self, name: "cat", fileID: "MyApp/Pets.swift", line: 12) { _ in Cat() }
        do {
            _ = try container.require((any Animal).self, name: "dog")
            Issue.record("require should have thrown")
        } catch {
            #expect(error.registrations.map(\.description) == ["Animal(name: \"cat\") [graph] at MyApp/Pets.swift:12"])
            #expect(error.registrations.first?.fileID == "MyApp/Pets.swift")
            #expect(error.registrations.first?.line == 12)
        }
    }

    @Test("loggingFunction is an optional @Sendable (String) -> Void")
    func loggingFunctionType() {
        let current: (@Sendable (String) -> Void)? = Container.loggingFunction
        let same: Container.LoggingFunction? = current
        #expect((same == nil) == (current == nil))
    }

    @Test("a resolve cycle is reported, not a fatalError at depth 200")
    func cycleIsReported() {
        final class Loop {
            init(next: Loop) {}
        }
        let container = Container()
        container.register(Loop.self) { r in Loop(next: try r.require(Loop.self)) }
        #expect(container.resolve(Loop.self) == nil)
        #expect(throws: ResolutionError.self) { try container.require(Loop.self) }
    }

    @Test("initCompleted closures may throw; the error fails the resolution")
    func throwingInitCompleted() {
        struct Invalid: Error {}
        let container = Container()
        container.register(Cat.self) { _ in Cat() }.initCompleted { _, _ in throw Invalid() }
        #expect(container.resolve(Cat.self) == nil)
    }

    @Test("description lists a forwarded type under its own name, with the registered type after the arrow")
    func forwardedDescription() {
        let container = Container()
        container.register(Cat.self) { _ in Cat() }.implements((any Animal).self)
        #expect(
            container.description == """
                [
                    { Service: Animal, Factory: Resolver -> Cat, ObjectScope: graph },
                    { Service: Cat, Factory: Resolver -> Cat, ObjectScope: graph }
                ]
                """
        )
    }
}
