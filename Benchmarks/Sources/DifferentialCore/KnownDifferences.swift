import Foundation

// THE list of known differences between Syringe and Swinject 2.10 that the differential test excuses.
//
// Each entry names one difference and says why it is excused in one line. Most recognize it from the first
// differing event of a program (and the tags the runs noticed there; see `Tag`); an entry with a `normalize`
// function instead rewrites every event's text before comparing, so that what it excuses hides nothing else. A
// program whose first remaining difference no enabled entry explains fails the run. The report counts, per
// entry, how many programs it excused.
//
// When a difference is fixed, set its `enabled` to `false` (or run with `--no-exclusion NAME`, or
// `--no-exclusions` for all) and check that no program fails; then delete the entry.

/// A difference between Syringe and Swinject 2.10 that is known and excused, by name.
public struct KnownDifference: Sendable {
    public let name: String
    public let reason: String
    public var enabled: Bool
    private let detector: @Sendable (Divergence) -> Bool
    /// Rewrites an event's text to leave out what this difference is about (both traces alike).
    public let normalize: (@Sendable (String) -> String)?

    /// A difference recognized from the first differing event.
    public init(name: String, reason: String, enabled: Bool = true, detector: @escaping @Sendable (Divergence) -> Bool)
    {
        self.name = name
        self.reason = reason
        self.enabled = enabled
        self.detector = detector
        self.normalize = nil
    }

    /// A difference left out of the comparison by rewriting every event's text.
    public init(name: String, reason: String, enabled: Bool = true, normalize: @escaping @Sendable (String) -> String) {
        self.name = name
        self.reason = reason
        self.enabled = enabled
        self.detector = { _ in false }
        self.normalize = normalize
    }

    /// Whether this difference explains `divergence`.
    public func explains(_ divergence: Divergence) -> Bool { detector(divergence) }
}

extension KnownDifference {
    /// Every known difference, in the order they are tried: those recognized by what happened during the
    /// differing operation first, then those recognized by what happened earlier in the program.
    public static let all: [KnownDifference] = [
        KnownDifference(
            name: "deferred-read-in-factory-leaves-graph",
            reason: "a Lazy/Provider read inside a factory resolves outside the factory's object graph in Syringe",
            enabled: true
        ) { $0.tags.contains(.deferredReadInFactory) },
        KnownDifference(
            name: "deferred-bound-to-key",
            reason: "a Lazy/Provider made earlier resolves its key again in Syringe, its old registration in Swinject",
            enabled: true
        ) { divergence in
            // Read later, it resolves another registration; or, unread, it keeps (in Swinject only) the old
            // registration and its instance alive.
            if divergence.tags.contains(.staleDeferred) { return true }
            return divergence.isLiveness(swinject: true, syringe: false)
                && divergence.tags.contains(.replacedRegistrationHeldByDeferred)
        },
        KnownDifference(
            name: "initCompleted-cycle-in-shared-scope",
            reason: "a circular graph through initCompleted in .container/.weak scope gives nil in Syringe",
            enabled: true
        ) { $0.tags.contains(.cycleInSharedScope) },
        KnownDifference(
            name: "transient-reentered-through-initCompleted",
            reason:
                "(found by this test) a .transient service asked again from an initCompleted below it is a cycle in Syringe",
            enabled: true
        ) { $0.tags.contains(.transientReentered) },
        KnownDifference(
            name: "type-reset-reaches-parent",
            reason: "resetObjectScope(_:serviceType:) on a child goes on to the parents in Syringe; Swinject stops",
            enabled: true
        ) { divergence in
            // A factory runs again in Syringe only; or an instance Swinject still holds is gone in Syringe.
            divergence.tags.contains(.typeResetStopsAtContainerWithoutType)
                || (divergence.isLiveness(swinject: true, syringe: false)
                    && divergence.tags.contains(.typeResetSkippedInstances))
        },
        KnownDifference(
            name: "replaced-registration-keeps-instance",
            reason: "Syringe keeps an instance of a replaced or removed registration alive; Swinject drops it",
            enabled: true
        ) { divergence in
            // The instance is still alive in Syringe: a liveness check says so, or a `.weak` registration that
            // makes a new instance in Swinject finds it (or something it holds) in Syringe.
            guard divergence.tags.contains(.registrationReplaced) else { return false }
            return divergence.isLiveness(swinject: false, syringe: true)
                || divergence.reference?.tags.contains(.madeWeakInstance) == true
        },
        KnownDifference(
            name: "factory-resolver-is-not-container",
            reason: "a factory's resolver r is the container in Swinject, a resolution context in Syringe",
            enabled: true,
            normalize: withoutResolverLabels
        ),
    ]
}

/// The text with the `@…` labels of factories' resolvers left out (`#3:Alpha/0@c1[…]` → `#3:Alpha/0[…]`).
@Sendable func withoutResolverLabels(_ text: String) -> String {
    var result = text
    for label in resolverLabels(in: text) {
        result = result.replacingOccurrences(of: label, with: "")
    }
    return result
}

private func resolverLabels(in text: String) -> Set<String> {
    var labels: Set<String> = ["@not a container", "@another container"]
    var remainder = Substring(text)
    while let at = remainder.firstIndex(of: "@") {
        let rest = remainder[remainder.index(after: at)...]
        if rest.first == "c" {
            let digits = rest.dropFirst().prefix { $0.isNumber }
            if !digits.isEmpty { labels.insert("@c" + digits) }
        }
        remainder = rest
    }
    return labels
}
