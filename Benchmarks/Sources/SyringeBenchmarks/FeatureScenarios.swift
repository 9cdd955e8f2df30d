/// Scenario group 12: features beyond Swinject's core (autoregistration, property injection, multi-injection,
/// per-test containers, the dependency graph…), each priced against the hand-written code that does the same,
/// and against Swinject where it has an equivalent.
///
/// A feature adds its scenarios in a file of its own (`Feature<Name>.swift`) as a function returning
/// `[FeatureScenario]`, and one line to ``featureScenarios()``.
struct FeatureScenario {
    /// The row's name, starting with "12 ".
    let name: String
    /// The same work written by hand, without a container.
    let handWired: Body
    /// The work through Syringe's public API.
    let syringe: Body
    /// The work through Swinject 2.10, where Swinject can do it; `nil` leaves its column empty.
    let swinject: Body?
    /// The behaviour checks, run before timing (and by `--check` in CI); each failure is one message.
    let check: () -> [String]

    init(
        _ name: String, handWired: @escaping Body, syringe: @escaping Body, swinject: Body? = nil,
        check: @escaping () -> [String]
    ) {
        self.name = name
        self.handWired = handWired
        self.syringe = syringe
        self.swinject = swinject
        self.check = check
    }
}

/// Every feature scenario, in the order of the report.
func featureScenarios() -> [FeatureScenario] {
    var scenarios: [FeatureScenario] = []
    // One line per feature file, e.g. `scenarios += autoregistrationScenarios()`.
    scenarios += dependencyGraphScenarios()
    scenarios += autoregistrationScenarios()
    scenarios += injectionScenarios()
    scenarios += testingScenarios()
    scenarios += keyedByArgumentsScenarios()
    scenarios += declaredKeyScenarios()
    scenarios += defaultScopeScenarios()
    scenarios += multiInjectionBaselineScenarios()
    scenarios += requestScopeScenarios()
    return scenarios
}
