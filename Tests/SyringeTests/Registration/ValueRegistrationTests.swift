import Syringe
import Testing

private protocol SessionProtocol: AnyObject, Sendable {
    var label: String { get }
}

private final class Session: SessionProtocol, Disposable {
    let label: String
    let disposals = CallCounter()
    init(_ label: String) { self.label = label }
    func dispose() { disposals.increment() }
}

private protocol Retrying: Sendable {
    var retries: Int { get }
}

private struct RetryPolicy: Retrying, Equatable {
    let retries: Int
}

private final class Client: Sendable {
    let session: any SessionProtocol
    let retries: Int
    init(session: any SessionProtocol, retries: Int) {
        self.session = session
        self.retries = retries
    }
}

/// Registers a session instance; unloading it must not dispose the session.
private struct SessionModule: Assembly {
    let session: Session

    func assemble(container: Container) {
        container.register(instance: session, as: (any SessionProtocol).self)
        container.register(value: 3, name: "retries")
    }
}

@Suite("register(value:) and register(instance:as:): registrations without a factory")
struct ValueRegistrationTests {
    @Test("a value resolves as itself by name, and a name it lacks is a miss")
    func valueByName() throws {
        let container = Container()
        container.register(value: 5, name: "retries")
        container.register(value: 30, name: "timeout")
        container.register(value: "unnamed")
        #expect(try container.require(Int.self, name: "retries") == 5)
        #expect(container.resolve(Int.self, name: "timeout") == 30)
        #expect(container.resolve(String.self) == "unnamed")
        let error = #expect(throws: ResolutionError.self) { try container.require(Int.self, name: "retrys") }
        guard case .nameMismatch(let suggestion)? = error?.kind else {
            Issue.record("expected a name mismatch, got \(String(describing: error?.kind))")
            return
        }
        #expect(suggestion == "retries")
        #expect(container.resolve(Int.self) == nil)
    }

    @Test("an instance resolves as the given type, always the same instance")
    func instanceAsType() throws {
        let container = Container()
        let shared = Session("shared")
        container.register(instance: shared, as: (any SessionProtocol).self)
        container.register(instance: Session("test"), as: (any SessionProtocol).self, name: "test")
        #expect(try container.require((any SessionProtocol).self) === shared)
        #expect(try container.require((any SessionProtocol).self) === shared)
        #expect(container.resolve((any SessionProtocol).self, name: "test")?.label == "test")
        // Registered as the protocol, not as its concrete type.
        #expect(container.resolve(Session.self) == nil)
        // Without `as:`, the instance's own type.
        container.register(instance: shared)
        #expect(container.resolve(Session.self) === shared)
    }

    @Test("values and instances are injected into factories and forward with implements")
    func injectedAndForwarded() throws {
        let container = Container()
        let shared = Session("shared")
        container.register(instance: shared, as: (any SessionProtocol).self)
            .implements(AnyObject.self, name: "session")
        container.register(value: RetryPolicy(retries: 2)).implements((any Retrying).self)
        container.register(value: 4, name: "retries")
        container.register(Client.self) { r in
            Client(
                session: try r.require((any SessionProtocol).self), retries: try r.require(Int.self, name: "retries"))
        }
        let client = try container.require(Client.self)
        #expect(client.session === shared && client.retries == 4)
        #expect(container.resolve(AnyObject.self, name: "session") === shared)
        #expect(container.resolve((any Retrying).self)?.retries == 2)
        #expect(container.resolveAll((any Retrying).self).count == 1)
    }

    @Test("registering the same type and name again replaces the value")
    func replacement() {
        let container = Container()
        container.register(value: 1, name: "n")
        container.register(value: 2, name: "n")
        #expect(container.resolve(Int.self, name: "n") == 2)
    }

    @Test("inObjectScope leaves a value or instance registration the one instance, shown with its own scope")
    func scopeIsFixed() throws {
        let container = Container()
        let shared = Session("shared")
        let entry = container.register(instance: shared, as: (any SessionProtocol).self)
        entry.inObjectScope(.container).inObjectScope(.weak)
        container.register(value: 7, name: "seven").inObjectScope(.transient)
        #expect(try container.require((any SessionProtocol).self) === shared)
        #expect(container.description.contains("ObjectScope: instance"))
        #expect(container.description.contains("Name: \"seven\""))
        #expect(container.description.contains("ObjectScope: value"))
        container.resetObjectScope(.container)
        #expect(try container.require((any SessionProtocol).self) === shared)
        #expect(shared.disposals.value == 0)
    }

    @Test("error messages describe value and instance registrations with their scope")
    func describedInErrors() {
        let container = Container()
        container.register(value: 5, name: "retries", fileID: "App/Config.swift", line: 7)
        let error = #expect(throws: ResolutionError.self) { try container.require(Int.self, name: "other") }
        #expect(error?.registrations.map(\.description) == ["Int(name: \"retries\") [value] at App/Config.swift:7"])
    }

    @Test("a Disposable instance is never disposed: not by unregister, removeAll, module unload nor shutdown")
    func neverDisposed() throws {
        let session = Session("owned elsewhere")
        let container = Container()
        container.register(instance: session, as: (any SessionProtocol).self).implements(AnyObject.self)
        container.register(instance: session, name: "concrete")
        _ = container.resolve((any SessionProtocol).self)
        _ = container.resolve(Session.self, name: "concrete")
        #expect(container.unregister((any SessionProtocol).self))
        container.removeAll()

        let modular = Container()
        try modular.load(SessionModule(session: session))
        #expect(modular.resolve((any SessionProtocol).self) === session)
        #expect(modular.resolve(Int.self, name: "retries") == 3)
        #expect(modular.unload(SessionModule.self))
        #expect(modular.resolve((any SessionProtocol).self) == nil)

        let shutDown = Container()
        shutDown.register(instance: session, as: (any SessionProtocol).self)
        shutDown.register(value: session, name: "as value")
        _ = shutDown.resolve((any SessionProtocol).self)
        _ = shutDown.resolve(Session.self, name: "as value")
        // For contrast: a singleton the container made is disposed.
        let made = Session("made")
        shutDown.register(Session.self, name: "made") { _ in made }.inObjectScope(.container)
        _ = shutDown.resolve(Session.self, name: "made")
        shutDown.shutdown()
        #expect(session.disposals.value == 0)
        #expect(made.disposals.value == 1)
    }

    @Test("a child resolves its parent's values and may override them")
    func childContainers() {
        let parent = Container()
        parent.register(value: 5, name: "retries")
        parent.register(value: "parent", name: "label")
        let child = Container(parent: parent)
        child.register(value: "child", name: "label")
        #expect(child.resolve(Int.self, name: "retries") == 5)
        #expect(child.resolve(String.self, name: "label") == "child")
        #expect(parent.resolve(String.self, name: "label") == "parent")
    }

    @Test("verify() passes values and instances, and a singleton holding one is no captive dependency")
    func verification() throws {
        let container = Container()
        container.register(instance: Session("s"), as: (any SessionProtocol).self)
        container.register(value: 3, name: "retries")
        container.register(Client.self) { r in
            Client(
                session: try r.require((any SessionProtocol).self), retries: try r.require(Int.self, name: "retries"))
        }.inObjectScope(.container)
        let report = try container.verify()
        let verified = Set(report.verified.map(\.description))
        #expect(verified.contains { $0.hasPrefix("SessionProtocol [instance]") })
        #expect(verified.contains { $0.hasPrefix("Int(name: \"retries\") [value]") })
    }

    @Test("values resolve from many threads while others register more")
    func threads() {
        let container = Container()
        container.register(value: 42, name: "answer")
        let wrong = Collected<Int?>()
        let finished = ThreadRunner.run(threads: 4) { thread in
            for round in 0..<300 {
                if thread == 0 {
                    container.register(value: round, name: "round")
                } else {
                    let answer = container.resolve(Int.self, name: "answer")
                    if answer != 42 { wrong.append(answer) }
                }
            }
        }
        #expect(finished)
        #expect(wrong.all.isEmpty)
        #expect(container.resolve(Int.self, name: "round") == 299)
    }
}
