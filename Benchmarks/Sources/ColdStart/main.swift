import ColdStartChecks
import ColdStartHandWritten
import ColdStartModel
import ColdStartSwinject
import ColdStartSyringe
import Foundation

// The cold-start scenario (Documentation/Internals/PerformanceRecord.md, "Launch"): the generated app (Scripts/generate-cold-start.py)
// registered, each service resolved once, and the container torn down, once per process.
//
//     ColdStart one SYSTEM            one cold start in this process; prints `SYSTEM nanoseconds found made`
//     ColdStart compare [SAMPLES]     SAMPLES fresh processes per system (default 11), alternated; a Markdown table
//     ColdStart check                 the behaviour checks, in this process: every service resolves, and Syringe and
//                                     Swinject make the same objects (SyringeBenchmarks --check runs them too)
//
// SYSTEM is `syringe`, `swinject`, `hand-written`, `syringe-extras` (Syringe with declared keys and `@Injected`
// properties besides, reported on its own) or `none` (nothing: the process's own cost, for callgrind).
// Benchmarks/Scripts/cold-start.sh generates the apps of N = 100, 1,000 and 10,000, runs `compare` and callgrind.

let systems = ["hand-written", "syringe", "swinject"]
/// Timed with the others, reported on its own: not in the subset all three share.
let syringeOnly = "syringe-extras"

/// Runs `system`'s cold start once; returns how many services it resolved or made.
func run(_ system: String) -> Int {
    switch system {
    case "syringe": runSyringeColdStart()
    case "syringe-extras": runSyringeExtrasColdStart()
    case "swinject": runSwinjectColdStart()
    case "hand-written": runHandWrittenColdStart()
    case "none": 0
    default: fatalError("unknown system \(system); expected one of \(systems + ["none"])")
    }
}

func one(_ system: String) {
    let clock = ContinuousClock()
    let start = clock.now
    let found = run(system)
    let elapsed = start.duration(to: clock.now)
    let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
    print(system, nanoseconds, found, ColdStartCounter.made)
}

func check() -> Bool {
    let (failures, summary) = coldStartFailures()
    for failure in failures { print("cold start: \(failure)") }
    if failures.isEmpty { print("cold start: \(summary)") }
    return failures.isEmpty
}

func compare(samples: Int) {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0])
    var times: [String: [Double]] = [:]
    for _ in 0..<samples {
        for system in systems + [syringeOnly] {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = executable
            process.arguments = ["one", system]
            process.standardOutput = pipe
            try! process.run()  // the executable is this one: it exists
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let fields = output.split(separator: " ")
            guard process.terminationStatus == 0, fields.count == 4, let nanoseconds = Double(fields[1]) else {
                fatalError("\(system): unexpected output \(output)")
            }
            times[system, default: []].append(nanoseconds)
        }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ms(_ value: Double) -> String { String(format: "%.3f", value / 1e6) }
    print("| N = \(coldServiceCount) | median ms (min–max), \(samples) fresh processes | ns per service |")
    print("|---|---:|---:|")
    for system in systems + [syringeOnly] {
        let values = times[system]!
        print(
            "| \(system) | \(ms(median(values))) (\(ms(values.min()!))–\(ms(values.max()!))) | "
                + String(format: "%.0f", median(values) / Double(coldServiceCount)) + " |")
    }
    let ratio = median(times["syringe"]!) / median(times["swinject"]!)
    print(
        String(format: "\nSyringe / Swinject: %.2fx", ratio)
            + " (\(syringeOnly): \(coldExtrasCount) declared keys and marked objects besides, Syringe only)")
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "one" where arguments.count == 2: one(arguments[1])
case "compare": compare(samples: arguments.count > 1 ? Int(arguments[1]) ?? 11 : 11)
case "check": exit(check() ? 0 : 1)
default:
    print("usage: ColdStart one SYSTEM | compare [SAMPLES] | check")
    exit(2)
}
