import Syringe
import Testing

private typealias Plugin = MultiInjectionFixtures.Plugin
private typealias NamedPlugin = MultiInjectionFixtures.NamedPlugin
private typealias SinkPlugin = MultiInjectionFixtures.SinkPlugin
private typealias Sink = MultiInjectionFixtures.Sink
private typealias Host = MultiInjectionFixtures.Host
private typealias PluginFailure = MultiInjectionFixtures.PluginFailure

private func plugin(_ label: String, name: String?? = nil, in container: Container) {
    MultiInjectionFixtures.plugin(label, name: name, in: container)
}

private func labels(_ plugins: [any Plugin]) -> [String] {
    MultiInjectionFixtures.labels(plugins)
}

/// Types only the logging test resolves, so messages other tests log at the same time are told apart.
private protocol LoggedPlugin: Sendable {}
private struct WorkingLoggedPlugin: LoggedPlugin {}

@Suite("resolveAll: an instance of every registration of a type")
struct ResolveAllTests {
    @Test("nothing registered gives an empty array, from both forms")
    func emptyIsEmpty() throws {
        let container = Container()
        #expect(container.resolveAll((any Plugin).self).isEmpty)
        #expect(try container.requireAll((any Plugin).self).isEmpty)
        container.register(Sink.self) { _ in Sink() }
        #expect(container.resolveAll((any Plugin).self).isEmpty)
    }

    @Test("every name, the unnamed one included, in registration order")
    func allNamesInRegistrationOrder() throws {
        let container = Container()
        plugin("b", in: container)
        plugin("unnamed", name: .some(nil), in: container)
        plugin("a", in: container)
        plugin("c", in: container)
        #expect(labels(container.resolveAll((any Plugin).self)) == ["b", "unnamed", "a", "c"])
        #expect(labels(try container.requireAll((any Plugin).self)) == ["b", "unnamed", "a", "c"])
    }

    @Test(
        "registering a key again replaces its instance and keeps its place; removing it and registering again puts it last"
    )
    func replacementKeepsPlace() {
        let container = Container()
        plugin("a", in: container)
        plugin("b", in: container)
        plugin("c", in: container)
        container.register((any Plugin).self, name: "a") { _ in NamedPlugin("a2") }
        #expect(labels(container.resolveAll((any Plugin).self)) == ["a2", "b", "c"])
        #expect(container.unregister((any Plugin).self, name: "b"))
        #expect(labels(container.resolveAll((any Plugin).self)) == ["a2", "c"])
        plugin("b", in: container)
        #expect(labels(container.resolveAll((any Plugin).self)) == ["a2", "c", "b"])
    }

    @Test("many registrations keep their order across the registry's table layers")
    func orderAcrossTableLayers() {
        let container = Container()
        var expected: [String] = []
        // Resolving between registrations makes layered tables; replacing an early key makes a full one again.
        for index in 0..<200 {
            plugin("p\(index)", in: container)
            expected.append("p\(index)")
            if index % 7 == 0 { #expect(labels(container.resolveAll((any Plugin).self)) == expected) }
            if index % 50 == 49 {
                container.register((any Plugin).self, name: "p3") { _ in NamedPlugin("p3") }
            }
        }
        #expect(labels(container.resolveAll((any Plugin).self)) == expected)
    }

    @Test("types forwarded with implements count, under the forwarded name")
    func forwardedTypesCount() {
        let container = Container()
        plugin("first", in: container)
        container.register(SinkPlugin.self) { _ in SinkPlugin(sink: Sink()) }
            .implements((any Plugin).self, name: "sink")
        container.register(NamedPlugin.self) { _ in NamedPlugin("forwarded") }
            .implements((any Plugin).self)
        #expect(labels(container.resolveAll((any Plugin).self)) == ["first", "sink", "forwarded"])
        // The registrations of the concrete types are their own types' business.
        #expect(container.resolveAll(SinkPlugin.self).count == 1)
    }

    @Test("registrations taking runtime arguments are left out")
    func argumentRegistrationsLeftOut() {
        let container = Container()
        plugin("plain", in: container)
        container.register((any Plugin).self, name: "argument") { (_, label: String) in NamedPlugin(label) }
        container.register((any Plugin).self) { (_, label: String, _: Int) in NamedPlugin(label) }
        #expect(labels(container.resolveAll((any Plugin).self)) == ["plain"])
    }

    @Test("each instance follows its own registration's scope")
    func eachFollowsItsScope() throws {
        let container = Container()
        container.register((any Plugin).self, name: "singleton") { _ in NamedPlugin("singleton") }
            .inObjectScope(.container)
        container.register((any Plugin).self, name: "transient") { _ in NamedPlugin("transient") }
            .inObjectScope(.transient)
        let first = try container.requireAll((any Plugin).self)
        let second = try container.requireAll((any Plugin).self)
        #expect(first[0] === second[0])
        #expect(first[1] !== second[1])
        #expect(first[0] === container.resolve((any Plugin).self, name: "singleton"))
    }

    @Test("one resolveAll is one resolution: graph-scoped dependencies are shared by its elements")
    func oneGraphPerCall() {
        let container = Container()
        container.register(Sink.self) { _ in Sink() }  // .graph, the default
        container.register((any Plugin).self, name: "a") { r in SinkPlugin(sink: r.resolve(Sink.self)!) }
        container.register((any Plugin).self, name: "b") { r in SinkPlugin(sink: r.resolve(Sink.self)!) }
        let first = container.resolveAll((any Plugin).self).compactMap { $0 as? SinkPlugin }
        let second = container.resolveAll((any Plugin).self).compactMap { $0 as? SinkPlugin }
        #expect(first.count == 2 && second.count == 2)
        #expect(first[0].sink === first[1].sink)
        #expect(first[0].sink !== second[0].sink)
    }

    @Test("a factory's r.resolveAll joins its resolution (same graph)")
    func insideFactoryJoinsResolution() {
        final class Owner: Sendable {
            let sink: Sink
            let host: Host
            init(sink: Sink, host: Host) {
                self.sink = sink
                self.host = host
            }
        }
        let container = Container()
        container.register(Sink.self) { _ in Sink() }
        container.register((any Plugin).self, name: "a") { r in SinkPlugin(sink: r.resolve(Sink.self)!) }
        plugin("b", in: container)
        container.register(Host.self) { r in Host(plugins: r.resolveAll((any Plugin).self)) }
        container.register(Owner.self) { r in Owner(sink: r.resolve(Sink.self)!, host: r.resolve(Host.self)!) }
        let owner = container.resolve(Owner.self)!
        #expect(labels(owner.host.plugins) == ["sink", "b"])
        #expect((owner.host.plugins[0] as? SinkPlugin)?.sink === owner.sink)
    }

    @Test("requireAll throws the first failure with its path; resolveAll leaves it out")
    func failures() throws {
        let container = Container()
        plugin("a", in: container)
        container.register((any Plugin).self, name: "needs sink") { r in SinkPlugin(sink: try r.require(Sink.self)) }
        container.register((any Plugin).self, name: "throws") { _ in throw PluginFailure() }
        plugin("z", in: container)

        #expect(labels(container.resolveAll((any Plugin).self)) == ["a", "z"])
        let error = #expect(throws: ResolutionError.self) { try container.requireAll((any Plugin).self) }
        guard let error else { return }
        guard case .notRegistered = error.kind else {
            Issue.record("expected a miss, got \(error.kind)")
            return
        }
        #expect(error.path.map(\.description) == ["Plugin(name: \"needs sink\")", "Sink"])
        #expect(
            error.description.contains("cannot resolve Plugin(name: \"needs sink\"): nothing is registered for Sink."))

        container.register(Sink.self) { _ in Sink() }
        let thrown = #expect(throws: ResolutionError.self) { try container.requireAll((any Plugin).self) }
        guard case .factoryFailed(let underlying)? = thrown?.kind else {
            Issue.record("expected the factory's error, got \(String(describing: thrown?.kind))")
            return
        }
        #expect(underlying is PluginFailure)
    }

    @Test("a failure inside a factory's r.requireAll fails that factory with the whole path")
    func nestedFailurePath() {
        let container = Container()
        container.register((any Plugin).self, name: "broken") { r in SinkPlugin(sink: try r.require(Sink.self)) }
        container.register(Host.self) { r in Host(plugins: try r.requireAll((any Plugin).self)) }
        let error = #expect(throws: ResolutionError.self) { try container.require(Host.self) }
        #expect(error?.path.map(\.description) == ["Host", "Plugin(name: \"broken\")", "Sink"])
    }

    @Test("a plugin that resolves all plugins is a circular dependency, not a hang")
    func cycleThroughResolveAll() {
        let container = Container()
        plugin("a", in: container)
        container.register((any Plugin).self, name: "greedy") { r in
            _ = try r.requireAll((any Plugin).self)
            return NamedPlugin("greedy")
        }
        let error = #expect(throws: ResolutionError.self) { try container.requireAll((any Plugin).self) }
        guard case .circularDependency? = error?.kind else {
            Issue.record("expected a cycle, got \(String(describing: error?.kind))")
            return
        }
        #expect(labels(container.resolveAll((any Plugin).self)) == ["a"])
    }

    @Test("the optional form logs each registration it leaves out")
    func skippedFailuresAreLogged() {
        loggingSinkLock.run {
            let messages = Collected<String>()
            let previous = Container.loggingFunction
            Container.loggingFunction = { message in messages.append(message) }
            defer { Container.loggingFunction = previous }

            let container = Container()
            container.register((any LoggedPlugin).self, name: "ok") { _ in WorkingLoggedPlugin() }
            container.register((any LoggedPlugin).self, name: "broken") { _ in throw PluginFailure() }
            #expect(container.resolveAll((any LoggedPlugin).self).count == 1)
            let logged = messages.all.filter { $0.contains("LoggedPlugin") }
            #expect(logged.count == 1)
            #expect(logged.first?.contains("cannot resolve LoggedPlugin(name: \"broken\")") == true)
        }
    }

    @Test("an explicit registration of the array type is unaffected, and resolveAll ignores it")
    func arrayRegistrationIsSeparate() {
        let container = Container()
        plugin("a", in: container)
        container.register([any Plugin].self) { _ in [NamedPlugin("listed")] }
        #expect(labels(container.resolve([any Plugin].self) ?? []) == ["listed"])
        #expect(labels(container.resolveAll((any Plugin).self)) == ["a"])
        // Without a registration of the array, resolve of the array type is still a miss, as in Swinject.
        #expect(container.resolve([Sink].self) == nil)
    }

    @Test("an async factory's resolver resolves all synchronous registrations in its graph")
    func asyncResolver() async throws {
        let container = Container()
        container.register(Sink.self) { _ in Sink() }
        container.register((any Plugin).self, name: "a") { r in SinkPlugin(sink: r.resolve(Sink.self)!) }
        plugin("b", in: container)
        container.register(Host.self) { (r: any AsyncResolver) async throws in
            Host(plugins: try r.requireAll((any Plugin).self))
        }
        let host = try await container.async.require(Host.self)
        #expect(labels(host.plugins) == ["sink", "b"])
        #expect(labels(container.async.resolveAll((any Plugin).self)) == ["sink", "b"])
    }

    @Test("a view made by withObjectGraph resolves all in that graph")
    func withObjectGraphView() {
        final class Screen: Sendable {
            let graph: GraphIdentifier
            let sink: Sink
            init(graph: GraphIdentifier, sink: Sink) {
                self.graph = graph
                self.sink = sink
            }
        }
        let container = Container()
        container.register(Sink.self) { _ in Sink() }
        container.register((any Plugin).self, name: "a") { r in SinkPlugin(sink: r.resolve(Sink.self)!) }
        container.register(Screen.self) { r in
            Screen(graph: r.resolve(GraphIdentifier.self)!, sink: r.resolve(Sink.self)!)
        }
        let screen = container.resolve(Screen.self)!
        let plugins = container.withObjectGraph(screen.graph) { $0.resolveAll((any Plugin).self) }
        #expect((plugins.first as? SinkPlugin)?.sink === screen.sink)
    }
}
