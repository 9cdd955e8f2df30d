/// The box of one `@Injected` property: its value behind a lock, with what the container needs to fill it.
///
/// The wrapper is a struct holding only this box, so that the container, which reads the property's box from the
/// owner (through its cached field layout, or `Mirror` on the first instance of a type: PropertyInjector.swift),
/// fills the very box the owner reads.
@usableFromInline
final class InjectedStorage<Value>: InjectedBox, @unchecked Sendable {
    // @unchecked Sendable: the mutable state (`stored`, and the label and owner in `seen`) is read and written only
    // inside `LockStripes.withLock(for: self)`; the other fields are `let`s of Sendable types. The value itself crosses threads only as the
    // user's object does: `Injected` is `Sendable` only when `Value` is, and the container writes a value on the
    // thread that injects (or re-injects, see Reinjection.swift), as the owner's own code would.
    @usableFromInline let fileID: String
    @usableFromInline let line: UInt
    /// The declaring type's name, as `#function` gives it in a property declaration.
    @usableFromInline let declaringType: String
    /// How a property marked with a declared key (`@Injected(.api)`) resolves: through the key, so a miss
    /// registers the key's default (Injection/Injected+Keys.swift). `nil` for a property resolved by type and name.
    @usableFromInline let resolveThroughKey: (@Sendable (any Resolver) throws(ResolutionError) -> Value)?
    /// The value, once a container filled it, stored as exactly `Value`. Guarded, with `seen`, by the box's stripe
    /// (`LockStripes`): a box makes no lock of its own, so making a wrapper allocates only the box. An `Any`, not a
    /// `Value?`: the box's methods are generic code, where each use of `Value?` looks up its metadata (~500
    /// instructions), while an `Any` stored as exactly `Value` is taken out with no cast (Runtime/ExactCast.swift).
    @usableFromInline var stored: Any?
    /// The property's name and owner once a container has seen them (for the message of an early read).
    @usableFromInline var seen = Seen()

    /// The property's name and owner.
    @usableFromInline
    struct Seen {
        var label: String?
        var owner: Any.Type?

        @inlinable init() {}
    }

    // Inlinable, as is the wrapper's initializer: the owner's module makes the box specialized for `Value`, where
    // generic code would look up the metadata of `InjectedStorage<Value>` and `Value?` for each property made.
    @inlinable
    init(
        name: String?, reinjected: Bool, fileID: String, line: UInt, declaringType: String,
        resolveThroughKey: (@Sendable (any Resolver) throws(ResolutionError) -> Value)? = nil
    ) {
        self.resolveThroughKey = resolveThroughKey
        self.fileID = fileID
        self.line = line
        self.declaringType = declaringType
        super.init(name: name, reinjected: reinjected)
    }

    var isFilled: Bool { LockStripes.withLock(for: self) { stored != nil } }

    /// The value, or a stop with a message naming the property (an optional property reads `nil`).
    var value: Value {
        guard let stored = LockStripes.withLock(for: self, { stored }) else { return valueBeforeInjection() }
        // Always stored as exactly `Value` (`record`); the cast is only for a box someone filled otherwise.
        if holdsExactly(stored, Value.self) { return Syringe.value(ofExactly: stored, as: Value.self) }
        return stored as! Value
    }

    /// `nil` for an optional property; for a required one, a stop with a message naming the property.
    private func valueBeforeInjection() -> Value {
        if Value.self is any OptionalMarker.Type, let optional = Value.self as? any ExpressibleByNilLiteral.Type,
            let none = optional.init(nilLiteral: ()) as? Value
        {
            return none
        }
        let (label, owner) = LockStripes.withLock(for: self) { (seen.label, seen.owner) }
        let ownerName = owner.map { typeName($0) } ?? declaringType
        let property = label.map { "property '\($0)' of \(ownerName)" } ?? "property of \(ownerName)"
        // One of the three traps a user can reach (see `requireOrStop`): a non-optional property has no value to
        // return before a container filled it, and a default would be a silently wrong value. The message says
        // which property and how to fix it; code that must not stop asks `$property.isInjected` first.
        preconditionFailure(
            "Syringe: the @Injected \(property) (\(typeName(Value.self))\(name.map { ", name: \"\($0)\"" } ?? "")), declared at \(fileID):\(line), was read before a container filled it. To fix: register its owner with .injectsProperties(), or call try container.inject(into:) before reading it."
        )
    }

    /// Remembers the property's name and owner.
    func record(label: String, owner: Any.Type) {
        LockStripes.withLock(for: self) {
            seen.label = label
            seen.owner = owner
        }
    }

    /// Remembers the property's name and owner, and stores `value`.
    func record(_ value: Value, label: String, owner: Any.Type) {
        let boxed: Any = value
        // The value replaced (on re-injection) is released after the stripe is unlocked: its `deinit` may be the
        // user's.
        let replaced: Any? = LockStripes.withLock(for: self) {
            seen.label = label
            seen.owner = owner
            defer { stored = boxed }
            return stored
        }
        _ = consume replaced
    }

    override var valueType: Any.Type { Value.self }

    override var lookupType: Any.Type {
        (Value.self as? any OptionalMarker.Type)?.wrappedOptionalType ?? Value.self
    }

    override func fill(from resolver: any Resolver, label: String, owner: Any.Type) throws(ResolutionError) {
        let resolved: Value
        do {
            if let resolveThroughKey {
                resolved = try resolveThroughKey(resolver)
            } else {
                resolved = try InjectionDispatch.resolve(Value.self, name: name, from: resolver)
            }
        } catch {
            record(label: label, owner: owner)
            throw error
        }
        record(resolved, label: label, owner: owner)
    }
}

/// An ``InjectedStorage`` whatever its `Value`: what the container fills.
protocol InjectedStorageProtocol: AnyObject, Sendable {
    var name: String? { get }
    var reinjected: Bool { get }
    var valueType: Any.Type { get }
    /// The type whose registration answers the property: `Value`, or the type an optional `Value` wraps.
    var lookupType: Any.Type { get }
    /// Resolves the value through `resolver` and stores it, remembering `label` and `owner` for messages.
    func fill(from resolver: any Resolver, label: String, owner: Any.Type) throws(ResolutionError)
}

/// What every `@Injected` box has, whatever its value's type: the container reads a box from its owner as this
/// class (one word, with no conformance lookup) and fills it through the overrides of ``InjectedStorage``.
@usableFromInline
class InjectedBox: InjectedStorageProtocol, @unchecked Sendable {
    // @unchecked Sendable: both stored properties are `let`s of Sendable types; the subclass documents its own.
    @usableFromInline let name: String?
    @usableFromInline let reinjected: Bool

    @usableFromInline
    init(name: String?, reinjected: Bool) {
        self.name = name
        self.reinjected = reinjected
    }

    // Unreachable: only `InjectedStorage` is ever made, and it overrides these.
    var valueType: Any.Type { preconditionFailure("InjectedBox is abstract") }
    var lookupType: Any.Type { preconditionFailure("InjectedBox is abstract") }
    func fill(from resolver: any Resolver, label: String, owner: Any.Type) throws(ResolutionError) {
        preconditionFailure("InjectedBox is abstract")
    }
}

