extension ServiceKeys {
    /// Where a declared key is declared: its label, if any, and the file and line of its initializer.
    ///
    /// ```swift
    /// let declaration = ServiceKeys.api.declaration
    /// print(declaration)  // ServiceKeys.api at MyApp/Keys.swift:2 (with `label: "api"`)
    /// ```
    public struct Declaration: Sendable, Hashable, CustomStringConvertible {
        /// The key's label (``DeclaredKey/label``).
        ///
        /// ```swift
        /// print(ServiceKeys.api.declaration.label ?? "unlabelled")
        /// ```
        public let label: String?
        /// The file of the declaration, as `#fileID` spells it (`MyApp/Keys.swift`).
        ///
        /// ```swift
        /// print(ServiceKeys.api.declaration.fileID)
        /// ```
        public let fileID: String
        /// The line of the declaration.
        ///
        /// ```swift
        /// print(ServiceKeys.api.declaration.line)
        /// ```
        public let line: UInt

        /// The key and where it is declared: `ServiceKeys.api at MyApp/Keys.swift:2`, or
        /// `the key at MyApp/Keys.swift:2` when it has no label.
        ///
        /// ```swift
        /// print(ServiceKeys.api.declaration.description)
        /// ```
        public var description: String {
            "\(label.map { "ServiceKeys.\($0)" } ?? "the key") at \(fileID):\(line)"
        }
    }
}

/// Two or more declared keys with one service type, name and argument types: one registration answers them all, so
/// their defaults cannot all apply; give each key its own `name:`. ``Container/verify(samples:)`` lists collisions,
/// and a resolve of a colliding key throws ``ResolutionError/Kind/keyCollision(_:)``.
///
/// ```swift
/// extension ServiceKeys {
///     static let primaryHost = Key<String>(label: "primaryHost") { _ in "a.example" }
///     static let backupHost = Key<String>(label: "backupHost") { _ in "b.example" }  // collides
/// }
/// do {
///     try container.verify(keys: [ServiceKeys.primaryHost, ServiceKeys.backupHost])
/// } catch {
///     for collision in error.keyCollisions { print(collision) }
/// }
/// ```
public struct KeyCollision: Sendable, CustomStringConvertible {
    /// The request every one of the keys answers: their type, name and argument types.
    ///
    /// ```swift
    /// print(collision.request)  // String
    /// ```
    public let request: ServiceRequest
    /// Where each of the colliding keys is declared, in the order they were first created.
    ///
    /// ```swift
    /// for declaration in collision.declarations { print(declaration.fileID, declaration.line) }
    /// ```
    public internal(set) var declarations: [ServiceKeys.Declaration]

    /// The keys, where each is declared, and the fix.
    ///
    /// ```swift
    /// print(collision)
    /// // ServiceKeys.primaryHost at MyApp/Keys.swift:2 and ServiceKeys.backupHost at MyApp/Keys.swift:3 are all String: …
    /// ```
    public var description: String {
        "\(listed) are all \(request): one registration answers them, so only one default can apply. "
            + "To fix: give each key its own name (Key<\(typeName(request.serviceType))>(name: \"…\") { … }), or its own type."
    }

    /// The declarations as a phrase: `A and B`, `A, B and C`.
    var listed: String {
        let names = declarations.map(\.description)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
    }
}

/// The declarations of every declared key created in the process, by registry key: a collision is found when the
/// second key is created (a `static let` is created on first access).
enum KeyDeclarations {
    private static let table = Locked<[ServiceKey: KeyCollision]>([:])

    /// Records that a key answering `request` under `key` is declared at `declaration`; returns whether another
    /// declaration of `key` was recorded before (a key created again at the same place is the same one).
    static func declare(
        _ declaration: ServiceKeys.Declaration, of request: ServiceRequest, for key: ServiceKey
    ) -> Bool {
        table.withLock { table in
            var entry = table[key] ?? KeyCollision(request: request, declarations: [])
            if !entry.declarations.contains(declaration) { entry.declarations.append(declaration) }
            table[key] = entry
            return entry.declarations.count > 1
        }
    }

    static func collision(of key: ServiceKeys) -> KeyCollision? {
        table.withLock { $0[key.registryKey] }.flatMap { $0.declarations.count > 1 ? $0 : nil }
    }

    /// The collisions among the registry keys `isIncluded` accepts, ordered by request.
    static func collisions(where isIncluded: (ServiceKey) -> Bool) -> [KeyCollision] {
        let colliding = table.withLock { table in table.filter { $0.value.declarations.count > 1 } }
        return colliding.filter { isIncluded($0.key) }.map(\.value).sorted(byKey: { $0.request.description })
    }
}
