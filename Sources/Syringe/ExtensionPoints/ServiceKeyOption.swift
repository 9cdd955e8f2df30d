/// An extra part of a registration's key, for extensions that register and resolve alongside the app's own
/// registrations without colliding with them: Swinject's extension point, used with
/// `Container._register(_:factory:name:option:)` and `Container._resolve(name:option:invoker:)`.
///
/// Two options are the same part of a key when `isEqualTo` says so; `hash(into:)` must agree with it. The
/// `description` shows in error messages and the dependency graph, after the registration's name.
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

/// The registration names that stand for a name and an option (see `Container._register(_:factory:name:option:)`).
///
/// An option becomes a number, the same for every option `isEqualTo` calls equal, kept for the life of the process
/// (an app has a handful of options), and the number becomes part of the name: so a key with an option is an
/// ordinary key to the engine, and never the key of a name without one.
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
