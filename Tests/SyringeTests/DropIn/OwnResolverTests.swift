import Syringe
import Testing

/// Registers a `String` for each count of `Int` arguments from 0 to 10, unnamed and named "named": it says which.
private func registerCounters(in container: Container) {
    container.register(String.self) { _ in "0" }
    container.register(String.self, name: "named") { _ in "named 0" }
    container.register(String.self) { (_, _: Int) in "1" }
    container.register(String.self, name: "named") { (_, _: Int) in "named 1" }
    container.register(String.self) { (_, _: Int, _: Int) in "2" }
    container.register(String.self, name: "named") { (_, _: Int, _: Int) in "named 2" }
    container.register(String.self) { (_, _: Int, _: Int, _: Int) in "3" }
    container.register(String.self, name: "named") { (_, _: Int, _: Int, _: Int) in "named 3" }
    container.register(String.self) { (_, _: Int, _: Int, _: Int, _: Int) in "4" }
    container.register(String.self, name: "named") { (_, _: Int, _: Int, _: Int, _: Int) in "named 4" }
    container.register(String.self) { (_, _: Int, _: Int, _: Int, _: Int, _: Int) in "5" }
    container.register(String.self, name: "named") { (_, _: Int, _: Int, _: Int, _: Int, _: Int) in "named 5" }
    container.register(String.self) { (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in "6" }
    container.register(String.self, name: "named") { (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in "named 6" }
    container.register(String.self) { (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in "7" }
    container.register(String.self, name: "named") { (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in
        "named 7"
    }
    container.register(String.self) { (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in "8" }
    container.register(String.self, name: "named") {
        (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in "named 8"
    }
    container.register(String.self) { (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in "9"
    }
    container.register(String.self, name: "named") {
        (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in "named 9"
    }
    container.register(String.self) {
        (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in "10"
    }
    container.register(String.self, name: "named") {
        (_, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int) in "named 10"
    }
}

/// Calls every Swinject form on `resolver`, unnamed and named, and checks which registration answered.
private func expectEveryForm(through resolver: any Resolver) {
    #expect(resolver.resolve(String.self) == "0")
    #expect(resolver.resolve(String.self, name: "named") == "named 0")
    #expect(resolver.resolve(String.self, argument: 1) == "1")
    #expect(resolver.resolve(String.self, name: "named", argument: 1) == "named 1")
    #expect(resolver.resolve(String.self, arguments: 1, 2) == "2")
    #expect(resolver.resolve(String.self, name: "named", arguments: 1, 2) == "named 2")
    #expect(resolver.resolve(String.self, arguments: 1, 2, 3) == "3")
    #expect(resolver.resolve(String.self, name: "named", arguments: 1, 2, 3) == "named 3")
    #expect(resolver.resolve(String.self, arguments: 1, 2, 3, 4) == "4")
    #expect(resolver.resolve(String.self, name: "named", arguments: 1, 2, 3, 4) == "named 4")
    #expect(resolver.resolve(String.self, arguments: 1, 2, 3, 4, 5) == "5")
    #expect(resolver.resolve(String.self, name: "named", arguments: 1, 2, 3, 4, 5) == "named 5")
    #expect(resolver.resolve(String.self, arguments: 1, 2, 3, 4, 5, 6) == "6")
    #expect(resolver.resolve(String.self, name: "named", arguments: 1, 2, 3, 4, 5, 6) == "named 6")
    #expect(resolver.resolve(String.self, arguments: 1, 2, 3, 4, 5, 6, 7) == "7")
    #expect(resolver.resolve(String.self, name: "named", arguments: 1, 2, 3, 4, 5, 6, 7) == "named 7")
    #expect(resolver.resolve(String.self, arguments: 1, 2, 3, 4, 5, 6, 7, 8) == "8")
    #expect(resolver.resolve(String.self, name: "named", arguments: 1, 2, 3, 4, 5, 6, 7, 8) == "named 8")
    #expect(resolver.resolve(String.self, arguments: 1, 2, 3, 4, 5, 6, 7, 8, 9) == "9")
    #expect(resolver.resolve(String.self, name: "named", arguments: 1, 2, 3, 4, 5, 6, 7, 8, 9) == "named 9")
}

/// The pack form, called from generic code as Syringe's own helpers call it.
private func resolveThroughPack<each Argument>(_ resolver: any Resolver, _ arguments: repeat each Argument) -> String? {
    resolver.resolve(String.self, name: nil, arguments: repeat each arguments)
}

@Suite("Drop-in: types of your own that conform to Resolver, as written for Swinject")
struct OwnResolverTests {
    @Test("a container answers every Swinject form through any Resolver, and more than nine arguments")
    func containerThroughAnyResolver() {
        let container = Container()
        registerCounters(in: container)
        expectEveryForm(through: container)
        let resolver: any Resolver = container
        #expect(resolver.resolve(String.self, arguments: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) == "10")
        #expect(resolveThroughPack(resolver, 1, 2, 3) == "3")
    }

    @Test("a knit-style weak resolver, a class with a weak var, forwards every form to its container")
    func weakResolver() {
        let container = Container()
        registerCounters(in: container)
        let weak = WeakResolver(container: container)
        #expect(weak.isAvailable)
        expectEveryForm(through: weak)
    }

    @Test("a call through any Resolver reaches the type's own implementation of each form")
    func ownImplementationReached() {
        let container = Container()
        registerCounters(in: container)
        let recorder = RecordingResolver(container)
        expectEveryForm(through: recorder)
        #expect(
            recorder.calls == [
                "resolve(_:)",
                "resolve(_:name:)",
                "resolve(_:argument:)",
                "resolve(_:name:argument:)",
                "resolve(_:arguments:_:)",
                "resolve(_:name:arguments:_:)",
                "resolve(_:arguments:_:_:)",
                "resolve(_:name:arguments:_:_:)",
                "resolve(_:arguments:_:_:_:)",
                "resolve(_:name:arguments:_:_:_:)",
                "resolve(_:arguments:_:_:_:_:)",
                "resolve(_:name:arguments:_:_:_:_:)",
                "resolve(_:arguments:_:_:_:_:_:)",
                "resolve(_:name:arguments:_:_:_:_:_:)",
                "resolve(_:arguments:_:_:_:_:_:_:)",
                "resolve(_:name:arguments:_:_:_:_:_:_:)",
                "resolve(_:arguments:_:_:_:_:_:_:_:)",
                "resolve(_:name:arguments:_:_:_:_:_:_:_:)",
                "resolve(_:arguments:_:_:_:_:_:_:_:_:)",
                "resolve(_:name:arguments:_:_:_:_:_:_:_:_:)",
            ])
    }

    @Test("a factory that wraps its resolver, as SwinjectPropertyInjection does, resolves through the wrapper")
    func factoryWrapsItsResolver() {
        let container = Container()
        registerCounters(in: container)
        container.register([String].self) { r in
            let wrapper = RecordingResolver(r)
            let value = wrapper.resolve(String.self, name: "named", arguments: 1, 2, 3)
            return [value ?? "nil"] + wrapper.calls
        }
        #expect(container.resolve([String].self) == ["named 3", "resolve(_:name:arguments:_:_:)"])
    }

    @Test("the pack form and require reach the Swinject forms of a type that implements only those")
    func packAndRequireDefaults() throws {
        let container = Container()
        registerCounters(in: container)
        let recorder = RecordingResolver(container)
        #expect(resolveThroughPack(recorder, 1, 2, 3) == "3")
        #expect(try recorder.require(String.self, name: "named", argument: 1) == "named 1")
        #expect(try recorder.require(String.self, arguments: 1, 2) == "2")
        #expect(try recorder.require(String.self) == "0")
        #expect(
            recorder.calls == [
                "resolve(_:name:arguments:_:_:)", "resolve(_:name:argument:)", "resolve(_:name:arguments:_:)",
                "resolve(_:name:)",
            ])
        // More arguments than any Swinject form takes: the default has nothing to call.
        #expect(resolveThroughPack(recorder, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) == nil)
    }

    @Test("a type that implements only some forms gets defaults; require throws when its resolve returns nil")
    func partialResolver() throws {
        let resolver: any Resolver = FakeResolver(services: ["": "plain", "cat": "Mimi", "cat:3": "Mimi, 3"])
        #expect(resolver.resolve(String.self) == "plain")
        #expect(resolver.resolve(String.self, name: "cat") == "Mimi")
        #expect(resolver.resolve(String.self, name: "cat", argument: 3) == "Mimi, 3")
        #expect(try resolver.require(String.self, name: "cat") == "Mimi")
        #expect(try resolver.require(String.self, name: "cat", argument: 3) == "Mimi, 3")
        #expect(resolveThroughPack(resolver, 3) == nil)  // unnamed: it has no ":3" entry
        let error = try #require(throws: ResolutionError.self) { try resolver.require(Int.self, name: "dog") }
        guard case .notRegistered = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(error.request.name == "dog")
    }

    @Test("a form the type implements neither itself nor through the pack form returns nil instead of looping")
    func neitherFormImplemented() {
        let resolver: any Resolver = FakeResolver(services: ["": "plain"])
        #expect(resolver.resolve(String.self, arguments: 1, 2) == nil)
        #expect(resolver.resolve(String.self, name: "cat", arguments: 1, 2, 3) == nil)
        #expect(resolveThroughPack(resolver, 1, 2) == nil)
        #expect((try? resolver.require(String.self, arguments: 1, 2)) == nil)
    }
}
