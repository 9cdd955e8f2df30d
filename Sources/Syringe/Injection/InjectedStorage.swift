/// The box of one `@Injected` property, typed for `Value` (the value is kept by ``InjectedBox``). The wrapper
/// holds only this box, so the copy `Mirror` gives shares the box the owner reads.
@usableFromInline
final class InjectedStorage<Value>: InjectedBox, @unchecked Sendable {
    // @unchecked Sendable: no stored property of its own; `InjectedBox` documents its state.

    // Inlinable: the owner's module specializes it, with no metadata lookup per property made.
    @inlinable
    override init(
        name: String?, reinjected: Bool, fileID: String, line: UInt, declaringType: String,
        key: ServiceKeys? = nil
    ) {
        super.init(
            name: name, reinjected: reinjected, fileID: fileID, line: line, declaringType: declaringType, key: key)
    }

    /// The value, or a stop with a message naming the property (an optional property reads `nil`).
    var value: Value {
        switch filledValue {
        case nil:
            return valueBeforeInjection()
        case .object(let object):
            return filledObject(object, as: Value.self)
        case .value(let value):
            // Stored as exactly `Value` (the invariant); the cast is only for a box someone filled otherwise.
            if holdsExactly(value, Value.self) { return Syringe.value(ofExactly: value, as: Value.self) }
            return value as! Value
        }
    }

    /// `nil` for an optional property; for a required one, a stop with a message naming the property.
    private func valueBeforeInjection() -> Value {
        if Value.self is any OptionalMarker.Type, let optional = Value.self as? any ExpressibleByNilLiteral.Type,
            let none = optional.init(nilLiteral: ()) as? Value
        {
            return none
        }
        let (label, owner) = seen
        let ownerName = owner.map { typeName($0) } ?? declaringType
        let property = label.map { "property '\($0)' of \(ownerName)" } ?? "property of \(ownerName)"
        // A trap a user can reach (see `requireOrStop`): a required property has no value to return, and a default
        // would be silently wrong. Code that must not stop asks `$property.isInjected` first.
        preconditionFailure(
            "Syringe: the @Injected \(property) (\(typeName(Value.self))\(name.map { ", name: \"\($0)\"" } ?? "")), declared at \(fileID):\(line), was read before a container filled it. To fix: register its owner with .injectsProperties(), or call try container.inject(into:) before reading it."
        )
    }

    /// Stores `value` (`label` and `owner` are for a failure's message: a filled box needs neither).
    func record(_ value: Value, label: String, owner: Any.Type) {
        store(value)
    }

    /// Stores `value` (a class instance as its one reference); what it replaces is released after the stripe.
    private func store(_ value: Value) {
        if let object = classReference(value) {
            store(object: object)
        } else {
            store(value: value)
        }
    }

    override var valueType: Any.Type { Value.self }

    override var lookupType: Any.Type {
        (Value.self as? any OptionalMarker.Type)?.wrappedOptionalType ?? Value.self
    }

    override func fill(from resolver: any Resolver, label: String, owner: Any.Type) throws(ResolutionError) {
        try resolveAndStore(from: resolver, label: label, owner: owner, plain: nil)
    }

    override func fill(from resolver: any Resolver, label: String, owner: Any.Type, plain: Bool)
        throws(ResolutionError)
    {
        try resolveAndStore(from: resolver, label: label, owner: owner, plain: plain)
    }

    /// Resolves the value and stores it; `plain`: whether `Value` is known not to be an array (`nil`: unknown).
    private func resolveAndStore(from resolver: any Resolver, label: String, owner: Any.Type, plain: Bool?)
        throws(ResolutionError)
    {
        do {
            if let key {
                // A declared key (`@Injected(.api)`): a miss registers its default.
                store(try key.require(Value.self, from: resolver))
                return
            }
            let resolved: Value
            if plain == true {
                resolved = try resolver.require(Value.self, name: name)
            } else {
                resolved = try InjectionDispatch.resolve(Value.self, name: name, from: resolver)
            }
            store(resolved)
        } catch {
            record(label: label, owner: owner)
            throw error
        }
    }

    /// Stores `object`, which a quick read of the container returned for exactly `Value` (a class type).
    override func store(kept object: consuming AnyObject) {
        checkExactReference(object, as: Value.self)
        store(object: object)
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
