/// `failures` without the repeats of a cycle: every registration on a cycle (and every one that depends on it)
/// fails with the same cycle, seen from where its own resolution entered it. One mistake is reported once: the
/// first failure of each cycle stays (in the order verified), the others go.
func removingRepeatedCycles(_ failures: [ResolutionError]) -> [ResolutionError] {
    var seen: Set<String> = []
    return failures.filter { failure in
        guard case .circularDependency(let cycle) = failure.kind else { return true }
        // The cycle's requests, whatever request it starts at: `A -> B -> A` and `B -> A -> B` are one cycle.
        // Keyed by the sorted distinct descriptions, one string (a `Set` of sets costs a copy of the hashing code).
        let members = Set(cycle.dropLast().map(\.description)).sorted(byKey: { $0 })
        return seen.insert(members.joined(separator: "\u{0}")).inserted
    }
}
