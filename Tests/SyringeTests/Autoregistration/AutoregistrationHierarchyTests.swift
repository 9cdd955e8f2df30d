import Syringe
import Testing

private typealias Animal = AutoregistrationFixtures.Animal
private typealias Cat = AutoregistrationFixtures.Cat
private typealias Leash = AutoregistrationFixtures.Leash
private typealias Person = AutoregistrationFixtures.Person
private typealias PetOwner = AutoregistrationFixtures.PetOwner
private typealias Food = AutoregistrationFixtures.Food
private typealias Fish = AutoregistrationFixtures.Fish

/// Autoregisters the owner; its dependencies come from elsewhere.
private struct OwnerModule: Assembly {
    func assemble(container: Container) {
        container.autoregister((any Person).self, initializer: PetOwner.init).inObjectScope(.container)
    }
}

@Suite("autoregister across child containers, modules, threads and verify()")
struct AutoregistrationHierarchyTests {
    @Test("a parent's autoregistration resolved from a child uses the child's dependencies first")
    func childDependencies() throws {
        let parent = Container()
        AutoregistrationFixtures.registerDependencies(in: parent)
        parent.autoregister((any Person).self, initializer: PetOwner.init)
        let child = Container(parent: parent)
        child.register((any Animal).self) { _ in Cat(name: "Child's") }
        let fromChild = try #require(try child.require((any Person).self) as? PetOwner)
        let fromParent = try #require(try parent.require((any Person).self) as? PetOwner)
        #expect(fromChild.pet.name == "Child's")
        #expect(fromParent.pet.name == "Mimi")
    }

    @Test("a child's autoregistration overrides the parent's registration of the same key")
    func childOverrides() throws {
        let parent = Container()
        AutoregistrationFixtures.registerDependencies(in: parent)
        parent.register((any Person).self) { _ in
            PetOwner(pet: Cat(name: "Parent's"), food: Fish(), leash: Leash())
        }
        let child = Container(parent: parent)
        child.autoregister((any Person).self, initializer: PetOwner.init)
        #expect((try child.require((any Person).self) as? PetOwner)?.pet.name == "Mimi")
        #expect((try parent.require((any Person).self) as? PetOwner)?.pet.name == "Parent's")
    }

    @Test("a module's autoregistration is removed when the module is unloaded")
    func moduleUnload() throws {
        let container = Container()
        AutoregistrationFixtures.registerDependencies(in: container)
        try container.load(OwnerModule())
        #expect(container.resolve((any Person).self) != nil)
        #expect(container.unload(OwnerModule.self))
        #expect(container.resolve((any Person).self) == nil)
    }

    @Test("an autoregistered singleton resolved from many threads is made once")
    func singletonOnManyThreads() {
        let container = Container()
        let made = CallCounter()
        container.register((any Animal).self) { _ in
            made.increment()
            return Cat()
        }.inObjectScope(.container)
        container.register((any Food).self) { _ in Fish() }
        container.register(Leash.self) { _ in Leash() }
        container.autoregister((any Person).self, initializer: PetOwner.init).inObjectScope(.container)
        let owners = Collected<ObjectIdentifier>()
        let finished = ThreadRunner.run(threads: 4) { _ in
            for _ in 0..<100 {
                if let owner = container.resolve((any Person).self) { owners.append(ObjectIdentifier(owner)) }
            }
        }
        #expect(finished)
        #expect(owners.all.count == 400)
        #expect(Set(owners.all).count == 1)
        #expect(made.value == 1)
    }

    @Test("transient autoregistrations resolved while other threads register dependencies see whole registrations")
    func resolveWhileRegistering() {
        let container = Container()
        AutoregistrationFixtures.registerDependencies(in: container)
        container.autoregister((any Person).self, initializer: PetOwner.init).inObjectScope(.transient)
        let failures = Collected<String>()
        let finished = ThreadRunner.run(threads: 4) { thread in
            for round in 0..<200 {
                if thread == 0 {
                    container.register((any Animal).self) { _ in Cat(name: "round \(round)") }
                } else if container.resolve((any Person).self) == nil {
                    failures.append("round \(round)")
                }
            }
        }
        #expect(finished)
        #expect(failures.all.isEmpty)
    }

    @Test("verify() reports an autoregistration's missing parameter with its path and note")
    func verifyMissingParameter() {
        let container = Container()
        container.register((any Animal).self) { _ in Cat() }
        container.register(Leash.self) { _ in Leash() }
        container.autoregister((any Person).self, initializer: PetOwner.init)
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let failure = error?.failures.first
        #expect(failure?.path.map(\.description) == ["Person", "Food"])
        #expect(
            failure?.description.contains("Person's initializer could not be given its parameter of type Food") == true)
    }

    @Test("a singleton autoregistration with a transient parameter is a captive dependency")
    func captive() {
        let container = Container()
        AutoregistrationFixtures.registerDependencies(in: container)
        container.register(Leash.self) { _ in Leash() }.inObjectScope(.transient)
        container.autoregister((any Person).self, initializer: PetOwner.init).inObjectScope(.container)
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.captiveDependencies.contains { $0.path.last?.description == "Leash" } == true)
    }

    @Test("an awaited resolution runs a synchronous autoregistration in its graph")
    func awaited() async throws {
        let container = Container()
        AutoregistrationFixtures.registerDependencies(in: container)
        container.autoregister((any Person).self, initializer: PetOwner.init)
        let owner = try await container.async.require((any Person).self)
        #expect((owner as? PetOwner)?.pet.name == "Mimi")
    }
}

@Suite("autoregister and resolveAll in resolution traces")
struct AutoregistrationTraceTests {
    @Test("a trace shows an autoregistered service's parameters as its children")
    func autoregistrationTrace() throws {
        let container = Container()
        AutoregistrationFixtures.registerDependencies(in: container)
        container.autoregister((any Person).self, initializer: PetOwner.init)
        let traced = container.trace((any Person).self)
        #expect(throws: Never.self) { try traced.get() }
        let root = try #require(traced.trace.steps.first)
        #expect(root.request.description == "Person")
        #expect(root.children.map(\.request.description) == ["Animal", "Food", "Leash"])
    }

    @Test("a trace shows each element a factory's resolveAll made")
    func resolveAllTrace() throws {
        final class Zoo: Sendable {
            let animals: [any Animal]
            init(animals: [any Animal]) { self.animals = animals }
        }
        let container = Container()
        container.register((any Animal).self, name: "cat") { _ in Cat(name: "cat") }
        container.register((any Animal).self, name: "tiger") { _ in Cat(name: "tiger") }
        container.autoregister(Zoo.self, initializer: Zoo.init)
        let traced = container.trace(Zoo.self)
        #expect(try traced.get().animals.map(\.name) == ["cat", "tiger"])
        let root = try #require(traced.trace.steps.first)
        #expect(root.children.map(\.request.description) == ["Animal(name: \"cat\")", "Animal(name: \"tiger\")"])
    }
}
