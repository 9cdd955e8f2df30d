/// What every `@Injected` box has, whatever its value's type: the property's declaration, and its value behind
/// the box's lock stripe. The container reads a box from its owner as this class (one word, with no conformance
/// lookup) and fills it through the overrides of ``InjectedStorage``.
///
/// All the state is here, in a class that is not generic, and none in the generic subclass: the fields have fixed
/// offsets, and freeing a box destroys them with no generic metadata and no `Optional` value witnesses (freeing
/// five boxes: ~2,180 → ~1,870 instructions).
///
/// **Invariant.** `stored`, `filled`, `label` and `owner` are read and written only inside
/// `LockStripes.withLock(for: self)` (checked in debug builds: the stripe held is this box's), so they need no
/// dynamic exclusivity check (`@exclusivity(unchecked)`: in the generic box they cost ~260 instructions a fill).
/// `stored`, once `filled`, holds a value stored as exactly the subclass's `Value`: only ``store(swapping:)`` sets
/// it, and only the subclass calls it, with a `Value` (or an `Any` a declared key's `require` made from one).
@usableFromInline
class InjectedBox: InjectedStorageProtocol, @unchecked Sendable {
    // @unchecked Sendable: the `let`s are Sendable; `stored`, `filled`, `label` and `owner` are touched only
    // under the box's stripe (the invariant). The value crosses threads only as the user's object does:
    // `Injected` is `Sendable` only when `Value` is.
    @usableFromInline let name: String?
    @usableFromInline let reinjected: Bool
    @usableFromInline let fileID: String
    @usableFromInline let line: UInt
    /// The declaring type's name, as `#function` gives it in a property declaration.
    @usableFromInline let declaringType: String
    /// How a property marked with a declared key (`@Injected(.api)`) resolves: through the key, so a miss
    /// registers the key's default (Injection/Injected+Keys.swift); the `Any` holds exactly a `Value`. `nil` for
    /// a property resolved by type and name.
    @usableFromInline let resolveThroughKey: (@Sendable (any Resolver) throws(ResolutionError) -> Any)?

    /// Whether the property resolves through a declared key (`resolveThroughKey` is set). Asked by pattern, not with
    /// `!= nil`: comparing an optional of a typed-throws function type with `nil` needs that type's metadata, which
    /// only macOS 15 / iOS 18 runtimes can make.
    var resolvesThroughKey: Bool {
        if case .some = resolveThroughKey { return true }
        return false
    }
    /// The value, once a container filled it (`filled`), stored as exactly `Value` (an `Any`, so that this class
    /// need not be generic; taken out with no cast, Runtime/ExactCast.swift). Not an `Any?`: copying and
    /// destroying one goes through `Optional`'s value witnesses (~100 instructions each).
    @exclusivity(unchecked) private var stored: Any = ()
    @exclusivity(unchecked) private var filled = false
    /// The property's name and owner once a container failed to fill it (for the message of an early read; a
    /// filled box is never read early).
    @exclusivity(unchecked) private var label: String?
    @exclusivity(unchecked) private var owner: Any.Type?

    @usableFromInline
    init(
        name: String?, reinjected: Bool, fileID: String, line: UInt, declaringType: String,
        resolveThroughKey: (@Sendable (any Resolver) throws(ResolutionError) -> Any)?
    ) {
        self.name = name
        self.reinjected = reinjected
        self.fileID = fileID
        self.line = line
        self.declaringType = declaringType
        self.resolveThroughKey = resolveThroughKey
    }

    /// Runs `body` under this box's stripe.
    @inline(__always)
    private func locked<Result>(_ body: () -> Result) -> Result {
        LockStripes.withLock(for: self) {
            #if DEBUG
                LockStripes.checkHeld(for: self)
            #endif
            return body()
        }
    }

    /// The stored value, `nil` before a container filled the box.
    final var storedValue: Any? { locked { filled ? stored : nil } }

    /// Whether a container filled the box.
    final var isFilled: Bool { locked { filled } }

    /// The property's name and owner, once a container has seen them.
    final var seen: (label: String?, owner: Any.Type?) { locked { (label, owner) } }

    /// Remembers the property's name and owner.
    final func record(label: String, owner: Any.Type) {
        locked {
            self.label = label
            self.owner = owner
        }
    }

    /// Stores `value`, which holds exactly the subclass's `Value`, and hands back in `value` the value replaced (on
    /// re-injection; else the empty tuple), for the caller to release after the stripe is unlocked: its `deinit`
    /// may be the user's. Swapped, not copied: no retain and release of the value on the way in.
    final func store(swapping value: inout Any) {
        locked {
            swap(&stored, &value)
            filled = true
        }
    }

    // Unreachable: only `InjectedStorage` is ever made, and it overrides these.
    var valueType: Any.Type { preconditionFailure("InjectedBox is abstract") }
    var lookupType: Any.Type { preconditionFailure("InjectedBox is abstract") }
    func fill(from resolver: any Resolver, label: String, owner: Any.Type) throws(ResolutionError) {
        preconditionFailure("InjectedBox is abstract")
    }
    func fill(from resolver: any Resolver, label: String, owner: Any.Type, plain: Bool) throws(ResolutionError) {
        preconditionFailure("InjectedBox is abstract")
    }
    func store(kept object: AnyObject) {
        preconditionFailure("InjectedBox is abstract")
    }
}
