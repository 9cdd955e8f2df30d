import BenchmarkModel
import Swinject

/// Swinject 2.10: the same registrations, the same calls.
func swinjectWorkloads() -> Workloads {
    // The registrations both harnesses time (BenchmarkModel).
    let container = swinjectScenarioContainer()

    let child = Container(parent: container)

    let few = Container()
    few.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
    let many = Container()
    for name in serviceNames(10_000) {
        many.register(Leaf.self, name: name) { _ in Leaf() }.inObjectScope(.transient)
    }
    many.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)

    // Swinject's container is not thread-safe; `synchronize()` is its documented way to share one.
    let synchronized = SendableResolver(container.synchronize())

    let value = opaque(42)
    return Workloads(
        system: "Swinject",
        transient: { n in for _ in 0..<n { blackHole(container.resolve(Leaf.self)!) } },
        threeDependencies: { n in for _ in 0..<n { blackHole(container.resolve(ThreeDependencies.self)!) } },
        tree: { n in for _ in 0..<n { blackHole(container.resolve(TreeRoot.self)!) } },
        singleton: { n in for _ in 0..<n { blackHole(container.resolve(Singleton.self)!) } },
        argument: { n in for _ in 0..<n { blackHole(container.resolve(Configured.self, argument: value)!) } },
        diamond: { n in for _ in 0..<n { blackHole(container.resolve(Diamond.self)!) } },
        child: { n in for _ in 0..<n { blackHole(child.resolve(Leaf.self)!) } },
        register: { names in
            let fresh = Container()
            for name in names {
                fresh.register(Leaf.self, name: name) { _ in Leaf() }.inObjectScope(.transient)
            }
            return fresh
        },
        resolveAmongOne: { n in for _ in 0..<n { blackHole(few.resolve(Leaf.self)!) } },
        resolveAmongMany: { n in for _ in 0..<n { blackHole(many.resolve(Leaf.self)!) } },
        concurrentTransient: { n in for _ in 0..<n { blackHole(synchronized.resolver.resolve(Leaf.self)!) } },
        concurrentOther: { n in for _ in 0..<n { blackHole(synchronized.resolver.resolve(DependencyA.self)!) } },
        check: {
            behaviourChecks(
                transient: { container.resolve(Leaf.self) },
                three: { container.resolve(ThreeDependencies.self) },
                tree: { container.resolve(TreeRoot.self) },
                singleton: { container.resolve(Singleton.self) },
                argument: { container.resolve(Configured.self, argument: $0) },
                diamond: { container.resolve(Diamond.self) },
                child: { child.resolve(Leaf.self) },
                amongMany: { many.resolve(Leaf.self) }
            )
        }
    )
}

/// Swinject's synchronized resolver, passed to the benchmark's threads.
struct SendableResolver: @unchecked Sendable {
    // @unchecked Sendable: `synchronize()` returns a resolver that takes Swinject's recursive lock around every
    // call, which is what makes sharing it between threads safe (Swinject's own contract).
    let resolver: any Resolver
    init(_ resolver: any Resolver) {
        self.resolver = resolver
    }
}

/// Scenario 11: resolves a chain of `depth` distinct registrations; `nil` when it resolves.
func swinjectChain(depth: Int) -> String? {
    let names = serviceNames(depth)
    let container = Container()
    for index in 0..<depth {
        container.register(ChainLink.self, name: names[index]) { r in
            ChainLink(next: index + 1 < depth ? r.resolve(ChainLink.self, name: names[index + 1]) : nil)
        }.inObjectScope(.transient)
    }
    guard let link = container.resolve(ChainLink.self, name: names[0]) else { return "nil" }
    defer { link.dismantle() }
    return link.length == depth ? nil : "a chain of \(link.length) links"
}
