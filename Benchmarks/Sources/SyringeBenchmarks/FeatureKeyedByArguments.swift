import BenchmarkModel
import Syringe

// Scenario group 12, per-argument caching: a cached resolve with an argument (`keyedByArguments`) next to the
// uncached (transient) resolve with the same argument, and next to a dictionary lookup written by hand.

/// The per-argument caching scenarios: 16 keys, resolved in turn, each resolve a cache hit after the first round.
func keyedByArgumentsScenarios() -> [FeatureScenario] {
    let keys = opaque(16)
    let cached = Container()
    cached.register(Configured.self) { _, value in Configured(value: value) }
        .inObjectScope(.container).keyedByArguments()
    let bounded = Container()
    bounded.register(Configured.self) { _, value in Configured(value: value) }
        .inObjectScope(.container).keyedByArguments(limit: 64)
    let uncached = Container()
    uncached.register(Configured.self) { _, value in Configured(value: value) }.inObjectScope(.transient)
    let byHand = Dictionary(uniqueKeysWithValues: (0..<keys).map { ($0, Configured(value: $0)) })

    func checkKeyed(_ container: Container) -> [String] {
        guard let first = container.resolve(Configured.self, argument: 3),
            let again = container.resolve(Configured.self, argument: 3),
            let other = container.resolve(Configured.self, argument: 4)
        else { return ["Configured does not resolve with an argument"] }
        var failures: [String] = []
        if first !== again { failures.append("equal arguments got different instances") }
        if first === other || other.value != 4 { failures.append("different arguments shared an instance") }
        return failures
    }

    return [
        FeatureScenario(
            "12 resolve with an argument, kept per argument (keyedByArguments, 16 keys)",
            handWired: { n in for i in 0..<n { blackHole(byHand[i % keys]!) } },
            syringe: { n in for i in 0..<n { blackHole(cached.resolve(Configured.self, argument: i % keys)!) } },
            check: { checkKeyed(cached) }
        ),
        FeatureScenario(
            "12 resolve with an argument, kept per argument with an LRU bound (limit: 64, 16 keys)",
            handWired: { n in for i in 0..<n { blackHole(byHand[i % keys]!) } },
            syringe: { n in for i in 0..<n { blackHole(bounded.resolve(Configured.self, argument: i % keys)!) } },
            check: { checkKeyed(bounded) }
        ),
        FeatureScenario(
            "12 resolve with an argument, uncached (transient; keyedByArguments' baseline)",
            handWired: { n in for i in 0..<n { blackHole(Configured(value: i % keys)) } },
            syringe: { n in for i in 0..<n { blackHole(uncached.resolve(Configured.self, argument: i % keys)!) } },
            check: {
                let a = uncached.resolve(Configured.self, argument: 3)
                let b = uncached.resolve(Configured.self, argument: 3)
                return a == nil || a === b || a?.value != 3 ? ["transient resolve with an argument"] : []
            }
        ),
    ]
}
