import ColdStartHandWritten
import ColdStartModel
import ColdStartSwinject
import ColdStartSyringe

/// The cold-start scenario's behaviour checks (`ColdStart check`, and `SyringeBenchmarks --check` in CI on the
/// committed N = 100 app): every system resolves (or makes) every service, Syringe and Swinject make the same objects
/// from the same registrations, and the Syringe-only variant resolves every declared key and fills every marked
/// object. Returns the failures, empty when all hold, and a line saying what was checked.
public func coldStartFailures() -> (failures: [String], summary: String) {
    var failures: [String] = []
    var made: [String: Int] = [:]
    let runs: [(String, () -> Int)] = [
        ("hand-written", runHandWrittenColdStart), ("syringe", runSyringeColdStart), ("swinject", runSwinjectColdStart),
    ]
    for (system, run) in runs {
        ColdStartCounter.made = 0
        let found = run()
        made[system] = ColdStartCounter.made
        if found != coldServiceCount { failures.append("\(system): \(found) of \(coldServiceCount) services") }
    }
    if made["syringe"] != made["swinject"] {
        failures.append("Syringe made \(made["syringe"] ?? 0) objects, Swinject \(made["swinject"] ?? 0)")
    }
    if runSyringeExtrasColdStart() != coldServiceCount + coldExtrasCount {
        failures.append("syringe-extras: not every declared key and marked object resolved")
    }
    let objects = runs.map { "\($0.0) \(made[$0.0] ?? 0)" }.joined(separator: ", ")
    return (failures, "\(coldServiceCount) services, each system resolves all; objects made: \(objects)")
}
