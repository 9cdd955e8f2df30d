import Syringe
import Testing

private final class Bird {}
private protocol Flyer {}
extension Bird: Flyer {}

/// Logs registrations and removals.
private struct RecordingBehavior: Behavior {
    let log: DisposalLog

    func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        log.append("+\(type)\(name.map { ":\($0)" } ?? "")")
    }

    func container(_ container: Container, didUnregister registration: RegistrationDescription) {
        log.append("-\(registration.request.serviceType)\(registration.request.name.map { ":\($0)" } ?? "")")
    }
}

/// Written for Swinject: knows nothing of removals.
private struct LegacyBehavior: Behavior {
    let log: DisposalLog

    func container<Type, Service>(
        _ container: Container, didRegisterType type: Type.Type, toService entry: ServiceEntry<Service>,
        withName name: String?
    ) {
        log.append("legacy +\(type)")
    }
}

@Suite("Behaviors and unregistration")
struct UnregistrationBehaviorTests {
    @Test("behaviors hear of each removed key, forwarded types included")
    func hearsRemovals() {
        let log = DisposalLog()
        let container = Container(behaviors: [RecordingBehavior(log: log)])
        container.register(Bird.self, name: "robin") { _ in Bird() }.implements((any Flyer).self)

        container.unregister(Bird.self, name: "robin")

        #expect(log.entries == ["+Bird:robin", "+Flyer", "-Bird:robin", "-Flyer"])
    }

    @Test("removeAll tells behaviors too")
    func removeAll() {
        let log = DisposalLog()
        let container = Container()
        container.register(Bird.self) { _ in Bird() }
        container.addBehavior(RecordingBehavior(log: log))

        container.removeAll()

        #expect(log.entries == ["-Bird"])
        #expect(container.resolve(Bird.self) == nil)
    }

    @Test("a behavior without the removal hook compiles and keeps working")
    func legacy() {
        let log = DisposalLog()
        let container = Container(behaviors: [LegacyBehavior(log: log)])
        container.register(Bird.self) { _ in Bird() }

        #expect(container.unregister(Bird.self))
        #expect(log.entries == ["legacy +Bird"])
    }
}
