import BenchmarkModel
import Syringe

// Scenario group 12, declared keys: a resolve by key (`container[.key]`) is a resolve by type and name once the
// key's default is registered, so each pair of rows resolves the same registration both ways, side by side: by
// `resolve(T.self)` (the baseline) and by key, and a key with a runtime argument (`container[.key, i]`) against
// `resolve(T.self, argument: i)`. Hand-wired: constructing the object directly.

/// The service the rows resolve: a transient and a container-scoped one.
final class KeyedLeaf {
    init() {}
}

/// The service the rows with a runtime argument resolve: a transient made from an id.
final class KeyedArgumentLeaf {
    let id: Int
    init(id: Int) { self.id = id }
}

extension ServiceKeys {
    fileprivate static let transientLeaf = Key<KeyedLeaf>(scope: .transient) { _ in KeyedLeaf() }
    fileprivate static let singletonLeaf = Key<Leaf>(scope: .container) { _ in Leaf() }
    fileprivate static let argumentLeaf = Key<KeyedArgumentLeaf>.WithArguments<Int>(scope: .transient) { _, id in
        KeyedArgumentLeaf(id: id)
    }
}

/// A container in which both keys were used once (their defaults are registered).
private func keyedContainer() -> Container {
    let container = Container()
    _ = (try? container[.transientLeaf])
    _ = (try? container[.singletonLeaf])
    _ = (try? container[.argumentLeaf, 0])
    return container
}

/// The declared-key rows: a transient and a singleton, each by type and by key.
func declaredKeyScenarios() -> [FeatureScenario] {
    let container = keyedContainer()
    let singleton = Leaf()
    let check: () -> [String] = {
        var failures: [String] = []
        let fresh = Container()
        if (try? fresh[.transientLeaf]) == nil { failures.append("the key's default did not resolve") }
        if fresh.resolve(KeyedLeaf.self) == nil { failures.append("the key's default is not found by type") }
        if (try? fresh[.transientLeaf]) === (try? fresh[.transientLeaf]) {
            failures.append("the transient key kept an instance")
        }
        if (try? fresh[.singletonLeaf]) !== fresh.resolve(Leaf.self) {
            failures.append("the singleton key and its type resolved different instances")
        }
        if (try? fresh[.argumentLeaf, 7])?.id != 7 { failures.append("the key with an argument failed") }
        if fresh.resolve(KeyedArgumentLeaf.self, argument: 8)?.id != 8 {
            failures.append("the key with an argument is not found by type and argument")
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
        FeatureScenario(
            "12 resolve(T.self, argument:) of a transient (keys with arguments' baseline)",
            handWired: { n in for i in 0..<n { blackHole(KeyedArgumentLeaf(id: i)) } },
            syringe: { n in for i in 0..<n { blackHole(container.resolve(KeyedArgumentLeaf.self, argument: i)) } },
            check: check
        ),
        FeatureScenario(
            "12 resolve the same transient by declared key with an argument, container[.key, i]",
            handWired: { n in for i in 0..<n { blackHole(KeyedArgumentLeaf(id: i)) } },
            syringe: { n in for i in 0..<n { blackHole(try? container[.argumentLeaf, i]) } },
            check: check
        ),
    ]
}
