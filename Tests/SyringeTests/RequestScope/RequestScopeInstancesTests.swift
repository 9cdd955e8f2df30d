import Dispatch
import Syringe
import Testing

private final class Ledger: Sendable {}

private final class LedgerCheckout: Sendable {
    let ledger: Ledger
    init(ledger: Ledger) { self.ledger = ledger }
}

@Suite("Request scope: one instance per running request scope")
struct RequestScopeInstancesTests {
    @Test("resolves inside one scope share the instance; another scope gets its own")
    func oneInstancePerScope() throws {
        let container = Container()
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        let (first, again) = try RequestScope().run {
            (try container.require(Ledger.self), try container.require(Ledger.self))
        }
        let other = try RequestScope().run { try container.require(Ledger.self) }
        #expect(first === again)
        #expect(first !== other)
    }

    @Test("services made in one resolve and in later resolves of the same scope share the request's instance")
    func sharedAcrossResolves() throws {
        let container = Container()
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        container.register(LedgerCheckout.self) { r in LedgerCheckout(ledger: try r.require(Ledger.self)) }
        try RequestScope().run { () throws in
            let checkout = try container.require(LedgerCheckout.self)
            let another = try container.require(LedgerCheckout.self)
            #expect(checkout !== another)
            #expect(checkout.ledger === another.ledger)
            #expect(checkout.ledger === (try container.require(Ledger.self)))
        }
    }

    @Test("a resolve outside any request scope is a typed error that says how to fix it")
    func outsideAnyScope() throws {
        let container = Container()
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        #expect(try ResolutionError.code { try container.require(Ledger.self) } == .outsideRequestScope)
        #expect(container.resolve(Ledger.self) == nil)
        let error = #expect(throws: ResolutionError.self) { try container.require(Ledger.self) }
        #expect(error?.description.contains("no request scope is running") == true)
        #expect(error?.description.contains("RequestScope().run") == true)
    }

    @Test("the error names the path when a dependency is the request-scoped service")
    func outsideScopeThroughDependency() {
        let container = Container()
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        container.register(LedgerCheckout.self) { r in LedgerCheckout(ledger: try r.require(Ledger.self)) }
        let error = #expect(throws: ResolutionError.self) { try container.require(LedgerCheckout.self) }
        #expect(error?.code == .outsideRequestScope)
        #expect(error?.path.map { "\($0)" } == ["LedgerCheckout", "Ledger"])
    }

    @Test("a declared key in the request scope is one instance per request")
    func declaredKey() throws {
        let container = Container()
        let scope = RequestScope().provide(.requestUser, RequestUser(name: "ada"))
        let (first, again) = try scope.run { (try container[.unitOfWork], try container[.unitOfWork]) }
        #expect(first === again)
        #expect(first.user == RequestUser(name: "ada"))
    }

    @Test("a nested scope has its own instances, and the outer one's come back after it")
    func nestedScopes() throws {
        let container = Container()
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        let outer = RequestScope()
        try outer.run { () throws in
            let outerLedger = try container.require(Ledger.self)
            let innerLedger = try RequestScope().run { try container.require(Ledger.self) }
            #expect(innerLedger !== outerLedger)
            #expect(try container.require(Ledger.self) === outerLedger)
            #expect(RequestScope.current === outer)
        }
        #expect(RequestScope.current == nil)
    }

    @Test("an awaited resolve, and child tasks, see the scope and share its instance")
    func awaitedAndChildTasks() async throws {
        let container = Container()
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        try await RequestScope().run { () async throws in
            let ledger = try await container.async.require(Ledger.self)
            let fromChildren = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<8 {
                    group.addTask { ObjectIdentifier(try await container.async.require(Ledger.self)) }
                }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(fromChildren == [ObjectIdentifier(ledger)])
            #expect(try container.require(Ledger.self) === ledger)
        }
    }

    @Test("threads racing inside one scope get one instance")
    func racingThreads() throws {
        let container = Container()
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        let scope = RequestScope()
        let identities = IdentityLog()
        try scope.run {
            let expected = ObjectIdentifier(try container.require(Ledger.self))
            DispatchQueue.concurrentPerform(iterations: 16) { _ in
                // A thread outside any task does not inherit the scope: it runs the same scope itself.
                identities.insert(try? scope.run { ObjectIdentifier(try container.require(Ledger.self)) })
            }
            #expect(identities.all == [expected as ObjectIdentifier?])
        }
    }

    @Test("a task that outlives its scope cannot make request instances no one would dispose")
    func endedScope() async throws {
        let container = Container()
        container.register(Ledger.self) { _ in Ledger() }.inObjectScope(.request)
        let (gate, open) = AsyncStream<Void>.makeStream()
        let late = RequestScope().run {
            // An unstructured task inherits the scope, and here runs on after the scope ended.
            Task {
                for await _ in gate { break }
                return try ResolutionError.code { try container.require(Ledger.self) }
            }
        }
        open.yield()
        #expect(try await late.value == .outsideRequestScope)
    }
}

/// The identities threads saw, collected under a lock.
private final class IdentityLog: @unchecked Sendable {
    // @unchecked Sendable: `identities` is only touched under `lock`.
    private let lock = TestLock()
    private var identities = Set<ObjectIdentifier?>()

    func insert(_ identity: ObjectIdentifier?) { lock.run { _ = identities.insert(identity) } }
    var all: Set<ObjectIdentifier?> { lock.run { identities } }
}
