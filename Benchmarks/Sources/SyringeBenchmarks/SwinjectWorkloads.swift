import Swinject

/// Swinject 2.10: the same registrations, the same calls.
func swinjectWorkloads() -> Workloads {
    let container = Container()
    container.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
    container.register(DependencyA.self) { _ in DependencyA() }.inObjectScope(.transient)
    container.register(DependencyB.self) { _ in DependencyB() }.inObjectScope(.transient)
    container.register(DependencyC.self) { _ in DependencyC() }.inObjectScope(.transient)
    container.register(ThreeDependencies.self) { r in
        ThreeDependencies(
            a: r.resolve(DependencyA.self)!, b: r.resolve(DependencyB.self)!, c: r.resolve(DependencyC.self)!)
    }.inObjectScope(.transient)
    container.register(TreeLevel4.self) { _ in TreeLevel4() }.inObjectScope(.transient)
    container.register(TreeLevel3.self) { r in
        TreeLevel3(left: r.resolve(TreeLevel4.self)!, right: r.resolve(TreeLevel4.self)!)
    }.inObjectScope(.transient)
    container.register(TreeLevel2.self) { r in
        TreeLevel2(left: r.resolve(TreeLevel3.self)!, right: r.resolve(TreeLevel3.self)!)
    }.inObjectScope(.transient)
    container.register(TreeLevel1.self) { r in
        TreeLevel1(left: r.resolve(TreeLevel2.self)!, right: r.resolve(TreeLevel2.self)!)
    }.inObjectScope(.transient)
    container.register(TreeRoot.self) { r in
        TreeRoot(left: r.resolve(TreeLevel1.self)!, right: r.resolve(TreeLevel1.self)!)
    }.inObjectScope(.transient)
    container.register(Singleton.self) { _ in Singleton() }.inObjectScope(.container)
    container.register(Configured.self) { (_, value: Int) in Configured(value: value) }.inObjectScope(.transient)
    container.register(Shared.self) { _ in Shared() }.inObjectScope(.graph)
    container.register(Left.self) { r in Left(shared: r.resolve(Shared.self)!) }.inObjectScope(.graph)
    container.register(Right.self) { r in Right(shared: r.resolve(Shared.self)!) }.inObjectScope(.graph)
    container.register(Diamond.self) { r in
        Diamond(left: r.resolve(Left.self)!, right: r.resolve(Right.self)!)
    }.inObjectScope(.graph)
    _ = container.resolve(Singleton.self)

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
