import BenchmarkModel
import Syringe

// Scenario 12 for the default object scope: a registration with no `inObjectScope` is `.graph`, as in Swinject, and
// most Swinject code never names a scope. Resolving one with no dependencies, at top level, against constructing
// the object by hand (scenario 1 prices the same object registered `.transient`).

func defaultScopeScenarios() -> [FeatureScenario] {
    // `DefaultScoped` and its one registration come from BenchmarkModel, which ResolutionHarness shares.
    let container = syringeDefaultScopeContainer()
    return [
        FeatureScenario(
            "12 transient in the default .graph scope (no inObjectScope), no dependencies",
            handWired: { n in for _ in 0..<n { blackHole(DefaultScoped()) } },
            syringe: { n in for _ in 0..<n { blackHole(container.resolve(DefaultScoped.self)!) } },
            check: {
                guard let first = container.resolve(DefaultScoped.self),
                    let second = container.resolve(DefaultScoped.self)
                else { return ["the default-scoped service did not resolve"] }
                return first === second ? ["two top-level resolves of a .graph service shared an instance"] : []
            }
        )
    ]
}
