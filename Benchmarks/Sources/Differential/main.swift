import DifferentialCore
import DifferentialSwinject
import Foundation

// The differential test: seeded random programs of public-API operations, run on Swinject 2.10 and on Syringe,
// their traces compared. See Documentation/MigratingFromSwinject.md, "How compatibility is checked".
//
//     swift run --package-path Benchmarks --scratch-path .build-benchmarks Differential [options]
//
//     --seeds A..<B            the seeds to run (default 0..<500), in worker processes
//     --seed S                 run one seed here and print its program and both traces
//     --verbose                also report every excused program (and pass workers' standard error through)
//     --jobs N                 worker processes at once (default: the number of cores, at most 4)
//     --time-limit SECONDS     how long one library may run one program (default 10)
//     --no-exclusion NAME      do not excuse the known difference NAME (repeatable); --no-exclusions: none
//     --without FEATURE        generate programs without FEATURE (repeatable; see `GeneratorOptions.names`);
//     --with FEATURE           with it (`--with initializer-cycles` shows programs Swinject traps on discarded)
//     --self-test              check the harness itself
//     --list-exclusions        print the known differences

let arguments = Array(CommandLine.arguments.dropFirst())

func values(after flag: String) -> [String] {
    arguments.indices.filter { arguments[$0] == flag && $0 + 1 < arguments.count }.map { arguments[$0 + 1] }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

func seedRange(_ text: String) -> Range<UInt64> {
    let parts = text.components(separatedBy: "..<")
    guard parts.count == 2, let lower = UInt64(parts[0]), let upper = UInt64(parts[1]), lower <= upper else {
        fail("--seeds wants a range like 0..<500, not \(text)")
    }
    return lower..<upper
}

var settings = Settings()
for (flag, value) in [("--with", true), ("--without", false)] {
    for name in values(after: flag) {
        guard let path = GeneratorOptions.names[name] else {
            fail("no feature \(name); the features: \(GeneratorOptions.names.keys.sorted().joined(separator: ", "))")
        }
        settings.generator[keyPath: path] = value
    }
}
for name in values(after: "--no-exclusion") {
    guard let index = settings.knownDifferences.firstIndex(where: { $0.name == name }) else {
        fail(
            "no known difference \(name); the known differences: \(KnownDifference.all.map(\.name).joined(separator: ", "))"
        )
    }
    settings.knownDifferences[index].enabled = false
}
if arguments.contains("--no-exclusions") {
    for index in settings.knownDifferences.indices { settings.knownDifferences[index].enabled = false }
}
let verbose = arguments.contains("--verbose")
let timeLimit = values(after: "--time-limit").first.flatMap { Double($0) } ?? 10

if arguments.contains("--list-exclusions") {
    for known in settings.knownDifferences {
        print("\(known.name) (\(known.enabled ? "on" : "off")): \(known.reason)")
    }
    exit(0)
}

if arguments.contains("--self-test") {
    exit(runSelfTest() ? 0 : 1)
}

if let range = values(after: "--worker").first {
    runWorker(seeds: seedRange(range), settings: settings, verbose: verbose, timeLimit: timeLimit)
    exit(0)
}

if let text = values(after: "--seed").first {
    guard let seed = UInt64(text) else { fail("--seed wants a number, not \(text)") }
    // The program first, so that it is on the screen even if a library stops the process or hangs.
    print("seed \(seed):")
    print(Generator.program(seed: seed, options: settings.generator).listing)
    fflush(nil)
    let outcome = runSeed(seed, settings: settings)
    for trace in [outcome.reference, outcome.candidate] {
        print("\(trace.library) trace:")
        for (index, event) in trace.events.enumerated() { print("  \(index). \(event.line)") }
    }
    if outcome.divergence != nil {
        print(differenceReport(outcome, full: true).joined(separator: "\n"))
    } else {
        print("seed \(seed): the traces are the same")
    }
    let failed = outcome.verdict == .failed
    print("differential: \(failed ? 0 : 1) passed, \(failed ? 1 : 0) failed")
    exit(failed ? 1 : 0)
}

let seeds = seedRange(values(after: "--seeds").first ?? "0..<500")
let jobs = values(after: "--jobs").first.flatMap { Int($0) } ?? min(4, ProcessInfo.processInfo.activeProcessorCount)
let started = Date()
let results = runInWorkers(seeds: seeds, jobs: jobs, settings: settings, verbose: verbose, timeLimit: timeLimit)

var tally = Tally()
/// Full reports are printed for this many failing programs; the rest are listed by seed.
let reportedFailures = 8
for result in results {
    tally.add(result.verdict, seed: result.seed)
    switch result.verdict {
    case .failed where tally.failed.count <= reportedFailures:
        print(result.details.joined(separator: "\n"))
    case .crashed where tally.failed.count <= reportedFailures:
        // Swinject finished this program in the worker, so running it here is safe.
        let program = Generator.program(seed: result.seed, options: settings.generator)
        let reference = run(program, on: SwinjectLibrary.self)
        print("seed \(result.seed): FAILED, Syringe stopped the process")
        print("  program:")
        for line in program.listing.split(separator: "\n") { print(shortened("    " + line)) }
        print("  Swinject trace:")
        for (index, event) in reference.events.enumerated() { print(shortened("    \(index). \(event.line)")) }
    case .excused where verbose:
        print(result.details.joined(separator: "\n"))
    default:
        break
    }
}
let seconds = Date().timeIntervalSince(started)
print(
    "differential: seeds \(seeds.lowerBound)..<\(seeds.upperBound), \(jobs) workers, \(String(format: "%.1f", seconds)) s"
)
for line in tally.summary(knownDifferences: settings.knownDifferences) { print(line) }
exit(tally.failed.isEmpty ? 0 : 1)
