/// The non-generic part of every `@Injected` box: the property's declaration, and its value behind the box's lock
/// stripe. The container reads a box as this class (no conformance lookup) and fills it through ``InjectedStorage``.
/// All state is here, not in the generic subclass, so freeing a box needs no generic metadata.
///
/// **Invariant.** `payload`, `holdsObject`, `label` and `owner` are touched only inside
/// `LockStripes.withLock(for: self)` (debug: checked). `payload` is `nil` until a container fills the box; then, when
/// `holdsObject`, it is an instance of the subclass's `Value`, a class type, as its one reference (``store(object:)``);
/// otherwise a ``StoredValue`` whose `Any` holds a value stored as exactly `Value` (``store(value:)``). The subclass
/// takes the value out by that flag, with no dynamic cast; debug builds check the type.
@usableFromInline
class InjectedBox: InjectedStorageProtocol, @unchecked Sendable {
    // @unchecked Sendable: the `let`s are Sendable; `payload`, `holdsObject`, `label` and `owner` are touched only
    // under the box's stripe (the invariant). The value crosses threads only as the user's object does:
    // `Injected` is `Sendable` only when `Value` is.
    @usableFromInline let name: String?
    @usableFromInline let reinjected: Bool
    @usableFromInline let fileID: String
    @usableFromInline let line: UInt
    /// The declaring type's name, as `#function` gives it in a property declaration.
    @usableFromInline let declaringType: String
    /// The declared key the property resolves through (`@Injected(.api)`), `nil` for one resolved by type and name.
    @usableFromInline let key: ServiceKeys?

    /// Whether the property resolves through a declared key.
    var resolvesThroughKey: Bool { key != nil }
    /// The value once filled (see the invariant): one reference either way, where an `Any` costs value witness calls.
    private var payload: AnyObject?
    private var holdsObject = false
    /// The property's name and owner once a container failed to fill it (for the message of an early read).
    private var label: String?
    private var owner: Any.Type?

    @usableFromInline
    init(
        name: String?, reinjected: Bool, fileID: String, line: UInt, declaringType: String,
        key: ServiceKeys?
    ) {
        self.name = name
        self.reinjected = reinjected
        self.fileID = fileID
        self.line = line
        self.declaringType = declaringType
        self.key = key
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

    /// What a filled box holds.
    enum Filled {
        /// An instance of `Value`, a class type.
        case object(AnyObject)
        /// A value stored as exactly `Value`.
        case value(Any)
    }

    /// What the box holds, `nil` before a container filled it.
    final var filledValue: Filled? {
        locked {
            guard let payload else { return nil }
            if holdsObject { return .object(payload) }
            // The invariant: a payload not held as an object is a `StoredValue` (checked in debug builds).
            assert(payload is StoredValue, "an injected box holds a \(type(of: payload)) as its value")
            return .value((payload as! StoredValue).value)
        }
    }

    /// `object`, from ``filledValue``'s `.object` case, as the subclass's `Value`, with no cast (the invariant).
    final func filledObject<Value>(_ object: AnyObject, as valueType: Value.Type) -> Value {
        exactReference(object, as: Value.self)
    }

    /// Whether a container filled the box.
    final var isFilled: Bool { locked { payload != nil } }

    /// The property's name and owner, once a container has seen them.
    final var seen: (label: String?, owner: Any.Type?) { locked { (label, owner) } }

    /// Remembers the property's name and owner.
    final func record(label: String, owner: Any.Type) {
        locked {
            self.label = label
            self.owner = owner
        }
    }

    /// Stores `value`, which holds exactly the subclass's `Value` (not a class type, or not known to be one).
    final func store(value: consuming Any) {
        var cell: AnyObject? = StoredValue(value)
        replacePayload(with: &cell, holdsObject: false)
    }

    /// Stores `object`, an instance of the subclass's `Value`, which is a class type (the invariant).
    final func store(object: consuming AnyObject) {
        var replacement: AnyObject? = consume object
        replacePayload(with: &replacement, holdsObject: true)
    }

    /// Swaps `replacement` in; what it replaces comes back, to be released after the stripe is unlocked (its
    /// `deinit` may be the user's).
    @inline(__always)
    private func replacePayload(with replacement: inout AnyObject?, holdsObject: Bool) {
        locked {
            swap(&payload, &replacement)
            self.holdsObject = holdsObject
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
    func store(kept object: consuming AnyObject) {
        preconditionFailure("InjectedBox is abstract")
    }
}

/// A filled box's value when not held as an object: an `Any` storing exactly the box's `Value`.
final class StoredValue: @unchecked Sendable {
    // @unchecked Sendable: immutable, and the value crosses threads only as the user's object does (`Injected` is
    // `Sendable` only when `Value` is).
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}
