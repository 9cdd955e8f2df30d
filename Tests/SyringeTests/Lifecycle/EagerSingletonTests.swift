import Syringe
import Testing

private struct Broken: Error {}

@Suite("Eager singletons")
struct EagerSingletonTests {
    @Test("startEagerSingletons makes every eager singleton, in the order they were marked")
    func start() throws {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self, name: "lazy") { _ in
            log.append("made lazy")
            return Resource("lazy", log: log)
        }.inObjectScope(.container)
        container.register(Resource.self, name: "b") { _ in
            log.append("made b")
            return Resource("b", log: log)
        }.inObjectScope(.container).eager()
        container.register(Resource.self, name: "a") { _ in
            log.append("made a")
            return Resource("a", log: log)
        }.inObjectScope(.container).eager()

        try container.startEagerSingletons()
        try container.startEagerSingletons()  // already made: nothing happens

        #expect(log.entries == ["made b", "made a"])
    }

    @Test("eager marks on scopes that keep nothing have no effect")
    func nonSharedScopes() throws {
        let counter = CallCounter()
        let container = Container()
        container.register(Resource.self) { _ in
            counter.increment()
            return Resource("graph", log: DisposalLog())
        }.eager()

        try container.startEagerSingletons()

        #expect(counter.value == 0)
    }

    @Test("a failing eager singleton is reported with its resolution error")
    func failure() {
        let container = Container()
        container.register(Resource.self) { _ throws -> Resource in throw Broken() }.inObjectScope(.container).eager()

        let error = #expect(throws: ResolutionError.self) { try container.startEagerSingletons() }
        guard case .factoryFailed(let underlying) = error?.kind else {
            Issue.record("expected a factory failure, got \(String(describing: error))")
            return
        }
        #expect(underlying is Broken)
        #expect(error?.request.serviceType == Resource.self)
    }

    @Test("an eager registration with runtime arguments is an argument mismatch")
    func withArguments() {
        let container = Container()
        container.register(Resource.self) { (_, name: String) in Resource(name, log: DisposalLog()) }
            .inObjectScope(.container).eager()

        let error = #expect(throws: ResolutionError.self) { try container.startEagerSingletons() }
        #expect(error?.kind.isArgumentMismatch == true)
    }

    @Test("an unregistered eager singleton is no longer made")
    func unregistered() throws {
        let counter = CallCounter()
        let container = Container()
        container.register(Resource.self) { _ in
            counter.increment()
            return Resource("gone", log: DisposalLog())
        }.inObjectScope(.container).eager()
        container.unregister(Resource.self)

        try container.startEagerSingletons()

        #expect(counter.value == 0)
    }
}

extension ResolutionError.Kind {
    fileprivate var isArgumentMismatch: Bool {
        if case .argumentMismatch = self { return true }
        return false
    }
}
