import Syringe
import Testing

/// The samples of Documentation/RegistrationAndResolution.md.
@Suite("Documentation: registration and resolution")
struct RegistrationAndResolutionSamples {
    protocol Animal {
        var name: String { get }
    }

    protocol Pet {}

    final class Cat: Animal, Pet {
        let name: String
        init(name: String) { self.name = name }
    }

    final class Dog: Animal {
        let name: String
        init(name: String) { self.name = name }
    }

    final class PetOwner {
        let pet: any Animal
        init(pet: any Animal) { self.pet = pet }
    }

    struct Forecast {
        let city: String
    }

    struct MissingConfiguration: Error {}

    @Test("a registered service resolves, with its dependencies resolved through the factory's resolver")
    func registerAndResolve() throws {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.register(PetOwner.self) { r in
            PetOwner(pet: r.resolve((any Animal).self)!)
        }

        let owner = container.resolve(PetOwner.self)!
        #expect(owner.pet.name == "Mimi")
        #expect(owner.pet is Cat)
    }

    @Test("a Container can be built and filled in one expression")
    func registeringClosure() {
        let container = Container { c in
            c.register((any Animal).self) { _ in Cat(name: "Mimi") }
        }
        #expect(container.resolve((any Animal).self)?.name == "Mimi")
    }

    @Test("names tell apart registrations of the same type")
    func names() {
        let container = Container()
        container.register((any Animal).self, name: "cat") { _ in Cat(name: "Mimi") }
        container.register((any Animal).self, name: "dog") { _ in Dog(name: "Hachi") }

        let cat = container.resolve((any Animal).self, name: "cat")
        let dog = container.resolve((any Animal).self, name: "dog")
        #expect(cat?.name == "Mimi")
        #expect(dog?.name == "Hachi")
        #expect(container.resolve((any Animal).self) == nil)
    }

    @Test("require returns the service or throws a ResolutionError that says why")
    func requireThrows() throws {
        let line = #line + 2
        let container = Container()
        container.register((any Animal).self, name: "cat") { _ in Cat(name: "Mimi") }

        let cat = try container.require((any Animal).self, name: "cat")
        #expect(cat.name == "Mimi")

        do {
            _ = try container.require((any Animal).self, name: "kat")
            Issue.record("require should have thrown")
        } catch {
            guard case .nameMismatch(let suggestion) = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(suggestion == "cat")
            #expect(
                error.description == """
                    Syringe: cannot resolve Animal(name: "kat"): Animal has no registration named "kat".
                      Registered for Animal:
                        Animal(name: "cat") [graph] at SyringeTests/RegistrationAndResolutionSamples.swift:\(line)
                      Did you mean "cat"?
                    """
            )
        }
    }

    @Test("a failure deep in the graph names the whole resolution path")
    func pathInMessage() {
        let container = Container()
        container.register(PetOwner.self) { r in
            PetOwner(pet: try r.require((any Animal).self, name: "dog"))
        }

        #expect(container.resolve(PetOwner.self) == nil)
        #expect(throws: ResolutionError.self) { try container.require(PetOwner.self) }
        do {
            _ = try container.require(PetOwner.self)
        } catch {
            #expect(error.path.map(\.description) == ["PetOwner", "Animal(name: \"dog\")"])
            #expect(
                error.description == """
                    Syringe: cannot resolve PetOwner: nothing is registered for Animal.
                      Resolution path: PetOwner -> Animal(name: "dog")
                      Registered for Animal: nothing
                      To fix: register it, e.g. container.register(Animal.self) { r in … }.
                    """
            )
        }
    }

    @Test("an error thrown by a factory reaches require callers as factoryFailed")
    func throwingFactory() {
        let container = Container()
        container.register(Forecast.self) { _ in throw MissingConfiguration() }

        #expect(container.resolve(Forecast.self) == nil)
        do {
            _ = try container.require(Forecast.self)
            Issue.record("require should have thrown")
        } catch {
            guard case .factoryFailed(let underlying) = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(underlying is MissingConfiguration)
        }
    }

    @Test("registering the same type, name and argument types again replaces the registration")
    func replacing() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.register((any Animal).self) { _ in Dog(name: "Hachi") }

        #expect(container.resolve((any Animal).self)?.name == "Hachi")
        #expect(container.description.split(separator: "\n").count == 3)  // "[", one registration, "]"
    }

    @Test("hasAnyRegistration looks at the type and name, whatever the arguments")
    func hasAnyRegistration() {
        let container = Container()
        container.register((any Animal).self, name: "cat") { _, name in Cat(name: name) }

        #expect(container.hasAnyRegistration(of: (any Animal).self, name: "cat"))
        #expect(!container.hasAnyRegistration(of: (any Animal).self))
        #expect(!container.hasAnyRegistration(of: PetOwner.self))
    }

    @Test("implements makes one registration answer other types")
    func typeForwarding() {
        let container = Container()
        container.register(Cat.self) { _ in Cat(name: "Mimi") }
            .inObjectScope(.container)
            .implements((any Animal).self)
            .implements((any Pet).self, name: "pet")

        let cat = container.resolve(Cat.self)
        let animal = container.resolve((any Animal).self)
        let pet = container.resolve((any Pet).self, name: "pet")
        #expect(cat != nil)
        #expect(animal as? Cat === cat)
        #expect(pet as? Cat === cat)
    }

    @Test("a registration of a protocol answers for the concrete type it is forwarded as, as as? does")
    func narrowingForward() {
        let container = Container()
        let animal = container.register((any Animal).self) { _ in Dog(name: "Rex") }
        container.forward(Dog.self, to: animal)
        #expect(container.resolve(Dog.self)?.name == "Rex")
        container.forward(Cat.self, to: animal)
        #expect(container.resolve(Cat.self) == nil)
        #expect {
            try container.require(Cat.self)
        } throws: { error in
            guard let error = error as? ResolutionError, case .wrongInstanceType = error.kind else { return false }
            return true
        }
    }

    @Test("description lists the registrations, sorted, one a line")
    func description() {
        let container = Container()
        container.register((any Animal).self, name: "cat") { _ in Cat(name: "Mimi") }
        container.register((any Animal).self) { _, name in Dog(name: name) }
        container.register(PetOwner.self) { r in PetOwner(pet: r.resolve((any Animal).self, name: "cat")!) }
            .inObjectScope(.container)
            .initCompleted { _, _ in }

        #expect(
            container.description == """
                [
                    { Service: Animal, Factory: (Resolver, String) -> Animal, ObjectScope: graph },
                    { Service: Animal, Name: "cat", Factory: Resolver -> Animal, ObjectScope: graph },
                    { Service: PetOwner, Factory: Resolver -> PetOwner, ObjectScope: container, InitCompleted: Specified 1 closures }
                ]
                """
        )
    }

    @Test("removeAll forgets every registration of the container")
    func removeAll() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat(name: "Mimi") }
        container.removeAll()
        #expect(container.resolve((any Animal).self) == nil)
        #expect(container.description == "[\n]")
    }

    @Test("a failed resolve returns nil; the message it logs is the description require throws")
    func loggedMessage() {
        // Container.loggingFunction is process-wide and Core/LoggingTests swaps it; this sample reads the
        // message through require (the optional resolve logs exactly `error.description`) instead of
        // installing a sink that a concurrently running suite could replace.
        struct LoggingSampleService {}
        let container = Container()
        #expect(container.resolve(LoggingSampleService.self) == nil)
        #expect(throws: ResolutionError.self) { try container.require(LoggingSampleService.self) }
        do {
            _ = try container.require(LoggingSampleService.self)
        } catch {
            #expect(
                error.description == """
                    Syringe: cannot resolve LoggingSampleService: nothing is registered for LoggingSampleService.
                      Registered for LoggingSampleService: nothing
                      To fix: register it, e.g. container.register(LoggingSampleService.self) { r in … }.
                    """
            )
        }
    }

    @Test("a logging function is a @Sendable closure taking the message")
    func loggingFunctionShape() {
        let recorder = SampleRecorder()
        let sink: Container.LoggingFunction = { message in recorder.record(message) }
        let assignable: (@Sendable (String) -> Void)? = sink
        assignable?("Syringe: example")
        #expect(recorder.all == ["Syringe: example"])
    }

    protocol URLSessionProtocol: AnyObject, Sendable {}
    final class FakeSession: URLSessionProtocol {}

    @Test("values and instances register without a closure and resolve by name")
    func valuesAndInstances() throws {
        let container = Container()
        let shared = FakeSession()
        container.register(value: 5, name: "retries")
        container.register(value: "https://api.example.com", name: "base")
        container.register(instance: shared, as: (any URLSessionProtocol).self)
        #expect(try container.require(Int.self, name: "retries") == 5)
        #expect(container.resolve(String.self, name: "base") == "https://api.example.com")
        #expect(container.resolve((any URLSessionProtocol).self) === shared)
        container.register(value: 7, name: "retries").inObjectScope(.container)
        #expect(container.resolve(Int.self, name: "retries") == 7)
        #expect(throws: Never.self) { try container.verify() }
    }
}
