import Benchmark
import BenchmarkModel
import Swinject
import Syringe

// The second harness (issue #24): ordo-one's package-benchmark times what SyringeBenchmarks times, on the same model
// and the same registrations (both from BenchmarkModel), so a ratio seen by one harness can be checked by the other.
// Each scenario is three benchmarks, side by side: hand-written wiring, Syringe and Swinject 2.10, named
// `<scenario> | <system>`; Scripts/second-harness.sh runs them and prints each library's median (p50) over the
// hand-written one's.
//
// One sample is `benchmark.scaledIterations` (1,000) operations, so the clock's resolution and the harness's own
// overhead weigh little next to a resolve of tens of nanoseconds. Each loop is written out, as in SyringeBenchmarks'
// workloads, so no closure call of the harness's own sits between the loop and the work.

/// A benchmark's name: the scenario, then the system.
private func name(_ scenario: String, _ system: String) -> String {
    "\(scenario) | \(system)"
}

/// Stops the run when a system does not do what its scenario prices (SyringeBenchmarks' `--check` does the full set).
private func expect(_ condition: Bool, _ message: String) {
    if !condition { fatalError("ResolutionHarness: \(message)") }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Wall clock per sample, and throughput (JMH export needs it). Instructions only where the machine has
        // hardware counters: `--metric instructions` adds them (Scripts/second-harness.sh does when perf works).
        metrics: [.wallClock, .throughput],
        timeUnits: .nanoseconds,
        warmupIterations: 100,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    // The same containers SyringeBenchmarks builds: every service of the model registered, so a lookup searches
    // the same registry; the `.container` singleton created before timing.
    let syringe = syringeScenarioContainer()
    let swinject = swinjectScenarioContainer()
    let syringeDefaultScope = syringeDefaultScopeContainer()
    let swinjectDefaultScope = swinjectDefaultScopeContainer()
    let singleton = Singleton()

    // What is timed must behave as its scenario says: two transients differ, a singleton is one, a diamond shares its
    // leaf within a resolve and not across two.
    expect(syringe.resolve(Leaf.self)! !== syringe.resolve(Leaf.self)!, "Syringe: two transient Leafs are one")
    expect(swinject.resolve(Leaf.self)! !== swinject.resolve(Leaf.self)!, "Swinject: two transient Leafs are one")
    expect(syringe.resolve(Singleton.self)! === syringe.resolve(Singleton.self)!, "Syringe: two singletons")
    expect(swinject.resolve(Singleton.self)! === swinject.resolve(Singleton.self)!, "Swinject: two singletons")
    let diamonds: [(system: String, make: () -> Diamond)] = [
        ("hand-wired", handWiredDiamond), ("Syringe", { syringe.resolve(Diamond.self)! }),
        ("Swinject", { swinject.resolve(Diamond.self)! }),
    ]
    for (system, make) in diamonds {
        let (one, two) = (make(), make())
        expect(one.left.shared === one.right.shared, "\(system): a diamond's sides do not share the leaf")
        expect(one.left.shared !== two.left.shared, "\(system): two diamonds share a leaf")
    }
    expect(
        syringeDefaultScope.resolve(DefaultScoped.self)! !== syringeDefaultScope.resolve(DefaultScoped.self)!,
        "Syringe: two top-level resolves of a .graph service share an instance")
    expect(
        swinjectDefaultScope.resolve(DefaultScoped.self)! !== swinjectDefaultScope.resolve(DefaultScoped.self)!,
        "Swinject: two top-level resolves of a .graph service share an instance")

    // Scenario 1: a `.transient` service with no dependencies.
    let transient = "1 transient, no dependencies"
    Benchmark(name(transient, "hand-wired")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Leaf()) }
    }
    Benchmark(name(transient, "Syringe")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(syringe.resolve(Leaf.self)!) }
    }
    Benchmark(name(transient, "Swinject")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Leaf.self)!) }
    }

    // Scenario 4: a `.container` singleton, already created; the hand-written one is a stored reference.
    let cached = "4 .container singleton, cached"
    Benchmark(name(cached, "hand-wired")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(singleton) }
    }
    Benchmark(name(cached, "Syringe")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(syringe.resolve(Singleton.self)!) }
    }
    Benchmark(name(cached, "Swinject")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Singleton.self)!) }
    }

    // Scenario 6: the graph-scoped diamond; `Left` and `Right` share one `Shared` within a resolve.
    let diamond = "6 graph-scoped diamond"
    Benchmark(name(diamond, "hand-wired")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(handWiredDiamond()) }
    }
    Benchmark(name(diamond, "Syringe")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(syringe.resolve(Diamond.self)!) }
    }
    Benchmark(name(diamond, "Swinject")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Diamond.self)!) }
    }

    // Scenario 12, default scope: registered with no `inObjectScope` (`.graph` in both libraries), no dependencies.
    let defaultScope = "12 transient in the default .graph scope"
    Benchmark(name(defaultScope, "hand-wired")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(DefaultScoped()) }
    }
    Benchmark(name(defaultScope, "Syringe")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(syringeDefaultScope.resolve(DefaultScoped.self)!) }
    }
    Benchmark(name(defaultScope, "Swinject")) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinjectDefaultScope.resolve(DefaultScoped.self)!) }
    }
}
