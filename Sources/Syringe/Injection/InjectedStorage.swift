/// The box of one `@Injected` property: its value behind a lock, with what the container needs to fill it.
///
/// The wrapper is a struct holding this box, so that the container, which sees the property through `Mirror`
/// (a copy of the wrapper), fills the very box the owner reads.
final class InjectedStorage<Value>: @unchecked Sendable {
    // @unchecked Sendable: the only mutable state, `state`, is behind its lock; the other fields are `let`s of
    // Sendable types. The value itself crosses threads only as the user's object does: `Injected` is `Sendable`
    // only when `Value` is, and the container writes a value on the thread that injects (or re-injects, see
    // Reinjection.swift), as the owner's own code would.
    let name: String?
    let reinjected: Bool
    let fileID: String
    let line: UInt
    private let state = Locked(State())

    struct State {
        var value: Value?
        /// The property's name and owner, once a container has seen them (for the message of an early read).
        var label: String?
        var owner: Any.Type?
    }

    init(name: String?, reinjected: Bool, fileID: String, line: UInt) {
        self.name = name
        self.reinjected = reinjected
        self.fileID = fileID
        self.line = line
    }

    var isFilled: Bool { state.withLock { $0.value != nil } }

    /// The value, or a stop with a message naming the property (an optional property reads `nil`).
    var value: Value {
        let (value, label, owner) = state.withLock { ($0.value, $0.label, $0.owner) }
        if let value { return value }
        if Value.self is any OptionalMarker.Type, let optional = Value.self as? any ExpressibleByNilLiteral.Type,
            let none = optional.init(nilLiteral: ()) as? Value
        {
            return none
        }
        let property = label.map { "'\($0)' of \(owner.map { typeName($0) } ?? "its owner")" } ?? "property"
        preconditionFailure(
            "Syringe: the @Injected \(property) (\(typeName(Value.self))\(name.map { ", name: \"\($0)\"" } ?? "")), declared at \(fileID):\(line), was read before a container filled it. To fix: register its owner with .injectsProperties(), or call try container.inject(into:) before reading it."
        )
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

extension InjectedStorage: InjectedStorageProtocol {
    var valueType: Any.Type { Value.self }

    var lookupType: Any.Type { (Value.self as? any OptionalMarker.Type)?.wrappedOptionalType ?? Value.self }

    func fill(from resolver: any Resolver, label: String, owner: Any.Type) throws(ResolutionError) {
        state.withLock { state in
            state.label = label
            state.owner = owner
        }
        let resolved = try InjectionDispatch.resolve(Value.self, name: name, from: resolver)
        state.withLock { $0.value = resolved }
    }
}
