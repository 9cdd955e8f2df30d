/// `failures` without the repeats of a cycle: every registration on a cycle (and every one that depends on it)
/// fails with the same cycle, seen from where its own resolution entered it. One mistake is reported once: the
/// first failure of each cycle stays (in the order verified), the others go.
func removingRepeatedCycles(_ failures: [ResolutionError]) -> [ResolutionError] {
    var seen: Set<Set<String>> = []
    return failures.filter { failure in
        guard case .circularDependency(let cycle) = failure.kind else { return true }
        // The cycle's requests, whatever request it starts at: `A -> B -> A` and `B -> A -> B` are one cycle.
        return seen.insert(Set(cycle.dropLast().map(\.description))).inserted
    }
}
