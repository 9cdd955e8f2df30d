/// `failures` with each cycle once (the first failure of it): every registration on or through a cycle fails with
/// it, seen from where it entered.
func removingRepeatedCycles(_ failures: [ResolutionError]) -> [ResolutionError] {
    var seen: Set<String> = []
    return failures.filter { failure in
        guard case .circularDependency(let cycle) = failure.kind else { return true }
        // `A -> B -> A` and `B -> A -> B` are one cycle: keyed by its sorted requests, as one string.
        let members = Set(cycle.dropLast().map(\.description)).sorted(byKey: { $0 })
        return seen.insert(members.joined(separator: "\u{0}")).inserted
    }
}
