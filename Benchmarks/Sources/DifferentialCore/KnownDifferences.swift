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
            name: "retired-registration-keeps-no-instance",
            reason:
                "a Lazy/Provider still resolves its replaced or removed registration, which Syringe emptied at the "
                + "change (kept instances released and disposed) and which keeps none after; Swinject's keeps them",
            enabled: true
        ) { divergence in
            // Read later, it makes a new instance where Swinject gives the old one; or an instance Swinject still
            // keeps through that registration (held only by the Lazy/Provider) is gone in Syringe.
            if divergence.tags.contains(.staleDeferred) { return true }
            guard divergence.isLiveness(swinject: true, syringe: false) else { return false }
            if divergence.tags.contains(.replacedRegistrationHeldByDeferred) { return true }
            return divergence.hasStaleDeferredReadBefore
        }
    ]
}

extension Divergence {
    /// Whether, before the differing operation, the program emptied a container or registered a key again and
    /// then read a `Lazy`/`Provider` (which may have been made before that change).
    fileprivate var hasStaleDeferredReadBefore: Bool {
        guard let index = reference?.operation ?? candidate?.operation else { return false }
        var changed = false
        for operation in program.operations.prefix(index) {
            switch operation {
            case .removeAll, .register: changed = true
            case .read where changed: return true
            default: break
            }
        }
        return false
    }
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
