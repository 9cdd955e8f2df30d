import Syringe
import Testing

private protocol Animal: AnyObject {}
private protocol Pet: AnyObject {}
private final class Cat: Animal, Pet {
    var steps: [String] = []
}
private final class Rock {}

@Suite("The fluent ServiceEntry")
struct ServiceEntryTests {
    @Test("initCompleted closures all run, in the order added")
    func initCompletedRunsInOrder() {
        let container = Container()
        container.register(Cat.self) { _ in Cat() }
            .initCompleted { _, cat in cat.steps.append("first") }
            .initCompleted { _, cat in cat.steps.append("second") }
        #expect(container.resolve(Cat.self)?.steps == ["first", "second"])
    }

    @Test("initCompleted added without chaining still applies")
    func unchainedConfiguration() {
        let container = Container()
        let entry = container.register(Cat.self) { _ in Cat() }
        entry.inObjectScope(.container)
        entry.initCompleted { _, cat in cat.steps.append("done") }
        let cat = container.resolve(Cat.self)
        #expect(cat === container.resolve(Cat.self))
        #expect(cat?.steps == ["done"])
    }

    @Test("implements forwards types to the same registration and instances")
    func implementsForwardsTypes() {
        let container = Container()
        container.register(Cat.self) { _ in Cat() }
            .inObjectScope(.container)
            .implements((any Animal).self, (any Pet).self)
            .implements((any Animal).self, name: "named")
        let cat = container.resolve(Cat.self)
        #expect(cat != nil)
        #expect(container.resolve((any Animal).self) === cat)
        #expect(container.resolve((any Pet).self) === cat)
        #expect(container.resolve((any Animal).self, name: "named") === cat)
    }

    @Test("Forwarded types share the graph instance within one resolve")
    func forwardedShareGraph() {
        final class Holder {
            let animal: any Animal
            let cat: Cat
            init(animal: any Animal, cat: Cat) {
                self.animal = animal
                self.cat = cat
            }
        }
        let container = Container()
        container.register(Cat.self) { _ in Cat() }.implements((any Animal).self)
        container.register(Holder.self) { r in Holder(animal: r.resolve((any Animal).self)!, cat: r.resolve(Cat.self)!)
        }
        let holder = container.resolve(Holder.self)
        #expect(holder?.animal === holder?.cat)
    }

    @Test("forward(_:name:to:) on the container forwards a type")
    func forwardOnContainer() {
        let container = Container()
        let entry = container.register(Cat.self) { _ in Cat() }
        container.forward((any Pet).self, name: "p", to: entry)
        #expect(container.resolve((any Pet).self, name: "p") is Cat)
    }

    @Test("Forwarding to an unrelated type is reported as a wrong instance type")
    func forwardingToUnrelatedType() throws {
        let container = Container()
        container.register(Rock.self) { _ in Rock() }.implements((any Animal).self)
        #expect(container.resolve((any Animal).self) == nil)
        let error = try #require(throws: ResolutionError.self) { try container.require((any Animal).self) }
        guard case .wrongInstanceType(let actual) = error.kind else {
            Issue.record("kind is \(error.kind)")
            return
        }
        #expect(ObjectIdentifier(actual) == ObjectIdentifier(Rock.self))
        #expect(error.description.contains("the instance it made (Rock) cannot be cast to Animal"))
    }

    @Test("A copy of an entry configures the same registration, also after the container's other handles are gone")
    func copiesConfigureOneRegistration() {
        var container: Container? = Container()
        let entry = container!.register(Cat.self) { _ in Cat() }
        let copy = entry
        copy.inObjectScope(.container)
        entry.initCompleted { _, cat in cat.steps.append("configured") }
        // The entry keeps its container: configuring and forwarding through it still work.
        weak let weakContainer = container
        container = nil
        copy.implements((any Pet).self)
        let cat = weakContainer?.resolve(Cat.self)
        #expect(cat?.steps == ["configured"])
        #expect(weakContainer?.resolve((any Pet).self) === cat)
        withExtendedLifetime(entry) {}
    }

    @Test("serviceType and argumentsType describe plain, argument, async and main-actor registrations")
    func entryPropertiesOfEveryKind() {
        let container = Container()
        let plain = container.register(Cat.self) { _ in Cat() }
        #expect(ObjectIdentifier(plain.serviceType) == ObjectIdentifier(Cat.self))
        #expect(ObjectIdentifier(plain.argumentsType) == ObjectIdentifier((any Resolver).self))
        let two = container.register(Cat.self) { (_, _: Int, _: String) in Cat() }
        #expect(ObjectIdentifier(two.argumentsType) == ObjectIdentifier((any Resolver, Int, String).self))
        let async = container.register(Rock.self, name: "async") { (_: any AsyncResolver) async in Rock() }
        #expect(ObjectIdentifier(async.argumentsType) == ObjectIdentifier((any Resolver).self))
        let main = container.register(Rock.self, name: "main", isolatedTo: MainActor.self) { (_, _: Int) in Rock() }
        #expect(ObjectIdentifier(main.argumentsType) == ObjectIdentifier((any Resolver, Int).self))
    }

    @Test("serviceType and argumentsType describe the registration")
    func entryProperties() {
        let container = Container()
        let entry = container.register(Cat.self) { (_, _: Int) in Cat() }
        #expect(ObjectIdentifier(entry.serviceType) == ObjectIdentifier(Cat.self))
        #expect(ObjectIdentifier(entry.argumentsType) == ObjectIdentifier((any Resolver, Int).self))
    }
}
