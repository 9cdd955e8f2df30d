#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Collects the results, prints the tables and writes the raw samples as JSON.
struct Report {
    struct Scenario {
        let name: String
        let systems: [String]
        let samples: [[Double]]
        let iterations: [Int]
    }

    let repetitions: Int
    let date: String
    let machine: String
    var scenarios: [Scenario] = []
    var scaling: [(String, [Double])] = []
    /// Scenario 9 with the second thread resolving another service (no registration shared).
    var distinctScaling: [[Double]] = []
    var allocations: [(String, [Double])] = []
    var depths: [(system: String, thread: String, depth: Int, deeper: String)] = []
    var codeSize: CodeSize.Measurement?
    /// Scenario group 14, awaited resolution.
    var awaited: [AwaitedResult] = []

    init(repetitions: Int) {
        self.repetitions = repetitions
        var time = time(nil)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
        date = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var names = utsname()
        uname(&names)
        let system = withUnsafeBytes(of: &names.sysname) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        let architecture = withUnsafeBytes(of: &names.machine) {
            String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
        }
        machine = "\(system) \(architecture), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores"
    }

    mutating func add(_ name: String, systems: [String], samples: [[Double]], iterations: [Int]) {
        scenarios.append(Scenario(name: name, systems: systems, samples: samples, iterations: iterations))
        let medians = samples.map { Summary($0).median }
        let text = zip(systems, medians).map { "\($0) \(format($1)) ns" }.joined(separator: ", ")
        print("  \(name): \(text)")
    }

    func printTables() {
        if !scenarios.isEmpty { printTimes() }
        printOtherTables()
    }

    private func printTimes() {
        print("\n## Time per operation (ns; median, min–max over \(repetitions) interleaved repetitions)\n")
        print(
            "| scenario | hand-wired | Syringe | Swinject 2.10 | Syringe / hand-wired | Swinject / hand-wired | Syringe / Swinject |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        for scenario in scenarios {
            let summaries = scenario.samples.map(Summary.init)
            let cells = zip(summaries, scenario.samples).map { summary, samples in
                samples.isEmpty ? "–" : "\(format(summary.median)) (\(format(summary.min))–\(format(summary.max)))"
            }
            let hand = summaries[0].median
            let syringe = summaries[1].median
            let swinject = summaries[2].median
            print(
                "| \(scenario.name) | \(cells.joined(separator: " | ")) | \(ratio(syringe, hand)) | \(ratio(swinject, hand)) | \(ratio(syringe, swinject)) |"
            )
        }
    }

    private func printOtherTables() {
        if !scaling.isEmpty {
            print("\n## Scenario 9: two-thread throughput / one-thread throughput (median, min–max)\n")
            print("| system | both threads resolve the same service | the second thread resolves another service |")
            print("|---|---:|---:|")
            for (index, (system, samples)) in scaling.enumerated() {
                let same = Summary(samples)
                let cells = [same] + (index < distinctScaling.count ? [Summary(distinctScaling[index])] : [])
                let text = cells.map { "\(ratioText($0.median)) (\(ratioText($0.min))–\(ratioText($0.max)))" }
                print("| \(system) | \(text.joined(separator: " | ")) |")
            }
            if let control = scaling.first, Summary(control.1).median < 1.7 {
                print(
                    "\nWARNING: the hand-wired control scaled only \(ratioText(Summary(control.1).median)): the second core was busy; rerun."
                )
            }
        }
        if !allocations.isEmpty {
            print("\n## Scenario 10: heap allocations per operation (malloc count of the resolving thread)\n")
            print("| scenario | hand-wired | Syringe | Swinject 2.10 | Syringe's own | Swinject's own |")
            print("|---|---:|---:|---:|---:|---:|")
            for (name, counts) in allocations {
                let cells = counts.map { format($0) }
                print(
                    "| \(name) | \(cells.joined(separator: " | ")) | \(format(counts[1] - counts[0])) | \(format(counts[2] - counts[0])) |"
                )
            }
        }
        if !depths.isEmpty {
            print("\n## Scenario 11: the deepest acyclic chain of distinct registrations that resolves\n")
            print("| system | thread | deepest chain | one level deeper |")
            print("|---|---|---:|---|")
            for entry in depths {
                print("| \(entry.system) | \(entry.thread) | \(entry.depth) | \(entry.deeper) |")
            }
        }
        if !awaited.isEmpty { printAwaitedTable(awaited) }
        if let codeSize { CodeSize.printTable(codeSize) }
    }

    func writeJSON(to path: String) {
        var json =
            "{\n  \"date\": \(quoted(date)),\n  \"machine\": \(quoted(machine)),\n  \"repetitions\": \(repetitions),\n"
        json += "  \"unit\": \"nanoseconds per operation\",\n  \"scenarios\": [\n"
        json += scenarios.map { scenario in
            let systems = zip(scenario.systems, zip(scenario.samples, scenario.iterations)).map { system, data in
                "        {\"system\": \(quoted(system)), \"iterationsPerSample\": \(data.1), \"samples\": [\(data.0.map { String($0) }.joined(separator: ", "))]}"
            }
            return
                "    {\"name\": \(quoted(scenario.name)), \"systems\": [\n\(systems.joined(separator: ",\n"))\n    ]}"
        }.joined(separator: ",\n")
        json += "\n  ],\n  \"twoThreadScaling\": {"
        json += scaling.map { "\(quoted($0.0)): [\($0.1.map { String($0) }.joined(separator: ", "))]" }.joined(
            separator: ", ")
        json += "},\n  \"twoThreadScalingDistinctServices\": {"
        json += zip(scaling.map(\.0), distinctScaling).map {
            "\(quoted($0)): [\($1.map { String($0) }.joined(separator: ", "))]"
        }
        .joined(separator: ", ")
        json += "},\n  \"allocationsPerOperation\": ["
        json += allocations.map {
            "{\"name\": \(quoted($0.0)), \"handWired\": \($0.1[0]), \"Syringe\": \($0.1[1]), \"Swinject\": \($0.1[2])}"
        }
        .joined(separator: ", ")
        json += "],\n  \"deepestChain\": ["
        json += depths.map {
            "{\"system\": \(quoted($0.system)), \"thread\": \(quoted($0.thread)), \"depth\": \($0.depth), \"oneDeeper\": \(quoted($0.deeper))}"
        }.joined(separator: ", ")
        json += "],\n  \"codeSize\": \(codeSize.map(CodeSize.json) ?? "null")\n}\n"
        guard let file = fopen(path, "w") else {
            print("could not write \(path)")
            return
        }
        fputs(json, file)
        fclose(file)
    }
}

func format(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    let tenths = (value * 10).rounded() / 10
    return String(tenths)
}

func ratioText(_ value: Double) -> String {
    let hundredths = (value * 100).rounded() / 100
    return "\(hundredths)x"
}

func ratio(_ value: Double, _ base: Double) -> String {
    base > 0 && value > 0 ? ratioText(value / base) : "–"
}

func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        default:
            if scalar.value < 0x20 {
                result += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
