import Syringe
import Testing

@Suite("Request scope: disposal when the scope ends")
struct RequestScopeDisposalTests {
    @Test("the scope disposes its instances when run returns, newest first")
    func disposedAtTheEnd() throws {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self, name: "connection") { _ in Resource("connection", log: log) }
            .inObjectScope(.request)
        container.register(Resource.self, name: "transaction") { r in
            Resource("transaction", log: log, dependency: try r.require(Resource.self, name: "connection"))
        }.inObjectScope(.request)
        try RequestScope().run {
            _ = try container.require(Resource.self, name: "transaction")
            #expect(log.entries.isEmpty)
        }
        #expect(log.entries == ["transaction", "connection"])
    }

    @Test("the scope disposes its instances when run throws")
    func disposedWhenThrowing() {
        struct Failure: Error {}
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self) { _ in Resource("work", log: log) }.inObjectScope(.request)
        #expect(throws: Failure.self) {
            try RequestScope().run {
                _ = try container.require(Resource.self)
                throw Failure()
            }
        }
        #expect(log.entries == ["work"])
    }

    @Test("a nested run of the same scope leaves the instances to the outermost run")
    func nestedRunOfTheSameScope() throws {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self) { _ in Resource("work", log: log) }.inObjectScope(.request)
        let scope = RequestScope()
        try scope.run {
            let outer = try container.require(Resource.self)
            let inner = try scope.run { try container.require(Resource.self) }
            #expect(inner === outer)
            #expect(log.entries.isEmpty)
        }
        #expect(log.entries == ["work"])
    }

    @Test("the awaited run awaits each AsyncDisposable before it returns")
    func awaitedDisposal() async throws {
        let log = DisposalLog()
        let container = Container()
        container.register(AsyncResource.self) { _ in AsyncResource("flush", log: log) }.inObjectScope(.request)
        try await RequestScope().run {
            _ = try await container.async.require(AsyncResource.self)
        }
        #expect(log.entries == ["flush"])
    }

    @Test("the scope releases its instances when it ends, and a new run makes new ones")
    func releasedAndRemade() throws {
        let container = Container()
        container.register(UnitOfWork.self) { _ in UnitOfWork() }.inObjectScope(.request)
        let scope = RequestScope()
        weak var first: UnitOfWork?
        try scope.run {
            let work = try container.require(UnitOfWork.self)
            first = work
        }
        #expect(first == nil)
        let second = try scope.run { try container.require(UnitOfWork.self) }
        #expect(second.isDisposed)
    }

    @Test("a provided value is the caller's: the scope never disposes it")
    func providedValuesAreNotDisposed() throws {
        let container = Container()
        container.registerProvidedByRequest(UnitOfWork.self)
        let provided = UnitOfWork()
        let scope = RequestScope().provide(UnitOfWork.self, provided)
        #expect(try scope.run { try container.require(UnitOfWork.self) } === provided)
        #expect(!provided.isDisposed)
    }

    @Test("the container's shutdown leaves a running request's instances to the request")
    func containerShutdownDuringRequest() throws {
        let log = DisposalLog()
        let container = Container()
        container.register(Resource.self) { _ in Resource("work", log: log) }.inObjectScope(.request)
        try RequestScope().run {
            _ = try container.require(Resource.self)
            container.shutdown()
            #expect(log.entries.isEmpty)
        }
        #expect(log.entries == ["work"])
    }
}
