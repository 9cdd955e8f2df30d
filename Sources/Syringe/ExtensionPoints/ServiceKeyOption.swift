/// An extra part of a registration's key, so an extension's registrations (`Container._register`) never collide
/// with the app's. `hash(into:)` must agree with `isEqualTo`; `description` shows in error messages.
///
/// ```swift
/// struct StoryboardOption: ServiceKeyOption {
///     let storyboard: String
///     func isEqualTo(_ another: any ServiceKeyOption) -> Bool {
///         (another as? StoryboardOption)?.storyboard == storyboard
///     }
///     func hash(into hasher: inout Hasher) { hasher.combine(storyboard) }
///     var description: String { "storyboard \(storyboard)" }
/// }
/// ```
public protocol ServiceKeyOption: CustomStringConvertible, Sendable {
    /// Whether `another` is the same option (the same part of a key).
    ///
    /// ```swift
    /// let same = StoryboardOption(storyboard: "Main").isEqualTo(StoryboardOption(storyboard: "Main"))  // true
    /// ```
    func isEqualTo(_ another: any ServiceKeyOption) -> Bool

    /// Feeds what `isEqualTo` compares to `hasher`.
    ///
    /// ```swift
    /// var hasher = Hasher()
    /// StoryboardOption(storyboard: "Main").hash(into: &hasher)
    /// ```
    func hash(into: inout Hasher)
}

/// The registration names that stand for a name and an option: each option interned as a number for the life
/// of the process (options are few), so a key with an option is an ordinary key, never a plain name's.
enum OptionNames {
    /// An option, hashed and compared as the protocol says.
    private struct Interned: Hashable, Sendable {
        let option: any ServiceKeyOption

        static func == (lhs: Interned, rhs: Interned) -> Bool {
            type(of: lhs.option) == type(of: rhs.option) && lhs.option.isEqualTo(rhs.option)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(type(of: option)))
            option.hash(into: &hasher)
        }
    }

    private static let numbers = Locked<[Interned: Int]>([:])

    /// The name that stands for `name` with `option`; `name` itself without one.
    static func name(_ name: String?, option: (any ServiceKeyOption)?) -> String? {
        guard let option else { return name }
        let number = numbers.withLock { numbers in
            let interned = Interned(option: option)
            if let number = numbers[interned] { return number }
            let number = numbers.count + 1
            numbers[interned] = number
            return number
        }
        // U+001F (unit separator) cannot appear in a name written in source by accident.
        return "\(name ?? "")\u{1F}option #\(number): \(option.description)"
    }
}
