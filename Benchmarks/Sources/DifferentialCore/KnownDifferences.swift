// THE list of known differences between Syringe and Swinject 2.10 that the differential test excuses.
//
// Each entry names one difference, says why it is excused in one line, and recognizes it from the first
// differing event of a program (and the tags the runs noticed there; see `Tag`). A program whose first
// difference no enabled entry explains fails the run. The report counts, per entry, how many programs it excused.
//
// When a difference is fixed, set its `enabled` to `false` (or run with `--no-exclusion NAME`, or
// `--no-exclusions` for all) and check that no program fails; then delete the entry.

/// A difference between Syringe and Swinject 2.10 that is known and excused, by name.
public struct KnownDifference: Sendable {
    public let name: String
    public let reason: String
    public var enabled: Bool
    private let detector: @Sendable (Divergence) -> Bool

    public init(name: String, reason: String, enabled: Bool = true, detector: @escaping @Sendable (Divergence) -> Bool) {
        self.name = name
        self.reason = reason
        self.enabled = enabled
        self.detector = detector
    }

    /// Whether this difference explains `divergence`.
    public func explains(_ divergence: Divergence) -> Bool { detector(divergence) }
}

extension KnownDifference {
    /// Every known difference, in the order they are tried.
    public static let all: [KnownDifference] = [
        KnownDifference(
            name: "replaced-registration-keeps-instance",
            reason: "Syringe keeps an instance of a replaced or removed registration alive; Swinject drops it",
            enabled: true
        ) { divergence in
            guard case .alive(let syringe)? = divergence.candidate?.kind,
                case .alive(let swinject)? = divergence.reference?.kind
            else { return false }
            return syringe && !swinject && divergence.tags.contains(.registrationReplaced)
        },
        KnownDifference(
            name: "deferred-read-in-factory-leaves-graph",
            reason: "a Lazy/Provider read inside a factory resolves outside the factory's object graph in Syringe",
            enabled: true
        ) { $0.tags.contains(.deferredReadInFactory) },
        KnownDifference(
            name: "deferred-bound-to-key",
            reason: "a Lazy/Provider made earlier resolves its key again in Syringe, its old registration in Swinject",
            enabled: true
        ) { $0.tags.contains(.staleDeferred) },
        KnownDifference(
            name: "type-reset-reaches-parent",
            reason: "resetObjectScope(_:serviceType:) on a child goes on to the parents in Syringe; Swinject stops",
            enabled: true
        ) { $0.tags.contains(.typeResetStopsAtContainerWithoutType) },
        KnownDifference(
            name: "initCompleted-cycle-in-shared-scope",
            reason: "a circular graph through initCompleted in .container/.weak scope gives nil in Syringe",
            enabled: true
        ) { $0.tags.contains(.cycleInSharedScope) },
        KnownDifference(
            name: "factory-resolver-is-not-container",
            reason: "a factory's resolver r is the container in Swinject, a resolution context in Syringe",
            enabled: true
        ) { $0.tags.contains(.resolverInspected) },
    ]
}
