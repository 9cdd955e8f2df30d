import Syringe

// Scenario group 12, declared keys: a resolve by key (`container[.key]`) is a resolve by type and name once the
// key's default is registered, so each pair of rows resolves the same registration both ways, side by side: by
// `resolve(T.self)` (the baseline) and by key. Hand-wired: constructing the object directly.

/// The service the rows resolve: a transient and a container-scoped one.
final class KeyedLeaf {
    init() {}
}

extension ServiceKeys {
    fileprivate static let transientLeaf = Key<KeyedLeaf>(scope: .transient) { _ in KeyedLeaf() }
    fileprivate static let singletonLeaf = Key<Leaf>(scope: .container) { _ in Leaf() }
}

/// A container in which both keys were used once (their defaults are registered).
private func keyedContainer() -> Container {
    let container = Container()
    _ = container.resolve(.transientLeaf)
    _ = container.resolve(.singletonLeaf)
    return container
}

/// The declared-key rows: a transient and a singleton, each by type and by key.
func declaredKeyScenarios() -> [FeatureScenario] {
    let container = keyedContainer()
    let singleton = Leaf()
    let check: () -> [String] = {
        var failures: [String] = []
        let fresh = Container()
        if fresh.resolve(.transientLeaf) == nil { failures.append("the key's default did not resolve") }
        if fresh.resolve(KeyedLeaf.self) == nil { failures.append("the key's default is not found by type") }
        if fresh.resolve(.transientLeaf) === fresh.resolve(.transientLeaf) {
            failures.append("the transient key kept an instance")
        }
        if fresh.resolve(.singletonLeaf) !== fresh.resolve(Leaf.self) {
            failures.append("the singleton key and its type resolved different instances")
        }
        return failures
    }
    return [
        FeatureScenario(
            "12 resolve(T.self) of a transient (declared keys' baseline)",
            handWired: { n in for _ in 0..<n { blackHole(KeyedLeaf()) } },
            syringe: { n in for _ in 0..<n { blackHole(container.resolve(KeyedLeaf.self)) } },
            check: check
        ),
        FeatureScenario(
            "12 resolve the same transient by declared key, container[.key]",
            handWired: { n in for _ in 0..<n { blackHole(KeyedLeaf()) } },
            syringe: { n in for _ in 0..<n { blackHole(try? container[.transientLeaf]) } },
            check: check
        ),
        FeatureScenario(
            "12 resolve(T.self) of a singleton (declared keys' baseline)",
            handWired: { n in for _ in 0..<n { blackHole(singleton) } },
            syringe: { n in for _ in 0..<n { blackHole(container.resolve(Leaf.self)) } },
            check: check
        ),
        FeatureScenario(
            "12 resolve the same singleton by declared key, container[.key]",
            handWired: { n in for _ in 0..<n { blackHole(singleton) } },
            syringe: { n in for _ in 0..<n { blackHole(try? container[.singletonLeaf]) } },
            check: check
        ),
    ]
}
