import BenchmarkModel

/// The scenarios a system implements, each a timed body, plus the checks that it behaves as intended.
struct Workloads {
    let system: String
    /// Scenario 1: a transient service with no dependencies.
    let transient: Body
    /// Scenario 2: three transient dependencies by initializer injection.
    let threeDependencies: Body
    /// Scenario 3: a tree of 31 transient objects.
    let tree: Body
    /// Scenario 4: a `.container` singleton already created.
    let singleton: Body
    /// Scenario 5: one runtime argument.
    let argument: Body
    /// Scenario 6: a graph-scoped diamond.
    let diamond: Body
    /// Scenario 7: resolve from a child container what the parent registers.
    let child: Body
    /// Scenario 8: registers `names` in a fresh container (one registration per name) and returns the container,
    /// so the caller decides when it is torn down (timed apart from the registrations).
    let register: ([String]) -> AnyObject
    /// Scenario 8: resolve a transient service from a container with one registration.
    let resolveAmongOne: Body
    /// Scenario 8: the same from a container with 10,001 registrations.
    let resolveAmongMany: Body
    /// Scenario 9: a transient service resolved from many threads (the thread-safe form of the container).
    let concurrentTransient: @Sendable (Int) -> Void
    /// Scenario 9: another transient service (`DependencyA`), for a second thread that shares no registration.
    let concurrentOther: @Sendable (Int) -> Void
    /// The behaviour checks; each failure is one message.
    let check: () -> [String]
}

/// One check: `message` when `condition` is false.
func expect(_ condition: Bool, _ message: String) -> [String] {
    condition ? [] : [message]
}

/// The behaviour checks every system passes before it is timed.
func behaviourChecks(
    transient: () -> Leaf?,
    three: () -> ThreeDependencies?,
    tree: () -> TreeRoot?,
    singleton: () -> Singleton?,
    argument: (Int) -> Configured?,
    diamond: () -> Diamond?,
    child: () -> Leaf?,
    amongMany: () -> Leaf?
) -> [String] {
    var failures: [String] = []
    let leaves = (transient(), transient())
    failures += expect(
        leaves.0 != nil && leaves.1 != nil && leaves.0 !== leaves.1, "transient: two resolves must give two instances")
    let threes = (three(), three())
    failures += expect(
        threes.0 != nil && threes.1 != nil && threes.0?.a !== threes.1?.a,
        "three dependencies: transient dependencies must be new")
    failures += expect(tree()?.objectCount == 31, "tree: must have 31 distinct objects")
    let singletons = (singleton(), singleton())
    failures += expect(singletons.0 != nil && singletons.0 === singletons.1, "singleton: must be one instance")
    failures += expect(argument(42)?.value == 42 && argument(7)?.value == 7, "argument: must reach the initializer")
    let diamonds = (diamond(), diamond())
    failures += expect(
        diamonds.0 != nil && diamonds.0?.left.shared === diamonds.0?.right.shared,
        "diamond: the leaf must be shared in one graph")
    failures += expect(
        diamonds.0?.left.shared !== diamonds.1?.left.shared, "diamond: two graphs must not share the leaf")
    let children = (child(), child())
    failures += expect(
        children.0 != nil && children.0 !== children.1,
        "child container: must resolve the parent's transient registration")
    let many = (amongMany(), amongMany())
    failures += expect(many.0 != nil && many.0 !== many.1, "10,001 registrations: must resolve the transient service")
    return failures
}
