/// The non-generic part of every `@Injected` box, which holds all its state (freeing it needs no generic metadata):
/// the property's declaration, and its value behind the box's lock stripe.
///
/// **Invariant.** `payload`, `holdsObject`, `label` and `owner` are touched only under the box's stripe (debug:
/// checked). A filled `payload` is, when `holdsObject`, an instance of the subclass's `Value` (a class type), else a
/// ``StoredValue`` holding exactly `Value`; the subclass takes it out by that flag with no cast (debug: checked).
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

    @inline(__always)
    private func locked<Result>(_ body: () -> Result) -> Result {
        LockStripes.withLock(for: self) {
            #if DEBUG
                LockStripes.checkHeld(for: self)
            #endif
            return body()
        }
    }

    enum Filled {
        case object(AnyObject)
        case value(Any)
    }

    /// What the box holds (see the invariant), `nil` before a container filled it.
    final var filledValue: Filled? {
        locked {
            guard let payload else { return nil }
            if holdsObject { return .object(payload) }
            // The invariant (checked in debug builds).
            assert(payload is StoredValue, "an injected box holds a \(type(of: payload)) as its value")
            return .value((payload as! StoredValue).value)
        }
    }

    /// `object`, from ``filledValue``'s `.object` case, as the subclass's `Value`, with no cast (the invariant).
    final func filledObject<Value>(_ object: AnyObject, as valueType: Value.Type) -> Value {
        exactReference(object, as: Value.self)
    }

    final var isFilled: Bool { locked { payload != nil } }

    final var seen: (label: String?, owner: Any.Type?) { locked { (label, owner) } }

    final func record(label: String, owner: Any.Type) {
        locked {
            self.label = label
            self.owner = owner
        }
    }

    /// Stores `value`, which holds exactly the subclass's `Value`.
    final func store(value: consuming Any) {
        var cell: AnyObject? = StoredValue(value)
        replacePayload(with: &cell, holdsObject: false)
    }

    /// Stores `object`, an instance of the subclass's `Value`, a class type.
    final func store(object: consuming AnyObject) {
        var replacement: AnyObject? = consume object
        replacePayload(with: &replacement, holdsObject: true)
    }

    /// Swaps `replacement` in; the old payload comes back, to be released after the stripe (its `deinit` may run).
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
    // @unchecked Sendable: immutable, and the value crosses threads only as the user's object does.
    let value: Any

    init(_ value: Any) {
        self.value = value
    }
}
