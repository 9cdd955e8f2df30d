import DifferentialCore
import Foundation

// Programs run in worker processes (this executable with `--worker A..<B`), so that a program on which a library
// stops the process (Swinject's `fatalError` at resolution depth 200, or a trap in Syringe) costs that program,
// not the run. A worker tells, on standard output, one line at a time:
//
//     phase SEED LIBRARY        before running the program of SEED on LIBRARY (flushed: it survives a crash)
//     detail SEED TEXT          a line of the report of SEED
//     verdict SEED passed | excused NAME | failed
//
// When a worker dies, the seed of its last `phase` line without a verdict is the culprit: discarded if Swinject
// was running it, a failure if Syringe was. A new worker goes on from the next seed.

/// The result of one seed, as a worker reported it.
struct SeedResult: Sendable {
    let seed: UInt64
    var verdict: Verdict
    var details: [String]
}

/// The worker's side: runs `seeds` in this process and reports each on standard output.
func runWorker(seeds: Range<UInt64>, settings: Settings, verbose: Bool) {
    for seed in seeds {
        let outcome = runSeed(seed, settings: settings) { library in
            print("phase \(seed) \(library)")
            fflush(nil)  // every stream: `stdout` itself is a global Swift 6 will not read
        }
        let word: String
        switch outcome.verdict {
        case .passed: word = "passed"
        case .excused(let name): word = "excused \(name)"
        default: word = "failed"
        }
        if outcome.verdict == .failed || (verbose && outcome.divergence != nil) {
            for line in differenceReport(outcome, full: false) { print("detail \(seed) \(line)") }
        }
        print("verdict \(seed) \(word)")
    }
    fflush(nil)  // every stream: `stdout` itself is a global Swift 6 will not read
}

/// The parent's side: runs `seeds` in `jobs` workers at once, each on a contiguous share, and gives every seed's
/// result in seed order.
func runInWorkers(seeds: Range<UInt64>, jobs: Int, settings: Settings, verbose: Bool) -> [SeedResult] {
    let count = UInt64(max(1, jobs))
    let share = (UInt64(seeds.count) + count - 1) / count
    let shares: [Range<UInt64>] = (0..<count).compactMap { index in
        let lower = seeds.lowerBound + index * share
        let upper = min(seeds.upperBound, lower + share)
        return lower < upper ? lower..<upper : nil
    }
    let collected = Collected(count: shares.count)
    DispatchQueue.concurrentPerform(iterations: shares.count) { index in
        collected.set(index, runShare(shares[index], settings: settings, verbose: verbose))
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

private func runShare(_ seeds: Range<UInt64>, settings: Settings, verbose: Bool) -> [SeedResult] {
    var results: [SeedResult] = []
    var next = seeds.lowerBound
    while next < seeds.upperBound {
        let (output, exitedNormally) = spawnWorker(next..<seeds.upperBound, settings: settings, verbose: verbose)
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
        // The worker stopped: the program in flight is the culprit (or, if it never started one, the next seed).
        let culprit = lastPhase?.seed ?? next
        let verdict: Verdict = lastPhase?.library == "Swinject" ? .discarded : .crashed
        results.append(SeedResult(seed: culprit, verdict: verdict, details: []))
        next = culprit + 1
    }
    return results
}

private func spawnWorker(_ seeds: Range<UInt64>, settings: Settings, verbose: Bool) -> (String, Bool) {
    let process = Process()
    process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments =
        ["--worker", "\(seeds.lowerBound)..<\(seeds.upperBound)"] + settings.workerArguments
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
