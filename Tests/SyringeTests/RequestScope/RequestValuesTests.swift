import Syringe
import Testing

private struct RequestID: Sendable, Equatable {
    let value: String
}

private final class AuditLog: Sendable {
    let request: RequestID
    init(request: RequestID) { self.request = request }
}

@Suite("Request values: keys and types each request provides, with no default")
struct RequestValuesTests {
    @Test("a key declared providedByRequest answers the value the running scope provides")
    func declaredKey() throws {
        let container = Container()
        let ada = try RequestScope().provide(.requestUser, RequestUser(name: "ada")).run { try container[.requestUser] }
        let bob = try RequestScope().provide(.requestUser, RequestUser(name: "bob")).run { try container[.requestUser] }
        #expect(ada == RequestUser(name: "ada"))
        #expect(bob == RequestUser(name: "bob"))
    }

    @Test("a named key answers only the value provided under its name")
    func namedKey() throws {
        let container = Container()
        let scope = RequestScope()
            .provide(.requestUser, RequestUser(name: "ada"))
            .provide(.adminUser, RequestUser(name: "root"))
        try scope.run { () throws in
            #expect(try container[.adminUser] == RequestUser(name: "root"))
            #expect(try container[.requestUser] == RequestUser(name: "ada"))
        }
    }

    @Test("a later value for the same key replaces the earlier")
    func replacedValue() throws {
        let container = Container()
        let scope = RequestScope().provide(.requestUser, RequestUser(name: "ada"))
        scope.provide(.requestUser, RequestUser(name: "eve"))
        #expect(try scope.run { try container[.requestUser] } == RequestUser(name: "eve"))
    }

    @Test("outside any scope, or in a scope that does not provide it, the error says which and how to fix it")
    func missingValue() {
        let container = Container()
        let outside = #expect(throws: ResolutionError.self) { try container[.requestUser] }
        #expect(outside?.code == .notProvidedByRequest)
        #expect(outside?.description.contains("no request scope is running") == true)
        let inside = #expect(throws: ResolutionError.self) { try RequestScope().run { try container[.requestUser] } }
        #expect(inside?.code == .notProvidedByRequest)
        #expect(inside?.description.contains("the running request scope does not provide it") == true)
        #expect(inside?.description.contains("provide(") == true)
    }

    @Test("a service made from a request value, through the path")
    func dependentService() throws {
        let container = Container()
        let work = try RequestScope().provide(.requestUser, RequestUser(name: "ada")).run { try container[.unitOfWork] }
        #expect(work.user == RequestUser(name: "ada"))
        let error = #expect(throws: ResolutionError.self) { try RequestScope().run { try container[.unitOfWork] } }
        #expect(error?.code == .notProvidedByRequest)
        #expect(error?.path.map { "\($0)" } == ["UnitOfWork", "RequestUser"])
    }

    @Test("a type registered as provided by the request answers the value provided for it")
    func registeredType() throws {
        let container = Container()
        container.registerProvidedByRequest(RequestID.self)
        container.register(AuditLog.self) { r in AuditLog(request: try r.require(RequestID.self)) }
            .inObjectScope(.request)
        let log = try RequestScope().provide(RequestID.self, RequestID(value: "abc")).run {
            try container.require(AuditLog.self)
        }
        #expect(log.request == RequestID(value: "abc"))
        #expect(try ResolutionError.code { try container.require(RequestID.self) } == .notProvidedByRequest)
    }

    @Test("awaited resolves and child tasks read the request's values")
    func awaited() async throws {
        let container = Container()
        try await RequestScope().provide(.requestUser, RequestUser(name: "ada")).run { () async throws in
            #expect(try await container.async[.requestUser] == RequestUser(name: "ada"))
            let fromChild = try await Task { try await container.async[.unitOfWork].user }.value
            #expect(fromChild == RequestUser(name: "ada"))
        }
        #expect(
            try await ResolutionError.code { try await container.async[.requestUser] } == .notProvidedByRequest)
    }

    @Test("a test registers a value for the key, which answers without a scope")
    func overriddenInATest() throws {
        let container = Container()
        container.register(.requestUser) { _ in RequestUser(name: "sample") }
        #expect(try container[.requestUser] == RequestUser(name: "sample"))
    }
}
