import BenchmarkModel
import Syringe

// Scenario group 14: awaited resolution (`try await container.async.require(...)`), from a task and from main-actor
// code, beside the synchronous resolve of the same registration and the hand-written code, in one run. The targets
// (Documentation/Performance.md): a cached singleton at most 3x its synchronous resolve from a task and 5x from
// main-actor code; a synchronous transient at most 1.5x; the request graph with one `async` factory at most 1.5x
// the hand-written graph.

/// A timed awaited body: runs the operation `n` times, on the executor of its caller.
typealias AwaitedBody = nonisolated(nonsending) @Sendable (Int) async -> Void
/// A timed body run on the main actor.
typealias MainActorBody = @MainActor (Int) async -> Void

/// One row of group 14: the same service made by hand, resolved synchronously, and awaited from a task and from
/// main-actor code.
struct AwaitedScenario {
    let name: String
    /// The `--profile` name (`awaited-NAME-task`, `awaited-NAME-main`, `awaited-NAME` for the synchronous and
    /// hand-wired columns).
    let profile: String
    let handWired: AwaitedBody
    let synchronous: AwaitedBody
    let fromTask: AwaitedBody
    let fromMainActor: MainActorBody
    /// Which column the awaited ones are held against: the synchronous resolve, or the hand-written code.
    let target: (task: Double, mainActor: Double, against: Column)
    let check: @Sendable () async -> [String]

    enum Column { case synchronous, handWired }
}

/// Every row of group 14.
func awaitedScenarios() -> [AwaitedScenario] {
    let container = syringeScenarioContainer()
    // Read only (the hand-written column hands the same instance out), so shared with the tasks as it is.
    nonisolated(unsafe) let singleton = opaque(container.resolve(Singleton.self)!)
    let requests = requestGraphContainer()
    let wired = RequestSingletons()
    return [
        AwaitedScenario(
            name: "14 cached .container singleton", profile: "singleton",
            handWired: { n in for _ in 0..<n { blackHole(singleton) } },
            synchronous: { n in for _ in 0..<n { blackHole(container.resolve(Singleton.self)!) } },
            fromTask: { n in for _ in 0..<n { blackHole(try! await container.async.require(Singleton.self)) } },
            fromMainActor: { n in for _ in 0..<n { blackHole(try! await container.async.require(Singleton.self)) } },
            target: (3, 5, .synchronous),
            check: {
                let (a, b) = (try? await container.async.require(Singleton.self), container.resolve(Singleton.self))
                return expect(a != nil && a === b, "awaited singleton: must be the synchronous resolve's instance")
            }
        ),
        AwaitedScenario(
            name: "14 transient, synchronous factory", profile: "transient",
            handWired: { n in for _ in 0..<n { blackHole(Leaf()) } },
            synchronous: { n in for _ in 0..<n { blackHole(container.resolve(Leaf.self)!) } },
            fromTask: { n in for _ in 0..<n { blackHole(try! await container.async.require(Leaf.self)) } },
            fromMainActor: { n in for _ in 0..<n { blackHole(try! await container.async.require(Leaf.self)) } },
            target: (1.5, 1.5, .synchronous),
            check: {
                let (a, b) = (
                    try? await container.async.require(Leaf.self), try? await container.async.require(Leaf.self)
                )
                return expect(
                    a != nil && b != nil && a !== b, "awaited transient: two resolves must give two instances")
            }
        ),
        AwaitedScenario(
            name: "14 request graph of 7, factories all synchronous", profile: "sync-graph",
            handWired: { n in for _ in 0..<n { blackHole(wired.synchronousHandler()) } },
            synchronous: { n in
                for _ in 0..<n { blackHole(try! requests.require(RequestHandler.self, name: "synchronous")) }
            },
            fromTask: { n in
                for _ in 0..<n {
                    blackHole(try! await requests.async.require(RequestHandler.self, name: "synchronous"))
                }
            },
            fromMainActor: { n in
                for _ in 0..<n {
                    blackHole(try! await requests.async.require(RequestHandler.self, name: "synchronous"))
                }
            },
            target: (1.5, 1.5, .synchronous),
            check: {
                let handler = try? await requests.async.require(RequestHandler.self, name: "synchronous")
                return expect(handler?.objectCount == 7, "synchronous request graph: must have 7 distinct objects")
            }
        ),
        AwaitedScenario(
            name: "14 request graph of 7, one async factory", profile: "graph",
            handWired: { n in for _ in 0..<n { blackHole(await wired.handler()) } },
            synchronous: { n in
                for _ in 0..<n { blackHole(try! requests.require(RequestHandler.self, name: "synchronous")) }
            },
            fromTask: { n in for _ in 0..<n { blackHole(try! await requests.async.require(RequestHandler.self)) } },
            fromMainActor: { n in
                for _ in 0..<n { blackHole(try! await requests.async.require(RequestHandler.self)) }
            },
            target: (1.5, 1.5, .handWired),
            check: {
                let handler = try? await requests.async.require(RequestHandler.self)
                let other = try? await requests.async.require(RequestHandler.self)
                return expect(handler?.objectCount == 7, "request graph: must have 7 distinct objects")
                    + expect(
                        handler?.context !== other?.context, "request graph: two requests must not share a context")
            }
        ),
    ]
}

// MARK: Timing

/// The nanoseconds per operation of `body(iterations)`, run in a new task off the main actor.
func timeFromTask(_ iterations: Int, _ body: @escaping AwaitedBody) async -> Double {
    await Task.detached {
        let start = now()
        await body(iterations)
        return Double(now() - start) / Double(iterations)
    }.value
}

/// The nanoseconds per operation of `body(iterations)`, run on the main actor.
@MainActor
func timeOnMainActor(_ iterations: Int, _ body: MainActorBody) async -> Double {
    let start = now()
    await body(iterations)
    return Double(now() - start) / Double(iterations)
}

/// The iteration count that makes one sample last about `target` nanoseconds, from `time(iterations)`.
@MainActor
func calibrateAwaited(target: Double, _ time: @MainActor (Int) async -> Double) async -> Int {
    var iterations = 1
    while true {
        let perOperation = await time(iterations)
        if perOperation * Double(iterations) >= target / 8 || iterations >= 1 << 26 {
            return max(1, Int(target / max(perOperation, 0.01)))
        }
        iterations *= 2
    }
}

/// One measured row: the medians (and samples) of the four columns.
struct AwaitedResult {
    let scenario: AwaitedScenario
    /// hand-wired, synchronous, awaited from a task, awaited from main-actor code.
    let samples: [[Double]]
}

/// The behaviour checks of group 14, each printed; whether all passed.
func checkAwaitedScenarios(_ scenarios: [AwaitedScenario]) async -> Bool {
    var passed = true
    for scenario in scenarios {
        let failures = await scenario.check()
        for failure in failures { print("CHECK FAILED (\(scenario.name)): \(failure)") }
        if failures.isEmpty { print("checked: \(scenario.name)") }
        passed = passed && failures.isEmpty
    }
    return passed
}

/// Runs group 14: the checks, then `repetitions` interleaved samples of each column of each row.
@MainActor
func runAwaitedGroup(repetitions: Int, sampleNanoseconds: Double) async -> [AwaitedResult]? {
    let scenarios = awaitedScenarios()
    guard await checkAwaitedScenarios(scenarios) else { return nil }
    var results: [AwaitedResult] = []
    for scenario in scenarios {
        let tasks = [scenario.handWired, scenario.synchronous, scenario.fromTask]
        for body in tasks { _ = await timeFromTask(100, body) }  // warm-up
        _ = await timeOnMainActor(100, scenario.fromMainActor)
        var iterations: [Int] = []
        for body in tasks {
            iterations.append(await calibrateAwaited(target: sampleNanoseconds) { await timeFromTask($0, body) })
        }
        iterations.append(
            await calibrateAwaited(target: sampleNanoseconds) { await timeOnMainActor($0, scenario.fromMainActor) })
        var samples = Array(repeating: [Double](), count: 4)
        for _ in 0..<repetitions {
            for index in tasks.indices {
                samples[index].append(await timeFromTask(iterations[index], tasks[index]))
            }
            samples[3].append(await timeOnMainActor(iterations[3], scenario.fromMainActor))
        }
        let medians = samples.map { Summary($0).median }
        print("  \(scenario.name): " + medians.map { format($0) + " ns" }.joined(separator: ", "))
        results.append(AwaitedResult(scenario: scenario, samples: samples))
    }
    return results
}

/// The table of group 14, with each awaited column's ratio to the column its target is held against.
func printAwaitedTable(_ results: [AwaitedResult]) {
    print("\n## Scenario 14: awaited resolution (ns; median, min–max)\n")
    print(
        "| scenario | hand-wired | Syringe, synchronous | awaited, from a task | awaited, main actor | task / base | main actor / base | targets |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for result in results {
        let summaries = result.samples.map(Summary.init)
        let cells = summaries.map { "\(format($0.median)) (\(format($0.min))–\(format($0.max)))" }
        let target = result.scenario.target
        let base = target.against == .synchronous ? summaries[1].median : summaries[0].median
        let baseName = target.against == .synchronous ? "synchronous" : "hand-wired"
        let task = summaries[2].median / base
        let main = summaries[3].median / base
        let verdict =
            "≤\(target.task)x / ≤\(target.mainActor)x \(baseName): "
            + (task <= target.task ? "met" : "not met") + " / " + (main <= target.mainActor ? "met" : "not met")
        print(
            "| \(result.scenario.name) | \(cells.joined(separator: " | ")) | \(ratioText(task)) | \(ratioText(main)) | \(verdict) |"
        )
    }
}

/// `--profile awaited-NAME[-task|-main] COUNT [hand-wired]`: one column of one row of group 14, for callgrind
/// (NAME: singleton, transient, sync-graph, graph). Without a suffix, the synchronous resolve (or with `hand-wired`,
/// the hand-written code).
@MainActor
func profileAwaited(_ name: String, count: Int, system: String) async -> Bool {
    guard name.hasPrefix("awaited-") else { return false }
    var profile = String(name.dropFirst("awaited-".count))
    var column = system.lowercased() == "hand-wired" ? "hand-wired" : "synchronous"
    for suffix in ["-task", "-main"] where profile.hasSuffix(suffix) {
        profile = String(profile.dropLast(suffix.count))
        column = suffix
    }
    guard let scenario = awaitedScenarios().first(where: { $0.profile == profile }) else {
        print("no awaited scenario \(profile); the scenarios: \(awaitedScenarios().map(\.profile))")
        return true
    }
    // Every column runs here, on the main actor, with no other thread: valgrind 3.19 stops at the first thread the
    // concurrency runtime starts. A body that does not suspend runs the same code in a task (an awaited resolve
    // runs on its caller's executor); a body that hops (an `async` factory) needs a thread, so its count is
    // the timed run's only.
    if column == "-main" {
        await scenario.fromMainActor(count)
        return true
    }
    let body =
        column == "-task" ? scenario.fromTask : column == "hand-wired" ? scenario.handWired : scenario.synchronous
    // In a task whose non-isolated code runs on this very thread (``InlineTaskExecutor``).
    await Task(executorPreference: InlineTaskExecutor.shared) { await body(count) }.value
    return true
}

/// A task executor that runs each job at once, on the thread that enqueues it: under `--profile`, a task's
/// non-isolated code (an `async` factory's) runs on the main thread, and valgrind sees no other thread.
final class InlineTaskExecutor: TaskExecutor {
    static let shared = InlineTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }
}
