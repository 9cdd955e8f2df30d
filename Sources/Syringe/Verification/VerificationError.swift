/// Everything ``Container/verify(samples:)`` found wrong, in one error; ``description`` lists every finding with
/// its fix.
///
/// ```swift
/// do { try container.verify() } catch { print(error) }
/// ```
public struct VerificationError: Error, Sendable, CustomStringConvertible {
    /// One error per registration that could not be resolved (and per sample that matches no registration).
    ///
    /// ```swift
    /// for failure in error.failures { print(failure.path) }
    /// ```
    public let failures: [ResolutionError]
    /// Singletons that capture shorter-lived services.
    ///
    /// ```swift
    /// for captive in error.captiveDependencies { print(captive.owner, captive.captured) }
    /// ```
    public let captiveDependencies: [CaptiveDependency]
    /// What the run checked and what it could not.
    ///
    /// ```swift
    /// print(error.report.unverifiable)
    /// ```
    public let report: VerificationReport
    /// Declared keys whose default was used while a registration of a type conforming to the key's, most likely
    /// meant to replace it, exists (a key never resolves a conforming type).
    ///
    /// ```swift
    /// for shadowed in error.shadowedKeyDefaults { print(shadowed) }
    /// ```
    public let shadowedKeyDefaults: [String]
    /// Declared keys the container uses that share a type, name and argument types (only one default applies).
    ///
    /// ```swift
    /// for collision in error.keyCollisions { print(collision.declarations) }
    /// ```
    public let keyCollisions: [KeyCollision]

    /// Creates the error. ``Container/verify(samples:)`` creates these.
    ///
    /// ```swift
    /// let error = VerificationError(failures: [], captiveDependencies: [], report: report)
    /// ```
    public init(
        failures: [ResolutionError], captiveDependencies: [CaptiveDependency], report: VerificationReport,
        shadowedKeyDefaults: [String] = [], keyCollisions: [KeyCollision] = []
    ) {
        self.failures = failures
        self.captiveDependencies = captiveDependencies
        self.report = report
        self.shadowedKeyDefaults = shadowedKeyDefaults
        self.keyCollisions = keyCollisions
    }

    var isEmpty: Bool {
        failures.isEmpty && captiveDependencies.isEmpty && shadowedKeyDefaults.isEmpty && keyCollisions.isEmpty
    }

    /// Every finding, numbered, each with its details and fix, then the registrations that were not verified.
    ///
    /// ```swift
    /// print(error.description)  // Syringe: verification found 2 problems in 5 registrations. …
    /// ```
    public var description: String {
        let count = failures.count + captiveDependencies.count + shadowedKeyDefaults.count + keyCollisions.count
        let checked = report.verified.count + failures.count
        var lines = [
            "Syringe: verification found \(count) problem\(count == 1 ? "" : "s") in \(checked) registration\(checked == 1 ? "" : "s")."
        ]
        appendSection("Failed resolutions", failures.map(\.description), to: &lines)
        appendSection("Captive dependencies", captiveDependencies.map(\.description), to: &lines)
        appendSection(
            "Declared keys whose default is used though a conforming registration exists", shadowedKeyDefaults,
            to: &lines)
        appendSection(
            "Declared keys that share a type, name and argument types", keyCollisions.map(\.description), to: &lines)
        if !report.unverifiable.isEmpty {
            lines.append("")
            lines.append(report.unverifiableSection)
        }
        if !report.asynchronous.isEmpty {
            lines.append("")
            lines.append(report.asynchronousSection)
        }
        return lines.joined(separator: "\n")
    }
}

/// What a successful ``Container/verify(samples:)`` checked, and what it could not.
///
/// ```swift
/// let report = try container.verify()
/// print(report.verified.count, "registrations verified")
/// ```
public struct VerificationReport: Sendable, CustomStringConvertible {
    /// The registrations (and forwarded types) that were resolved successfully.
    ///
    /// ```swift
    /// print(report.verified.count)
    /// ```
    public let verified: [RegistrationDescription]
    /// The registrations that take runtime arguments and had no sample: they were not resolved.
    ///
    /// ```swift
    /// for registration in report.unverifiable { print("needs samples:", registration) }
    /// ```
    public let unverifiable: [RegistrationDescription]
    /// The registrations a synchronous verification cannot run: `async`, actor-isolated or `@MainActor` ones.
    ///
    /// ```swift
    /// for registration in report.asynchronous { print("resolve with await:", registration) }
    /// ```
    public let asynchronous: [RegistrationDescription]
    /// The defaults of declared keys not used yet (registered at a key's first resolve), checked by
    /// ``Container/verify(keys:samples:)``.
    ///
    /// ```swift
    /// for key in report.unusedKeyDefaults { print("default not used yet:", key) }
    /// ```
    public internal(set) var unusedKeyDefaults: [RegistrationDescription] = []
    /// The values each request provides, and the registrations that need them, outside a ``RequestScope``.
    ///
    /// ```swift
    /// for registration in report.providedByRequest { print("needs a request:", registration) }
    /// ```
    public internal(set) var providedByRequest: [RegistrationDescription] = []

    /// Creates a report. ``Container/verify(samples:)`` creates these.
    ///
    /// ```swift
    /// let report = VerificationReport(verified: [], unverifiable: [])
    /// ```
    public init(
        verified: [RegistrationDescription], unverifiable: [RegistrationDescription],
        asynchronous: [RegistrationDescription] = []
    ) {
        self.verified = verified
        self.unverifiable = unverifiable
        self.asynchronous = asynchronous
    }

    /// A summary: how many registrations were verified, and which were not.
    ///
    /// ```swift
    /// print(report)  // Syringe: verified 5 registrations.
    /// ```
    public var description: String {
        var lines = ["Syringe: verified \(verified.count) registration\(verified.count == 1 ? "" : "s")."]
        if !unverifiable.isEmpty { lines.append(unverifiableSection) }
        if !asynchronous.isEmpty { lines.append(asynchronousSection) }
        if !providedByRequest.isEmpty {
            lines.append(
                listing(
                    "Not verified, they are or need values each request provides (\(providedByRequest.count)); verify inside RequestScope().provide(…).run { … } to check them with sample values:",
                    providedByRequest))
        }
        if !unusedKeyDefaults.isEmpty {
            lines.append(
                listing(
                    "Declared keys whose default was not used yet (\(unusedKeyDefaults.count)), checked with the registrations above:",
                    unusedKeyDefaults))
        }
        return lines.joined(separator: "\n")
    }

    var asynchronousSection: String {
        listing(
            "Not verified, their factories are async or actor-isolated (\(asynchronous.count)); verify them with try await container.async.verify() (or @MainActor ones with container.mainActor.verify() from main-actor code):",
            asynchronous)
    }

    var unverifiableSection: String {
        listing(
            "Not verified, they take runtime arguments (\(unverifiable.count)); provide samples with container.verify { $0.provide(Type.self, arguments: …) }:",
            unverifiable)
    }
}

/// `heading`, then each of `items` on a line of its own, indented.
private func listing(_ heading: String, _ items: [some CustomStringConvertible]) -> String {
    ([heading] + items.map { "  \($0)" }).joined(separator: "\n")
}

/// After a blank line, `title` with the count of `items`, then `items` numbered; nothing when there are none.
private func appendSection(_ title: String, _ items: [String], to lines: inout [String]) {
    guard !items.isEmpty else { return }
    lines.append("")
    lines.append("\(title) (\(items.count)):")
    for (index, item) in items.enumerated() {
        lines.append(numbered(index, item))
    }
}

/// `text` as item `index` of a numbered list, its following lines indented under the first.
private func numbered(_ index: Int, _ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let prefix = "\(index + 1). "
    let indent = String(repeating: " ", count: prefix.count)
    return lines.enumerated().map { $0.offset == 0 ? prefix + $0.element : indent + $0.element }.joined(separator: "\n")
}
