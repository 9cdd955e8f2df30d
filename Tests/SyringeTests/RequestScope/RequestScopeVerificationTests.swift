import Syringe
import Testing

private final class Ledger: Sendable {}

private final class LedgerCache: Sendable {
    let ledger: Ledger
    init(ledger: Ledger) { self.ledger = ledger }
}

@Suite("Request scope: verification and the dependency graph")
struct RequestScopeVerificationTests {
    @Test("verify(keys:) outside a request lists the request values and what needs them, and passes")
    func verifyKeysOutsideARequest() throws {
        let container = Container()
        let report = try container.verify(keys: [ServiceKeys.requestUser, ServiceKeys.unitOfWork])
        let listed = report.providedByRequest.map { "\($0.request)" }.sorted()
        #expect(listed == ["RequestUser", "UnitOfWork"])
        #expect(report.description.contains("values each request provides"))
    }

    @Test("verify inside a request scope checks them with the values it provides")
    func verifyInsideARequest() throws {
        let container = Container()
        let report = try RequestScope().provide(.requestUser, RequestUser(name: "sample")).run {
            try container.verify(keys: [ServiceKeys.requestUser, ServiceKeys.unitOfWork])
        }
        #expect(report.providedByRequest.isEmpty)
        #expect(report.verified.map { "\($0.request)" }.sorted() == ["RequestUser", "UnitOfWork"])
    }

    @Test("a request scope that does not provide a value fails verification")
    func verifyInsideARequestMissingAValue() {
        let container = Container()
        let error = #expect(throws: VerificationError.self) {
            try RequestScope().run { try container.verify(keys: [ServiceKeys.unitOfWork]) }
        }
        #expect(error?.failures.map(\.code) == [.notProvidedByRequest])
    }

    @Test("verify() of a registered request value and a request-scoped service needs no sample request")
    func verifyRegistrations() throws {
        let container = Container()
        container.registerProvidedByRequest(RequestUser.self)
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        let report = try container.verify()
        #expect(report.verified.map { "\($0.request)" } == ["Ledger"])
        #expect(report.providedByRequest.map { "\($0.request)" } == ["RequestUser"])
    }

    @Test("a singleton that keeps a request-scoped service is a captive dependency")
    func captiveRequestService() {
        let container = Container()
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        container.register(LedgerCache.self) { r in LedgerCache(ledger: try r.require(Ledger.self)) }
            .inObjectScope(.container)
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.captiveDependencies.map { "\($0.captured.request)" } == ["Ledger"])
        #expect(error?.captiveDependencies.first?.captured.scope == "request")
    }

    @Test("a singleton that keeps a request value is a captive dependency")
    func captiveRequestValue() {
        let container = Container()
        container.register(LedgerCache.self) { r in
            _ = try r[.requestUser]
            return LedgerCache(ledger: Ledger())
        }.inObjectScope(.container)
        let error = #expect(throws: VerificationError.self) {
            try RequestScope().provide(.requestUser, RequestUser(name: "sample")).run {
                try container.verify(keys: [ServiceKeys.requestUser])
            }
        }
        #expect(error?.captiveDependencies.first?.captured.scope == "providedByRequest")
    }

    @Test("the dependency graph draws request values as provided by the request, with their edges")
    func dependencyGraph() throws {
        let container = Container()
        let graph = container.dependencyGraph(keys: [ServiceKeys.requestUser, ServiceKeys.unitOfWork])
        let user = try #require(graph.nodes.first { $0.key == "requestUser" })
        let work = try #require(graph.nodes.first { $0.key == "unitOfWork" })
        #expect(user.status.label == "provided by request")
        #expect(work.status.label == "provided by request")
        #expect(graph.edges.contains { $0.from == work.id && $0.to == user.id })
    }

    @Test("the awaited verification lists request values as the synchronous one does")
    func awaitedVerification() async throws {
        let container = Container()
        let report = try await container.async.verify(keys: [ServiceKeys.requestUser, ServiceKeys.unitOfWork])
        #expect(report.providedByRequest.map { "\($0.request)" }.sorted() == ["RequestUser", "UnitOfWork"])
    }
}
