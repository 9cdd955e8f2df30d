import Syringe
import Testing

private typealias Plugin = MultiInjectionFixtures.Plugin
private typealias NamedPlugin = MultiInjectionFixtures.NamedPlugin
private typealias SinkPlugin = MultiInjectionFixtures.SinkPlugin
private typealias Sink = MultiInjectionFixtures.Sink
private typealias Host = MultiInjectionFixtures.Host

private func plugin(_ label: String, name: String?? = nil, in container: Container) {
    MultiInjectionFixtures.plugin(label, name: name, in: container)
}

private func labels(_ plugins: [any Plugin]) -> [String] {
    MultiInjectionFixtures.labels(plugins)
}

/// Registers a storage plugin and a sink; its unload is observed through the plugins left.
private struct StoragePlugins: Assembly {
    func assemble(container: Container) {
        container.register((any Plugin).self, name: "disk") { _ in NamedPlugin("disk") }
        container.register((any Plugin).self, name: "memory") { _ in NamedPlugin("memory") }
            .inObjectScope(.container)
    }
}

private struct NetworkPlugins: Assembly {
    func assemble(container: Container) {
        container.register(NamedPlugin.self) { _ in NamedPlugin("http") }.implements((any Plugin).self, name: "http")
    }
}

@Suite("resolveAll across child containers and modules")
struct ResolveAllHierarchyTests {
    @Test("a child's own keys first, then the parent's keys it does not override, each key once")
    func childThenParent() {
        let parent = Container()
        plugin("p1", in: parent)
        plugin("shared", name: "shared", in: parent)
        plugin("p2", in: parent)
        let child = Container(parent: parent)
        plugin("c1", in: child)
        child.register((any Plugin).self, name: "shared") { _ in NamedPlugin("child shared") }
        #expect(labels(child.resolveAll((any Plugin).self)) == ["c1", "child shared", "p1", "p2"])
        // The parent sees only its own.
        #expect(labels(parent.resolveAll((any Plugin).self)) == ["p1", "shared", "p2"])
    }

    @Test("an unnamed registration in the child overrides the parent's unnamed one only")
    func unnamedOverride() {
        let parent = Container()
        plugin("parent unnamed", name: .some(nil), in: parent)
        plugin("parent named", in: parent)
        let child = Container(parent: parent)
        plugin("child unnamed", name: .some(nil), in: child)
        #expect(labels(child.resolveAll((any Plugin).self)) == ["child unnamed", "parent named"])
    }

    @Test("three levels: each ancestor adds the keys no nearer container has")
    func grandparent() throws {
        let root = Container()
        plugin("root", in: root)
        plugin("overridden", name: "x", in: root)
        let middle = Container(parent: root)
        plugin("middle", in: middle)
        plugin("middle x", name: "x", in: middle)
        let leaf = Container(parent: middle)
        plugin("leaf", in: leaf)
        #expect(labels(try leaf.requireAll((any Plugin).self)) == ["leaf", "middle", "middle x", "root"])
    }

    @Test("a parent's registration resolved from a child resolves its dependencies in the child first")
    func parentFactoriesSeeChild() {
        let parent = Container()
        parent.register((any Plugin).self, name: "needs sink") { r in SinkPlugin(sink: try r.require(Sink.self)) }
        let child = Container(parent: parent)
        child.register(Sink.self) { _ in Sink() }
        #expect(parent.resolveAll((any Plugin).self).isEmpty)  // the parent has no Sink: skipped
        #expect(labels(child.resolveAll((any Plugin).self)) == ["sink"])
    }

    @Test("a parent's singleton is shared with the children that resolve it all")
    func parentSingletonShared() throws {
        let parent = Container()
        parent.register((any Plugin).self, name: "single") { _ in NamedPlugin("single") }.inObjectScope(.container)
        let first = Container(parent: parent)
        let second = Container(parent: parent)
        let a = try first.requireAll((any Plugin).self)
        let b = try second.requireAll((any Plugin).self)
        #expect(a.count == 1 && b.count == 1)
        #expect(a[0] === b[0])
    }

    @Test("modules add their registrations; unload removes exactly them")
    func modulesAndUnload() throws {
        let container = Container()
        plugin("base", in: container)
        try container.load(StoragePlugins(), NetworkPlugins())
        #expect(labels(container.resolveAll((any Plugin).self)) == ["base", "disk", "memory", "http"])
        #expect(container.unload(StoragePlugins.self))
        #expect(labels(container.resolveAll((any Plugin).self)) == ["base", "http"])
        #expect(container.unload(NetworkPlugins.self))
        #expect(labels(try container.requireAll((any Plugin).self)) == ["base"])
        try container.load(StoragePlugins())
        #expect(labels(container.resolveAll((any Plugin).self)) == ["base", "disk", "memory"])
    }

    @Test("a module loaded in a child adds to the parent's plugins for that child only")
    func moduleInChild() throws {
        let parent = Container()
        plugin("base", in: parent)
        let child = Container(parent: parent)
        try child.load(NetworkPlugins())
        #expect(labels(child.resolveAll((any Plugin).self)) == ["http", "base"])
        #expect(labels(parent.resolveAll((any Plugin).self)) == ["base"])
        #expect(child.unload(NetworkPlugins.self))
        #expect(labels(child.resolveAll((any Plugin).self)) == ["base"])
    }
}

@Suite("resolveAll and verify()")
struct ResolveAllVerificationTests {
    @Test("a factory that resolves all is verified, and a failing element is reported with its path")
    func verifyReportsFailingElement() {
        let container = Container()
        plugin("fine", in: container)
        container.register((any Plugin).self, name: "needs sink") { r in SinkPlugin(sink: try r.require(Sink.self)) }
        container.register(Host.self) { r in Host(plugins: try r.requireAll((any Plugin).self)) }
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        let paths = error?.failures.map { $0.path.map(\.description) } ?? []
        #expect(paths.contains(["Host", "Plugin(name: \"needs sink\")", "Sink"]))
        container.register(Sink.self) { _ in Sink() }
        #expect(throws: Never.self) { try container.verify() }
    }

    @Test("a singleton that resolves all transient plugins captures them: verify reports it")
    func captiveThroughResolveAll() {
        let container = Container()
        container.register((any Plugin).self, name: "per use") { _ in NamedPlugin("per use") }
            .inObjectScope(.transient)
        container.register(Host.self) { r in Host(plugins: r.resolveAll((any Plugin).self)) }
            .inObjectScope(.container)
        let error = #expect(throws: VerificationError.self) { try container.verify() }
        #expect(error?.captiveDependencies.map(\.path.last?.description) == ["Plugin(name: \"per use\")"])
    }
}
