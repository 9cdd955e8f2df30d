import BenchmarkModel
import BenchmarkSupport
import ColdStartChecks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Syringe benchmarks: hand-wired code, Syringe and Swinject 2.10 side by side, in one process.
//
//     swift run -c release --package-path Benchmarks SyringeBenchmarks [--repetitions N] [--json PATH] [--quick]
//     [--only GROUP] [--check]
//
// Group 13 (code size) builds its programs with `swift build` into this executable's build folder, so `swift` must
// be on PATH; measure it in a release build.

let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "--probe-depth", let depth = Int(arguments[3]) {
    DepthProbe.runChild(system: arguments[2], depth: depth, thread: arguments[4])
}

// `--profile awaited-…`: a column of scenario group 14, awaited (Awaited.swift).
if arguments.count == 4 || arguments.count == 5, arguments[1] == "--profile", let count = Int(arguments[3]),
    await profileAwaited(arguments[2], count: count, system: arguments.count == 5 ? arguments[4] : "Syringe")
{
    exit(0)
}

// `--profile SCENARIO COUNT [SYSTEM]`: runs one scenario of Syringe (or of `hand-wired` or `Swinject`) only,
// for `valgrind --tool=callgrind`.
if arguments.count == 4 || arguments.count == 5, arguments[1] == "--profile", let count = Int(arguments[3]) {
    let system = arguments.count == 5 ? arguments[4] : "Syringe"
    let workloads = [handWiredWorkloads(), syringeWorkloads(), swinjectWorkloads()]
    guard let syringe = workloads.first(where: { $0.system.lowercased() == system.lowercased() }) else {
        print("no system named \(system); the systems: \(workloads.map(\.system).joined(separator: ", "))")
        exit(2)
    }
    let bodies: [String: Body] = [
        "transient": syringe.transient, "three": syringe.threeDependencies, "tree": syringe.tree,
        "singleton": syringe.singleton, "argument": syringe.argument, "diamond": syringe.diamond,
        "child": syringe.child,
    ]
    // `feature-N`: the N-th scenario of group 12 (from 1, in the report's order); `feature:TEXT`: the first
    // scenario of group 12 whose name contains TEXT.
    let features = featureScenarios()
    var chosen: FeatureScenario?
    if arguments[2].hasPrefix("feature-"), let index = Int(arguments[2].dropFirst("feature-".count)) {
        guard features.indices.contains(index - 1) else {
            print("no feature scenario \(index); there are \(features.count)")
            exit(2)
        }
        chosen = features[index - 1]
    } else if arguments[2].hasPrefix("feature:") {
        let text = arguments[2].dropFirst("feature:".count)
        guard let match = features.first(where: { $0.name.contains(text) }) else {
            print("no feature scenario named with \"\(text)\"")
            exit(2)
        }
        chosen = match
    }
    if let feature = chosen {
        let body = system.lowercased() == "hand-wired" ? feature.handWired : feature.syringe
        print("profiling \(feature.name)")
        body(count)
        exit(0)
    }
    if arguments[2] == "register" {
        let names = serviceNames(10_000)
        for _ in 0..<count { blackHole(syringe.register(names)) }
    } else {
        bodies[arguments[2]]?(count)
    }
    exit(0)
}

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

let quick = arguments.contains("--quick")
/// `--only 9`: run one scenario group (1–8 per-resolve and registration, 9 threads, 10 allocations, 11 depth, 12 features,
/// 13 code size, 14 awaited resolution).
let only = option("--only").flatMap { Int($0) }
func runs(_ group: Int) -> Bool { only == nil || only == group }
let repetitions = max(15, Int(option("--repetitions") ?? "") ?? 21)
let jsonPath = option("--json") ?? "benchmark-results.json"
/// How long one sample of a per-resolve scenario lasts.
let sampleNanoseconds = quick ? 1_000_000.0 : 4_000_000.0

var report = Report(repetitions: repetitions)
print("Syringe benchmarks — \(report.date), \(report.machine), \(repetitions) interleaved repetitions")

let systems = [handWiredWorkloads(), syringeWorkloads(), swinjectWorkloads()]

// Behaviour first: a fast wrong answer must not win.
for system in systems {
    let failures = system.check()
    if failures.isEmpty {
        print("checked: \(system.system) behaves as intended")
    } else {
        for failure in failures { print("CHECK FAILED (\(system.system)): \(failure)") }
        exit(1)
    }
}

// The cold-start scenario's app (the committed N = 100; its timing and instruction counts are
// Benchmarks/Scripts/cold-start.sh's, one process per sample).
/// Whether the cold-start app behaves as intended, each failure printed. (A function: Swift 6.3.1 fails to compile the
/// same lines in this file's top-level code, which is `async`.)
func coldStartChecked() -> Bool {
    let coldStart = coldStartFailures()
    if coldStart.failures.isEmpty {
        print("checked: the cold start of the generated app: \(coldStart.summary)")
        return true
    }
    for failure in coldStart.failures { print("CHECK FAILED (cold start): \(failure)") }
    return false
}
if !coldStartChecked() { exit(1) }

let features = featureScenarios()
for feature in features {
    let failures = feature.check()
    if failures.isEmpty {
        print("checked: \(feature.name)")
    } else {
        for failure in failures { print("CHECK FAILED (\(feature.name)): \(failure)") }
        exit(1)
    }
}

// `--check`: the behaviour checks only (CI runs them, so the benchmark package keeps building and agreeing), and
// group 13's programs build and run (in CI a debug build: quick, its sizes not the ones that count).
if arguments.contains("--check") {
    guard await checkAwaitedScenarios(awaitedScenarios()) else { exit(1) }
    switch CodeSize.measure() {
    case .success(let measurement):
        print("checked: the code size programs build and resolve every site")
        CodeSize.printTable(measurement)
        exit(0)
    case .failure(let failures):
        for failure in failures.messages { print("CHECK FAILED (code size): \(failure)") }
        exit(1)
    }
}

// Scenarios 1–7 and the resolve half of 8: one timed body per system, interleaved.
let perResolve: [(String, KeyPath<Workloads, Body>)] = [
    ("1 transient, no dependencies", \.transient),
    ("2 three transient dependencies", \.threeDependencies),
    ("3 tree of 31 transient objects", \.tree),
    ("4 cached .container singleton", \.singleton),
    ("5 one runtime argument", \.argument),
    ("6 graph-scoped diamond", \.diamond),
    ("7 child container, parent registers", \.child),
    ("8 resolve among 1 registration", \.resolveAmongOne),
    ("8 resolve among 10,001 registrations", \.resolveAmongMany),
]
for (name, path) in perResolve where runs(1) {
    let bodies = systems.map { $0[keyPath: path] }
    for body in bodies { body(1_000) }  // warm-up
    let iterations = bodies.map { calibrate($0, target: sampleNanoseconds) }
    var samples = Array(repeating: [Double](), count: bodies.count)
    for _ in 0..<repetitions {
        for index in bodies.indices {
            samples[index].append(timePerOperation(iterations[index], bodies[index]))
        }
    }
    report.add(name, systems: systems.map(\.system), samples: samples, iterations: iterations)
}

// Scenario 12: features beyond Swinject's core, against hand-written code (and Swinject where it can).
for feature in features where runs(12) {
    let bodies = [feature.handWired, feature.syringe] + (feature.swinject.map { [$0] } ?? [])
    for body in bodies { body(100) }  // warm-up
    let iterations = bodies.map { calibrate($0, target: sampleNanoseconds) }
    var samples = Array(repeating: [Double](), count: 3)
    for _ in 0..<repetitions {
        for index in bodies.indices {
            samples[index].append(timePerOperation(iterations[index], bodies[index]))
        }
    }
    report.add(
        feature.name, systems: systems.map(\.system), samples: samples,
        iterations: iterations + Array(repeating: 0, count: 3 - iterations.count))
}

// Scenario 14: awaited resolution, from a task and from main-actor code (this top-level code runs on the main actor).
if runs(14) {
    guard let results = await runAwaitedGroup(repetitions: repetitions, sampleNanoseconds: sampleNanoseconds) else {
        exit(1)
    }
    report.awaited = results
}

// Scenario 8: registration cost, per registration, of 10,000 named services into a fresh container.
if runs(8) {
    let names = serviceNames(10_000)
    for system in systems { blackHole(system.register(names)) }  // warm-up
    // Each sample times the registrations, then the container's teardown: one row with both, one without it.
    var samples = Array(repeating: [Double](), count: systems.count)
    var withoutTeardown = Array(repeating: [Double](), count: systems.count)
    for _ in 0..<repetitions {
        for index in systems.indices {
            let start = now()
            var kept: AnyObject? = systems[index].register(names)
            let registered = now()
            blackHole(kept)
            kept = nil
            let end = now()
            samples[index].append(Double(end - start) / Double(names.count))
            withoutTeardown[index].append(Double(registered - start) / Double(names.count))
        }
    }
    report.add(
        "8 register 10,000 named services (per registration)", systems: systems.map(\.system), samples: samples,
        iterations: Array(repeating: names.count, count: systems.count))
    report.add(
        "8 the same, without the container's teardown", systems: systems.map(\.system), samples: withoutTeardown,
        iterations: Array(repeating: names.count, count: systems.count))
}

// Scenario 9: one thread, then two threads, each resolving the same number of transient services.
if runs(9) {
    var oneThread = Array(repeating: [Double](), count: systems.count)
    var twoThreads = Array(repeating: [Double](), count: systems.count)
    var scaling = Array(repeating: [Double](), count: systems.count)
    var distinctScaling = Array(repeating: [Double](), count: systems.count)
    let iterations = systems.map { system in
        calibrate(system.concurrentTransient, target: sampleNanoseconds * 2)
    }
    for system in systems {
        let body = system.concurrentTransient
        _ = runOnThreads(2) { _ in body(1_000) }
    }
    for _ in 0..<repetitions {
        for index in systems.indices {
            let body = systems[index].concurrentTransient
            let n = iterations[index]
            let one = Double(runOnThreads(1, pinned: true) { _ in body(n) })
            let two = Double(runOnThreads(2, pinned: true) { _ in body(n) })
            let other = systems[index].concurrentOther
            let distinct = Double(runOnThreads(2, pinned: true) { thread in thread == 0 ? body(n) : other(n) })
            oneThread[index].append(one / Double(n))
            twoThreads[index].append(two / Double(2 * n))
            scaling[index].append(2 * one / two)
            distinctScaling[index].append(2 * one / distinct)
        }
    }
    report.add("9 transient, one thread", systems: systems.map(\.system), samples: oneThread, iterations: iterations)
    report.add(
        "9 transient, two threads (per resolve)", systems: systems.map(\.system), samples: twoThreads,
        iterations: iterations)
    report.scaling = zip(systems.map(\.system), scaling).map { ($0, $1) }
    report.distinctScaling = distinctScaling
}

// Scenario 10: heap allocations per operation (the calling thread's malloc count; glibc only).
if runs(10), malloc_counter_available() {
    let count = 1_000
    for (name, path) in perResolve where !name.hasPrefix("8") {
        let perOperation = systems.map { system -> Double in
            let body = system[keyPath: path]
            body(count)
            let before = malloc_counter_thread_allocations()
            body(count)
            return Double(malloc_counter_thread_allocations() - before) / Double(count)
        }
        report.allocations.append((name, perOperation))
    }
}

// Scenario 11: the deepest acyclic chain, on the main thread and on a 512 KiB thread, in child processes.
let depthSystems = runs(11) ? ["Syringe", "Swinject"] : []
for system in depthSystems {
    for (thread, limit) in [("main", quick ? 1 << 15 : 1 << 18), ("small", 1 << 14)] {
        let (depth, deeper) = DepthProbe.deepest(system: system, thread: thread, limit: limit)
        report.depths.append((system, thread == "main" ? "main thread (8 MiB)" : "512 KiB thread", depth, deeper))
    }
}

// Scenario 13: code size, last (it builds five programs).
if runs(13) {
    switch CodeSize.measure() {
    case .success(let measurement): report.codeSize = measurement
    case .failure(let failures):
        for failure in failures.messages { print("CHECK FAILED (code size): \(failure)") }
        exit(1)
    }
}

report.printTables()
report.writeJSON(to: jsonPath)
print("\nraw samples: \(jsonPath)")
