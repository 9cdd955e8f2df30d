import DifferentialCore

/// Lines longer than this are cut in reports (the program and traces of `--seed` are printed whole).
let reportLineLimit = 240

func shortened(_ line: String, limit: Int = reportLineLimit) -> String {
    line.count <= limit ? line : String(line.prefix(limit - 1)) + "…"
}

/// The report of one program whose traces differ: the program, the first difference, and each trace around it.
/// `full` prints every line whole (for `--seed`).
func differenceReport(_ outcome: Outcome, full: Bool) -> [String] {
    let cut = { (line: String) in full ? line : shortened(line) }
    var lines: [String] = []
    let what: String
    switch outcome.verdict {
    case .excused(let name): what = "excused by \(name)"
    case .failed: what = "FAILED"
    default: what = "\(outcome.verdict)"
    }
    lines.append("seed \(outcome.program.seed): \(what)")
    lines.append("  program:")
    lines += outcome.program.listing.split(separator: "\n").map { cut("    " + $0) }
    guard let divergence = outcome.divergence else { return lines }
    let operation = divergence.reference?.operation ?? divergence.candidate?.operation
    lines.append("  first difference: event \(divergence.index)" + (operation.map { ", operation \($0)" } ?? ""))
    lines.append(cut("    Swinject: " + (divergence.reference?.line ?? "(no more events)")))
    lines.append(cut("    Syringe:  " + (divergence.candidate?.line ?? "(no more events)")))
    for trace in [outcome.reference, outcome.candidate] {
        let window = full ? trace.events.indices : traceWindow(trace, around: divergence.index)
        let omitted = trace.events.count - window.count
        lines.append(
            "  \(trace.library) trace"
                + (omitted > 0 ? " (events \(window.lowerBound)..<\(window.upperBound) of \(trace.events.count))" : "")
                + ":")
        for index in window {
            let marker = index == divergence.index ? "> " : "  "
            lines.append(cut("  \(marker)\(index). " + trace.events[index].line))
        }
    }
    return lines
}

private func traceWindow(_ trace: Trace, around index: Int) -> Range<Int> {
    let lower = max(0, index - 3)
    let upper = min(trace.events.count, index + 3)
    return lower..<max(lower, upper)
}

/// The tally of a run over many seeds.
struct Tally {
    var identical = 0
    var excused: [String: Int] = [:]
    var discarded: [UInt64] = []
    var failed: [UInt64] = []

    var programs: Int { identical + excused.values.reduce(0, +) + discarded.count + failed.count }
    var passed: Int { identical + excused.values.reduce(0, +) }

    mutating func add(_ verdict: Verdict, seed: UInt64) {
        switch verdict {
        case .passed: identical += 1
        case .excused(let name): excused[name, default: 0] += 1
        case .discarded: discarded.append(seed)
        case .failed, .crashed: failed.append(seed)
        }
    }

    /// The closing lines: per known difference how many programs it excused, then the counts.
    func summary(knownDifferences: [KnownDifference]) -> [String] {
        var lines = ["differential: known differences (excused programs; reason):"]
        for known in knownDifferences {
            let state = known.enabled ? "\(excused[known.name, default: 0])" : "off"
            lines.append("  \(known.name): \(state); \(known.reason)")
        }
        if !discarded.isEmpty {
            let seeds = discarded.prefix(20).map(String.init).joined(separator: ", ")
            lines.append(
                "differential: \(discarded.count) programs discarded, Swinject stops the process on them (seeds \(seeds)"
                    + (discarded.count > 20 ? ", …" : "") + ")")
        }
        if !failed.isEmpty {
            let seeds = failed.prefix(50).map(String.init).joined(separator: ", ")
            lines.append("differential: failing seeds: \(seeds)" + (failed.count > 50 ? ", …" : ""))
            lines.append("differential: run one with `--seed S` to see its program and both traces")
        }
        let excusedCount = excused.values.reduce(0, +)
        lines.append(
            "differential: \(programs) programs, \(passed) passed (\(identical) identical, \(excusedCount) excused), "
                + "\(discarded.count) discarded, \(failed.count) failed")
        lines.append("differential: \(passed) passed, \(failed.count) failed")
        return lines
    }
}
