import Syringe
import Testing

private final class Heavy {
    let id: Int
    init(id: Int) { self.id = id }
}

private final class Session {}

private final class Screen {
    let session: Session
    let lazyHeavy: Lazy<Heavy>
    let heavyProvider: Provider<Heavy>
    let lazySession: Lazy<Session>
    let graph: GraphIdentifier

    init(
        session: Session, lazyHeavy: Lazy<Heavy>, heavyProvider: Provider<Heavy>, lazySession: Lazy<Session>,
        graph: GraphIdentifier
    ) {
        self.session = session
        self.lazyHeavy = lazyHeavy
        self.heavyProvider = heavyProvider
        self.lazySession = lazySession
        self.graph = graph
    }
}

@Suite("Lazy, Provider, Optional and object graphs")
struct DelayedInjectionTests {
    private func makeContainer(calls: CallCounter) -> Container {
        let container = Container()
        container.register(Heavy.self) { _ in
            calls.increment()
            return Heavy(id: calls.value)
        }
        container.register(Session.self) { _ in Session() }
        container.register(Screen.self) { r in
            Screen(
                session: r.resolve(Session.self)!,
                lazyHeavy: r.resolve(Lazy<Heavy>.self)!,
                heavyProvider: r.resolve(Provider<Heavy>.self)!,
                lazySession: r.resolve(Lazy<Session>.self)!,
                graph: r.resolve(GraphIdentifier.self)!
            )
        }
        return container
    }

    @Test("Lazy resolves on first access and keeps the instance")
    func lazyResolvesOnce() throws {
        let calls = CallCounter()
        let container = makeContainer(calls: calls)
        let screen = try #require(container.resolve(Screen.self))
        #expect(calls.value == 0)
        let first = screen.lazyHeavy.instance
        #expect(calls.value == 1)
        #expect(screen.lazyHeavy.instance === first)
        #expect(try screen.lazyHeavy.require() === first)
        #expect(calls.value == 1)
    }

    @Test("Lazy resolves in the graph of the resolve that made it")
    func lazySharesGraph() throws {
        let container = makeContainer(calls: CallCounter())
        let screen = try #require(container.resolve(Screen.self))
        #expect(screen.lazySession.instance === screen.session)
    }

    @Test("Provider resolves anew on every access")
    func providerResolvesEachTime() throws {
        let calls = CallCounter()
        let container = makeContainer(calls: calls)
        let screen = try #require(container.resolve(Screen.self))
        let first = screen.heavyProvider.instance
        let second = screen.heavyProvider.instance
        #expect(first !== second)
        #expect(calls.value == 2)
    }

    @Test("Lazy and Provider pass the request's name and arguments on")
    func wrappersKeepNameAndArguments() throws {
        let container = Container()
        container.register(Heavy.self, name: "big") { (_, id: Int) in Heavy(id: id) }
        let lazy = try #require(container.resolve(Lazy<Heavy>.self, name: "big", argument: 42))
        #expect(lazy.instance.id == 42)
        let provider = try #require(container.resolve(Provider<Heavy>.self, name: "big", argument: 7))
        #expect(provider.instance.id == 7)
    }

    @Test("Lazy and Provider of an unregistered type do not resolve")
    func wrappersOfUnregisteredType() throws {
        let container = Container()
        #expect(container.resolve(Lazy<Heavy>.self) == nil)
        #expect(container.resolve(Provider<Heavy>.self) == nil)
        let error = try #require(throws: ResolutionError.self) { try container.require(Lazy<Heavy>.self) }
        #expect(error.request == ServiceRequest(serviceType: Heavy.self))
    }

    @Test("A Lazy whose container is gone throws containerReleased from require")
    func lazyOutlivingContainer() throws {
        var container: Container? = Container()
        container?.register(Heavy.self) { _ in Heavy(id: 1) }
        let lazy = try #require(container?.resolve(Lazy<Heavy>.self))
        container = nil
        let error = try #require(throws: ResolutionError.self) { try lazy.require() }
        guard case .containerReleased = error.kind else {
            Issue.record("kind is \(error.kind)")
            return
        }
    }

    @Test("Optional of a registered type resolves to the service; of an unregistered one, to a nil inside")
    func optionalWrapper() throws {
        let container = Container()
        container.register(Heavy.self) { _ in Heavy(id: 5) }
        let some = try #require(container.resolve(Heavy?.self))
        #expect(some?.id == 5)
        let none = try #require(container.resolve(Session?.self))
        #expect(none == nil)
    }

    @Test("withObjectGraph shares graph-scoped instances with an earlier resolve")
    func withObjectGraph() throws {
        let container = makeContainer(calls: CallCounter())
        let screen = try #require(container.resolve(Screen.self))
        let session = container.withObjectGraph(screen.graph) { $0.resolve(Session.self) }
        #expect(session === screen.session)
        #expect(container.resolve(Session.self) !== screen.session)
    }

    @Test("A new GraphIdentifier makes resolves in its closure share one graph")
    func freshGraphShared() {
        let container = Container()
        container.register(Session.self) { _ in Session() }
        let graph = GraphIdentifier()
        let (first, second) = container.withObjectGraph(graph) { c in (c.resolve(Session.self), c.resolve(Session.self))
        }
        #expect(first != nil)
        #expect(first === second)
        #expect(graph == graph)
        #expect(graph != GraphIdentifier())
    }

    @Test("A Lazy read from several threads at once gives every thread the same instance")
    func lazyReadFromThreads() throws {
        final class Counted: Sendable {}
        for _ in 0..<200 {
            let made = CallCounter()
            let container = Container()
            container.register(Counted.self) { _ in
                made.increment()
                return Counted()
            }
            let lazy = try container.require(Lazy<Counted>.self)
            let seen = Collected<ObjectIdentifier>()
            #expect(ThreadRunner.run(threads: 4) { _ in seen.append(ObjectIdentifier(lazy.instance)) })
            #expect(Set(seen.all).count == 1)
            // Threads racing on the first read may each run the factory; the first instance stored is everyone's.
            #expect(made.value >= 1)
        }
    }

    @Test("Optional of an unregistered type is nil inside, with no failure and no log message")
    func optionalOfUnregisteredLogsNothing() throws {
        final class NeverRegisteredForOptional {}
        let container = Container()
        let logged = try loggedMessages(containing: "NeverRegisteredForOptional") {
            let missing = try container.require(NeverRegisteredForOptional?.self)
            #expect(missing == nil)
            #expect(container.resolve(NeverRegisteredForOptional?.self) != nil)  // .some(nil)
        }
        #expect(logged.isEmpty)
    }

    @Test("A Provider of a replaced .container registration makes a new instance on each read")
    func providerOfReplacedSingleton() throws {
        let container = Container()
        container.register(Session.self) { _ in Session() }.inObjectScope(.container)
        let sessions = try container.require(Provider<Session>.self)
        #expect(sessions.instance === sessions.instance)
        container.register(Session.self) { _ in Session() }.inObjectScope(.container)
        #expect(sessions.instance !== sessions.instance)
    }
}
