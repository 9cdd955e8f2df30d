import DifferentialCore
import DifferentialSwinject
import DifferentialSyringe

// `--self-test`: deterministic checks of the harness itself (generator, interpreter, numbering, comparison,
// classification), so that a passing differential run means the libraries agree, not that the harness is blind.

private struct SelfTestFailure: Error {
    let message: String
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(SelfTestFailure) {
    if !condition { throw SelfTestFailure(message: message()) }
}

private let selfTests: [(String, @Sendable () throws(SelfTestFailure) -> Void)] = [
    ("the same seed makes the same program, different seeds different ones", generatorIsDeterministic),
    ("canonical numbers follow first appearance, whatever the serials", numberingIsStable),
    ("a cycle of objects is described once, then by number", describerEndsCycles),
    ("identical traces compare equal; the first changed event is the divergence", comparisonFindsFirstDifference),
    ("tags are not compared", tagsAreNotCompared),
    ("each library gives the same trace for the same program twice", runsAreDeterministic),
    ("a hand-written program gives the expected trace on both libraries", handWrittenProgram),
    ("a known difference excuses only what it recognizes, and not when switched off", knownDifferencesClassify),
    ("every known difference has a distinct name and a reason", knownDifferencesAreNamed),
    ("the listing has one line per operation", listingHasALinePerOperation),
]

/// Runs the self-tests, prints one line each and a closing count; true when all passed.
func runSelfTest() -> Bool {
    var failed = 0
    for (name, test) in selfTests {
        do {
            try test()
            print("self-test: ok: \(name)")
        } catch {
            failed += 1
            print("self-test: FAILED: \(name): \(error.message)")
        }
    }
    print("self-test: \(selfTests.count - failed) passed, \(failed) failed")
    return failed == 0
}

private func generatorIsDeterministic() throws(SelfTestFailure) {
    for seed: UInt64 in [0, 1, 42, 9_999] {
        try check(Generator.program(seed: seed) == Generator.program(seed: seed), "seed \(seed) made two programs")
    }
    let programs = Set((0..<50 as Range<UInt64>).map { Generator.program(seed: $0).operations })
    try check(programs.count >= 48, "50 seeds made only \(programs.count) different programs")
    var options = GeneratorOptions()
    options.lazyAndProvider = false
    for seed: UInt64 in 0..<50 {
        for operation in Generator.program(seed: seed, options: options).operations {
            if case .register(let spec) = operation {
                try check(
                    spec.dependencies.allSatisfy { $0.request.wrapper == .direct },
                    "seed \(seed) used a Lazy/Provider with the feature off")
            }
            if case .resolve(_, let request) = operation {
                try check(request.wrapper == .direct, "seed \(seed) resolved a Lazy/Provider with the feature off")
            }
        }
    }
}

private func numberingIsStable() throws(SelfTestFailure) {
    var numbering = ObjectNumbering()
    let numbers = [57, 3, 57, 9, 3].map { numbering.number(ofSerial: $0) }
    try check(numbers == [0, 1, 0, 2, 1], "numbers \(numbers)")
    // The same shape made with other serials reads the same.
    func shape(_ serials: (Int, Int, Int)) -> String {
        let leaf = Beta(serial: serials.0, registration: 1, arguments: .none, resolverLabel: nil, dependencies: [])
        let middle = Gamma(
            serial: serials.1, registration: 2, arguments: .one(3), resolverLabel: nil,
            dependencies: [.object(leaf), .object(nil)])
        let root = Alpha(
            serial: serials.2, registration: 0, arguments: .none, resolverLabel: "c0",
            dependencies: [.object(middle), .object(leaf)])
        var describer = ObjectDescriber()
        return describer.describe(.object(root)) + " | " + describer.describe(.object(leaf))
    }
    let first = shape((0, 1, 2))
    let second = shape((900, 17, 4))
    try check(first == second, "\(first) != \(second)")
    try check(
        first == "#0:Alpha/0@c0[#1:Gamma/2(3)[#2:Beta/1, nil], #2] | #2:Beta/1",
        "unexpected description \(first)")
}

private func describerEndsCycles() throws(SelfTestFailure) {
    let a = Alpha(serial: 5, registration: 0, arguments: .none, resolverLabel: nil, dependencies: [])
    let b = Beta(serial: 6, registration: 1, arguments: .two(1, "x"), resolverLabel: nil, dependencies: [])
    a.injected = [b]
    b.injected = [a, nil]
    var describer = ObjectDescriber()
    let text = describer.describe(.object(a))
    try check(text == "#0:Alpha/0{#1:Beta/1(1,x){#0, nil}}", "unexpected description \(text)")
    a.injected = []  // break the cycle, so the self-test leaks nothing
}

private func sampleTrace() -> Trace {
    Trace(
        library: "sample",
        events: [
            Event(operation: 3, kind: .resolve, text: "s0 = c0.resolve(Alpha.self) → #0:Alpha/0"),
            Event(operation: 4, kind: .resolve, text: "s1 = c0.resolve(Alpha.self) → #0:Alpha/0"),
            Event(operation: 6, kind: .alive(true), text: "released #0 is alive"),
        ])
}

private func comparisonFindsFirstDifference() throws(SelfTestFailure) {
    let program = Program(seed: 0, operations: [])
    let trace = sampleTrace()
    try check(firstDivergence(of: program, reference: trace, candidate: trace) == nil, "a trace differs from itself")
    var changed = trace
    changed.events[1].text = "s1 = c0.resolve(Alpha.self) → #1:Alpha/0"
    changed.events[2].text = "released #1 is gone"
    let divergence = firstDivergence(of: program, reference: trace, candidate: changed)
    try check(divergence?.index == 1, "divergence at \(String(describing: divergence?.index)), not 1")
    var longer = trace
    longer.events.append(Event(operation: 7, kind: .read, text: "s2 = s0: no Lazy or Provider to read"))
    let extra = firstDivergence(of: program, reference: trace, candidate: longer)
    try check(extra?.index == 3 && extra?.reference == nil, "an extra event is not a divergence at the end")
}

private func tagsAreNotCompared() throws(SelfTestFailure) {
    let trace = sampleTrace()
    var tagged = trace
    tagged.events[0].tags = [.registrationReplaced, .deferredReadInFactory]
    try check(
        firstDivergence(of: Program(seed: 0, operations: []), reference: trace, candidate: tagged) == nil,
        "tags made a difference")
}

private func runsAreDeterministic() throws(SelfTestFailure) {
    for seed: UInt64 in 0..<20 {
        let program = Generator.program(seed: seed)
        let first = run(program, on: SwinjectLibrary.self)
        let second = run(program, on: SwinjectLibrary.self)
        try check(first == second, "Swinject gave two traces for seed \(seed)")
        let third = run(program, on: SyringeLibrary.self)
        let fourth = run(program, on: SyringeLibrary.self)
        try check(third == fourth, "Syringe gave two traces for seed \(seed)")
    }
}

private func handWrittenProgram() throws(SelfTestFailure) {
    let singleton = RegistrationSpec(id: 0, container: 0, kind: .alpha, scope: .container)
    let transient = RegistrationSpec(
        id: 1, container: 0, kind: .beta, scope: .transient,
        dependencies: [Dependency(request: Request(kind: .alpha))])
    let program = Program(
        seed: 0,
        operations: [
            .register(singleton),
            .register(transient),
            .resolve(container: 0, Request(kind: .beta)),
            .resolve(container: 0, Request(kind: .beta)),
            .resolve(container: 0, Request(kind: .gamma)),
            .drop(slot: 0),
            .checkAlive(released: 0),
            .resolve(container: 0, Request(kind: .beta, wrapper: .provider)),
            .read(slot: 3, link: 0),
        ])
    let expected = [
        "s0 = c0.resolve(Beta.self) → #0:Beta/1[#1:Alpha/0]",
        "s1 = c0.resolve(Beta.self) → #2:Beta/1[#1:Alpha/0]",
        "s2 = c0.resolve(Gamma.self) → nil",
        "released #0 is gone",
        "s3 = c0.resolve(Provider<Beta>.self) → provider",
        "s4 = s3 Provider .instance → #3:Beta/1[#1:Alpha/0]",
    ]
    for trace in [run(program, on: SwinjectLibrary.self), run(program, on: SyringeLibrary.self)] {
        let texts = trace.events.map(\.text)
        try check(texts == expected, "\(trace.library) traced\n    \(texts.joined(separator: "\n    "))")
    }
}

private func knownDifferencesClassify() throws(SelfTestFailure) {
    let program = Program(seed: 0, operations: [])
    let reference = sampleTrace()
    var candidate = reference
    candidate.events[1].text = "s1 = c0.resolve(Alpha.self) → #9:Alpha/0"
    candidate.events[1].tags = [.staleDeferred]
    let name = "retired-registration-keeps-no-instance"
    let excused = judge(program, reference: reference, candidate: candidate, knownDifferences: KnownDifference.all)
    try check(excused.verdict == .excused(name), "judged \(excused.verdict), not excused by \(name)")

    var switchedOff = KnownDifference.all
    for index in switchedOff.indices where switchedOff[index].name == name { switchedOff[index].enabled = false }
    let strict = judge(program, reference: reference, candidate: candidate, knownDifferences: switchedOff)
    try check(strict.verdict == .failed, "judged \(strict.verdict) with the exclusion off")

    candidate.events[1].tags = []
    let untagged = judge(program, reference: reference, candidate: candidate, knownDifferences: KnownDifference.all)
    try check(untagged.verdict == .failed, "an untagged difference was judged \(untagged.verdict)")

    // A liveness difference is excused only in the direction the exclusion is about (Syringe released it).
    var gone = reference
    gone.events[2] = Event(
        operation: 6, kind: .alive(false), text: "released #0 is gone", tags: [.replacedRegistrationHeldByDeferred])
    let released = judge(program, reference: reference, candidate: gone, knownDifferences: KnownDifference.all)
    try check(released.verdict == .excused(name), "judged \(released.verdict)")
    let keptAlive = judge(program, reference: gone, candidate: reference, knownDifferences: KnownDifference.all)
    try check(keptAlive.verdict == .failed, "Syringe keeping alive was judged \(keptAlive.verdict)")
}

private func knownDifferencesAreNamed() throws(SelfTestFailure) {
    let names = KnownDifference.all.map(\.name)
    try check(Set(names).count == names.count, "duplicate names in \(names)")
    try check(KnownDifference.all.allSatisfy { !$0.reason.isEmpty }, "a known difference without a reason")
}

private func listingHasALinePerOperation() throws(SelfTestFailure) {
    for seed: UInt64 in 0..<20 {
        let program = Generator.program(seed: seed)
        let lines = program.listing.split(separator: "\n")
        try check(lines.count == program.operations.count, "seed \(seed): \(lines.count) lines")
    }
}
