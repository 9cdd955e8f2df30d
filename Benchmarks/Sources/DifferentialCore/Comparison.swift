// Compares the trace of the reference (Swinject 2.10) with Syringe's and judges the difference, if any.

/// The first point where two traces disagree.
public struct Divergence: Sendable {
    public let program: Program
    /// The index of the first differing event (or the length of the shorter trace).
    public let index: Int
    public let reference: Event?
    public let candidate: Event?

    /// What either run noticed during the differing operation (and the lasting tags of the program so far).
    public var tags: Set<Tag> { (reference?.tags ?? []).union(candidate?.tags ?? []) }

    /// Whether both differing events are liveness checks, and found these.
    public func isLiveness(swinject: Bool, syringe: Bool) -> Bool {
        guard case .alive(let inSwinject)? = reference?.kind, case .alive(let inSyringe)? = candidate?.kind else {
            return false
        }
        return inSwinject == swinject && inSyringe == syringe
    }

    /// The operation both traces differ at, if the differing events belong to one.
    public var operation: Operation? {
        guard let index = reference?.operation ?? candidate?.operation else { return nil }
        return program.operations.indices.contains(index) ? program.operations[index] : nil
    }
}

/// The first difference between two traces of `program`, or `nil` when they observed the same.
public func firstDivergence(of program: Program, reference: Trace, candidate: Trace) -> Divergence? {
    let common = min(reference.events.count, candidate.events.count)
    for index in 0..<common where !reference.events[index].matches(candidate.events[index]) {
        return Divergence(
            program: program, index: index, reference: reference.events[index], candidate: candidate.events[index])
    }
    guard reference.events.count != candidate.events.count else { return nil }
    return Divergence(
        program: program, index: common, reference: reference.events.dropFirst(common).first,
        candidate: candidate.events.dropFirst(common).first)
}

/// What became of one program.
public enum Verdict: Sendable, Hashable {
    /// Both traces are the same.
    case passed
    /// The traces differ in a way a known difference explains (its name).
    case excused(String)
    /// The traces differ, and no enabled known difference explains it.
    case failed
    /// Swinject stopped the process on this program (its resolution depth trap); nothing to compare.
    case discarded
    /// Syringe stopped the process on this program.
    case crashed
}

/// Judges two traces against the enabled known differences: first the normalizing ones rewrite both traces
/// (the first after which no difference is left is credited), then the first remaining difference is offered to
/// the others in order. The divergence returned is the one judged.
public func judge(
    _ program: Program, reference: Trace, candidate: Trace, knownDifferences: [KnownDifference]
) -> (verdict: Verdict, divergence: Divergence?) {
    guard var divergence = firstDivergence(of: program, reference: reference, candidate: candidate) else {
        return (.passed, nil)
    }
    var reference = reference
    var candidate = candidate
    for known in knownDifferences where known.enabled {
        guard let normalize = known.normalize else { continue }
        reference = reference.normalized(normalize)
        candidate = candidate.normalized(normalize)
        guard let remaining = firstDivergence(of: program, reference: reference, candidate: candidate) else {
            return (.excused(known.name), divergence)
        }
        divergence = remaining
    }
    for known in knownDifferences where known.enabled && known.explains(divergence) {
        return (.excused(known.name), divergence)
    }
    return (.failed, divergence)
}

extension Trace {
    /// The trace with `normalize` applied to every event's text.
    func normalized(_ normalize: (String) -> String) -> Trace {
        var copy = self
        for index in copy.events.indices { copy.events[index].text = normalize(copy.events[index].text) }
        return copy
    }
}
