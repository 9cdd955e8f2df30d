import DifferentialCore
import DifferentialSwinject
import DifferentialSyringe

/// The settings of one run of the differential test, from the command line.
struct Settings: Sendable {
    var generator = GeneratorOptions()
    var knownDifferences = KnownDifference.all

    /// The flags a worker process needs to judge programs as this process would.
    var workerArguments: [String] {
        var arguments: [String] = []
        for (name, path) in GeneratorOptions.names.sorted(by: { $0.key < $1.key }) {
            arguments += [generator[keyPath: path] ? "--with" : "--without", name]
        }
        for known in knownDifferences where !known.enabled {
            arguments += ["--no-exclusion", known.name]
        }
        return arguments
    }
}

/// One program, both traces and what was judged.
struct Outcome {
    let program: Program
    let reference: Trace
    let candidate: Trace
    let verdict: Verdict
    let divergence: Divergence?
}

/// Runs the program of `seed` on Swinject, then on Syringe, and judges them. `watch` is told before each run
/// (the library's name, the program, Swinject's trace once there is one, and the run's progress) and returns
/// what to do once the run finished: a worker reports the phase, so that it can tell which library stopped the
/// process, and arms a watchdog against a run that never ends.
func runSeed(
    _ seed: UInt64, settings: Settings,
    watch: (String, Program, Trace?, RunProgress) -> () -> Void = { _, _, _, _ in {} }
) -> Outcome {
    let program = Generator.program(seed: seed, options: settings.generator)
    let referenceProgress = RunProgress()
    let referenceDone = watch(SwinjectLibrary.name, program, nil, referenceProgress)
    let reference = run(program, on: SwinjectLibrary.self, progress: referenceProgress)
    referenceDone()
    let candidateProgress = RunProgress()
    let candidateDone = watch(SyringeLibrary.name, program, reference, candidateProgress)
    let candidate = run(program, on: SyringeLibrary.self, progress: candidateProgress)
    candidateDone()
    let (verdict, divergence) = judge(
        program, reference: reference, candidate: candidate, knownDifferences: settings.knownDifferences)
    return Outcome(
        program: program, reference: reference, candidate: candidate, verdict: verdict, divergence: divergence)
}
