import BenchmarkModel

/// The baseline: the same objects made by direct initializer calls.
func handWiredWorkloads() -> Workloads {
    let singleton = Singleton()
    let value = opaque(42)

    func leaf() -> Leaf { Leaf() }
    func three() -> ThreeDependencies { ThreeDependencies(a: DependencyA(), b: DependencyB(), c: DependencyC()) }
    func level3() -> TreeLevel3 { TreeLevel3(left: TreeLevel4(), right: TreeLevel4()) }
    func level2() -> TreeLevel2 { TreeLevel2(left: level3(), right: level3()) }
    func level1() -> TreeLevel1 { TreeLevel1(left: level2(), right: level2()) }
    func tree() -> TreeRoot { TreeRoot(left: level1(), right: level1()) }
    func diamond() -> Diamond { handWiredDiamond() }
    let singletonBox = opaque(singleton)

    return Workloads(
        system: "hand-wired",
        transient: { n in for _ in 0..<n { blackHole(leaf()) } },
        threeDependencies: { n in for _ in 0..<n { blackHole(three()) } },
        tree: { n in for _ in 0..<n { blackHole(tree()) } },
        singleton: { n in for _ in 0..<n { blackHole(singletonBox) } },
        argument: { n in for _ in 0..<n { blackHole(Configured(value: value)) } },
        diamond: { n in for _ in 0..<n { blackHole(diamond()) } },
        child: { n in for _ in 0..<n { blackHole(leaf()) } },
        register: { names in
            // The hand-written counterpart of a registry: a dictionary of factories by name.
            var factories: [String: () -> Leaf] = [:]
            for name in names { factories[name] = { Leaf() } }
            return Kept(factories)
        },
        resolveAmongOne: { n in for _ in 0..<n { blackHole(leaf()) } },
        resolveAmongMany: { n in for _ in 0..<n { blackHole(leaf()) } },
        concurrentTransient: { n in for _ in 0..<n { blackHole(Leaf()) } },
        concurrentOther: { n in for _ in 0..<n { blackHole(DependencyA()) } },
        check: {
            behaviourChecks(
                transient: leaf, three: three, tree: tree, singleton: { singleton },
                argument: { Configured(value: $0) },
                diamond: diamond, child: leaf, amongMany: leaf
            )
        }
    )
}
