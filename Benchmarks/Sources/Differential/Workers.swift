import DifferentialCore
import Foundation

// Programs run in worker processes (this executable with `--worker A..<B`), so that a program on which a library
// stops the process (Swinject's `fatalError` at resolution depth 200, or a trap in Syringe) costs that program,
// not the run. A worker tells, on standard output, one line at a time:
//
//     phase SEED LIBRARY        before running the program of SEED on LIBRARY (flushed: it survives a crash)
//     detail SEED TEXT          a line of the report of SEED
//     verdict SEED passed | excused NAME | failed | discarded
//
// When a worker dies, the seed of its last `phase` line without a verdict is the culprit: discarded if Swinject
// was running it, a failure if Syringe was. A new worker goes on from the next seed.
//
// A run that does not finish within the time limit (a library recursing for ever without trapping) is judged by
// a watchdog in the worker: the operation it is stuck in is where its trace ends, with an event saying so; the
// watchdog reports that verdict and ends the worker, and a new one goes on.

/// The result of one seed, as a worker reported it.
struct SeedResult: Sendable {
    let seed: UInt64
    var verdict: Verdict
    var details: [String]
}

/// The worker's side: runs `seeds` in this process and reports each on standard output.
func runWorker(seeds: Range<UInt64>, settings: Settings, verbose: Bool, timeLimit: Double) {
    for seed in seeds {
        let outcome = runSeed(seed, settings: settings) { library, program, reference, progress in
            print("phase \(seed) \(library)")
            fflush(nil)  // every stream: `stdout` itself is a global Swift 6 will not read
            let watchdog = DispatchWorkItem {
                timedOut(seed, library, program, reference, progress, settings: settings, limit: timeLimit)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
            return { watchdog.cancel() }
        }
        report(outcome, verbose: verbose)
    }
    fflush(nil)
}

private func report(_ outcome: Outcome, verbose: Bool) {
    let seed = outcome.program.seed
    let word: String
    switch outcome.verdict {
    case .passed: word = "passed"
    case .excused(let name): word = "excused \(name)"
    case .discarded: word = "discarded"
    default: word = "failed"
    }
    if outcome.verdict == .failed || (verbose && outcome.divergence != nil) {
        for line in differenceReport(outcome, full: false) { print("detail \(seed) \(line)") }
    }
    print("verdict \(seed) \(word)")
}

/// The watchdog: `library` has been running the program of `seed` for `limit` seconds. Judges the program with
/// the run's trace ending in the operation it is stuck in, reports, and ends the worker.
private func timedOut(
    _ seed: UInt64, _ library: String, _ program: Program, _ reference: Trace?, _ progress: RunProgress,
    settings: Settings, limit: Double
) {
    let (operation, events, finished) = progress.snapshot
    guard !finished else { return }
    let stuck = Event(
        operation: operation ?? 0, kind: .resolve,
        text: "\(library) did not finish this operation within \(Int(limit)) s")
    let partial = Trace(library: library, events: events + [stuck])
    let outcome: Outcome
    if let reference {
        let (verdict, divergence) = judge(
            program, reference: reference, candidate: partial, knownDifferences: settings.knownDifferences)
        outcome = Outcome(
            program: program, reference: reference, candidate: partial, verdict: verdict, divergence: divergence)
    } else {
        // Swinject never finished: nothing to compare with, like a program it stops the process on.
        outcome = Outcome(
            program: program, reference: partial, candidate: partial, verdict: .discarded, divergence: nil)
    }
    report(outcome, verbose: true)
    fflush(nil)
    _exit(0)
}

/// The parent's side: runs `seeds` in `jobs` workers at once, each on a contiguous share, and gives every seed's
/// result in seed order.
func runInWorkers(
    seeds: Range<UInt64>, jobs: Int, settings: Settings, verbose: Bool, timeLimit: Double
) -> [SeedResult] {
    let count = UInt64(max(1, jobs))
    let share = (UInt64(seeds.count) + count - 1) / count
    let shares: [Range<UInt64>] = (0..<count).compactMap { index in
        let lower = seeds.lowerBound + index * share
        let upper = min(seeds.upperBound, lower + share)
        return lower < upper ? lower..<upper : nil
    }
    let collected = Collected(count: shares.count)
    DispatchQueue.concurrentPerform(iterations: shares.count) { index in
        collected.set(
            index, runShare(shares[index], settings: settings, verbose: verbose, timeLimit: timeLimit))
    }
    return collected.all.flatMap { $0 }
}

/// The results of the shares, each written by one thread.
private final class Collected: @unchecked Sendable {
    // @unchecked Sendable: `results` is read and written only inside `lock`.
    private let lock = NSLock()
    private var results: [[SeedResult]]

    init(count: Int) {
        results = Array(repeating: [], count: count)
    }

    func set(_ index: Int, _ value: [SeedResult]) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = value
    }

    var all: [[SeedResult]] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}

private func runShare(
    _ seeds: Range<UInt64>, settings: Settings, verbose: Bool, timeLimit: Double
) -> [SeedResult] {
    var results: [SeedResult] = []
    var next = seeds.lowerBound
    while next < seeds.upperBound {
        let first = next
        let (output, exitedNormally) = spawnWorker(
            next..<seeds.upperBound, settings: settings, verbose: verbose, timeLimit: timeLimit)
        var details: [UInt64: [String]] = [:]
        var lastPhase: (seed: UInt64, library: String)?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 3, let seed = UInt64(fields[1]) else { continue }
            let rest = String(fields[2])
            switch fields[0] {
            case "phase":
                lastPhase = (seed, rest)
            case "detail":
                details[seed, default: []].append(rest)
            case "verdict":
                let verdict: Verdict
                if rest == "passed" {
                    verdict = .passed
                } else if rest == "discarded" {
                    verdict = .discarded
                } else if rest.hasPrefix("excused ") {
                    verdict = .excused(String(rest.dropFirst("excused ".count)))
                } else {
                    verdict = .failed
                }
                results.append(SeedResult(seed: seed, verdict: verdict, details: details[seed] ?? []))
                next = seed + 1
                lastPhase = nil
            default:
                continue
            }
        }
        if exitedNormally, next >= seeds.upperBound { break }
        if let (culprit, library) = lastPhase {
            // The worker stopped in the middle of a program: that program is the culprit.
            let verdict: Verdict = library == "Swinject" ? .discarded : .crashed
            results.append(SeedResult(seed: culprit, verdict: verdict, details: []))
            next = culprit + 1
        } else if next == first {
            // The worker did not even start a program: count the seed as failed rather than try for ever.
            results.append(SeedResult(seed: next, verdict: .crashed, details: []))
            next += 1
        }
        // Otherwise its watchdog ended it after reporting a program that did not finish: go on from the next.
    }
    return results
}

private func spawnWorker(
    _ seeds: Range<UInt64>, settings: Settings, verbose: Bool, timeLimit: Double
) -> (String, Bool) {
    let process = Process()
    process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments =
        ["--worker", "\(seeds.lowerBound)..<\(seeds.upperBound)", "--time-limit", "\(timeLimit)"]
        + settings.workerArguments
        + (verbose ? ["--verbose"] : [])
    var environment = ProcessInfo.processInfo.environment
    // A crash is expected now and then (Swinject's depth trap); the runtime's backtrace would only slow it down.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    if !verbose { process.standardError = FileHandle.nullDevice }
    do {
        try process.run()
    } catch {
        return ("", false)
    }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let normal = process.terminationReason == .exit && process.terminationStatus == 0
    return (String(decoding: data, as: UTF8.self), normal)
}
