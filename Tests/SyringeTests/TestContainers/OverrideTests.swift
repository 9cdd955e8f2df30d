import Syringe
import Testing

@Suite("Scoped overrides: replacements for the length of a closure or until a token ends")
struct OverrideTests {
    @Test("an override replaces a service inside the closure and is gone afterwards, the app never changed")
    func replacesAndRestores() throws {
        let app = makeCheckoutApp()
        let label = try app.withOverrides { c in
            c.register((any Gateway).self) { _ in MockGateway() }
        } operation: { c in
            try c.require(Checkout.self).gateway.label
        }
        #expect(label == "mock")
        #expect(try app.require(Checkout.self).gateway.label == "real")
    }

    @Test("a singleton made before the override is back afterwards; one made during it is not kept")
    func singletonsAroundTheOverride() throws {
        let app = makeCheckoutApp()
        let before = try app.require(Checkout.self)
        let during = try app.withOverrides { c in
            c.register((any Gateway).self) { _ in MockGateway() }
        } operation: { c in
            try c.require(Checkout.self)
        }
        #expect(during !== before)
        #expect(during.gateway.label == "mock")
        #expect(try app.require(Checkout.self) === before)
    }

    @Test("the override's Disposable instances are disposed when it ends; the app's are not")
    func disposesOverrideInstances() throws {
        let log = DisposalLog()
        let app = Container()
        app.register(Resource.self) { _ in Resource("app", log: log) }.inObjectScope(.container)
        _ = try app.require(Resource.self)
        try app.withOverrides { c in
            c.register(Resource.self, name: "mock") { _ in Resource("mock", log: log) }.inObjectScope(.container)
        } operation: { c in
            _ = try c.require(Resource.self, name: "mock")
            _ = try c.require(Resource.self)
        }
        #expect(log.entries.sorted() == ["app", "mock"])  // the override's own copy of the app singleton, and the mock
        log.append("after")
        app.shutdown()
        #expect(log.entries.last == "app")
    }

    @Test("nested overrides see the inner replacement first and unwind in order")
    func nested() throws {
        let app = Container()
        app.register((any Gateway).self) { _ in RealGateway() }
        app.register(String.self) { _ in "app" }
        try app.withOverrides { c in
            c.register((any Gateway).self) { _ in MockGateway("outer") }
        } operation: { outer throws in
            #expect(try outer.require((any Gateway).self).label == "outer")
            try outer.withOverrides { c in
                c.register(String.self) { _ in "inner" }
                c.register((any Gateway).self) { _ in MockGateway("inner") }
            } operation: { inner throws in
                #expect(try inner.require((any Gateway).self).label == "inner")
                #expect(try inner.require(String.self) == "inner")
                #expect(Container.current === inner)
            }
            #expect(Container.current === outer)
            #expect(try outer.require((any Gateway).self).label == "outer")
            #expect(try outer.require(String.self) == "app")
        }
        #expect(Container.current == nil)
        #expect(try app.require((any Gateway).self).label == "real")
    }

    @Test("an override throwing still ends, and the app is unchanged")
    func throwingOperation() {
        struct Failure: Error {}
        let app = makeCheckoutApp()
        #expect(throws: Failure.self) {
            try app.withOverrides { c in
                c.register((any Gateway).self) { _ in MockGateway() }
            } operation: { c in
                _ = c.resolve(Checkout.self)
                throw Failure()
            }
        }
        #expect(app.resolve(Checkout.self)?.gateway.label == "real")
    }

    @Test("an async override is seen by its child tasks and by no other task")
    func asyncOverrideIsTaskLocal() async throws {
        let app = makeCheckoutApp()
        let outside = Task { () -> Bool in
            // Polls while the override runs: it must never see it.
            for _ in 0..<200 {
                if Container.current != nil { return false }
                await Task.yield()
            }
            return true
        }
        let seen = try await app.withOverrides { c in
            c.register((any Gateway).self) { _ in MockGateway() }
        } operation: { c in
            async let child = Container.current?.resolve(Checkout.self)?.gateway.label
            let grouped = await withTaskGroup(of: String?.self) { group in
                group.addTask { Container.current?.resolve((any Gateway).self)?.label }
                return await group.next() ?? nil
            }
            #expect(await child == "mock")
            #expect(grouped == "mock")
            return try c.require(Checkout.self).gateway.label
        }
        #expect(seen == "mock")
        #expect(await outside.value)
        #expect(app.resolve(Checkout.self)?.gateway.label == "real")
    }

    @Test("many parallel tasks each overriding the same service see only their own mock")
    func parallelOverrides() async {
        let app = makeCheckoutApp()
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let label = "task-\(index)"
                    return await app.withOverrides { c in
                        c.register((any Gateway).self) { _ in MockGateway(label) }
                    } operation: { _ in
                        await Task.yield()
                        let checkout = Container.current?.resolve(Checkout.self)
                        await Task.yield()
                        return checkout?.gateway.label == label
                            && Container.current?.resolve((any Gateway).self)?.label == label
                    }
                }
            }
            for await isolated in group { #expect(isolated) }
        }
        #expect(app.resolve(Checkout.self)?.gateway.label == "real")
    }

    @Test("a token's replacements last until it ends, then its container resolves as the app again")
    func token() throws {
        let app = makeCheckoutApp()
        let appCheckout = try app.require(Checkout.self)
        let outer = app.beginOverrides { c in c.register((any Gateway).self) { _ in MockGateway("outer") } }
        let inner = outer.container.beginOverrides { c in
            c.register((any Gateway).self) { _ in MockGateway("inner") }
        }
        #expect(try inner.container.require(Checkout.self).gateway.label == "inner")
        #expect(try outer.container.require(Checkout.self).gateway.label == "outer")
        let whileActive = try outer.container.require(Checkout.self)
        inner.end()
        #expect(try inner.container.require(Checkout.self).gateway.label == "outer")
        outer.end()
        outer.end()
        let after = try outer.container.require(Checkout.self)
        #expect(after !== whileActive)
        #expect(after.gateway.label == "real")
        #expect(try app.require(Checkout.self) === appCheckout)
        outer.withCurrent { #expect(Container.current === outer.container) }
    }

    @Test("withCurrent binds a container for its closure only")
    func withCurrent() async {
        let app = Container()
        #expect(Container.current == nil)
        app.withCurrent { #expect(Container.current === app) }
        await app.withCurrent {
            await Task.yield()
            #expect(Container.current === app)
        }
        #expect(Container.current == nil)
    }
}
