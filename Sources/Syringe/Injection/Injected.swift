/// Marks a property for the container to fill: property injection without writing an `initCompleted` closure.
///
/// The container fills the marked properties of an object it makes from a registration that asks for it
/// (``ServiceEntry/injectsProperties()``), or of any object on demand (``Container/inject(into:isolation:)``).
/// Each property is resolved by its type and `name`, as `try resolver.require(Value.self, name: name)` would:
///
/// - a non-optional property is required: when it cannot be resolved, injection throws a ``ResolutionError``
///   whose ``ResolutionError/injectedProperty`` names the property and its owner;
/// - an optional property (`Analytics?`) is nillable: `nil` when its type is not registered, no error;
/// - an array property (`[Plugin]`) receives every registration of the element type.
///
/// ```swift
/// final class CheckoutViewController {
///     @Injected var cart: Cart
///     @Injected(name: "json") var formatter: Formatter
///     @Injected var analytics: Analytics?
/// }
///
/// let controller = CheckoutViewController()
/// try container.inject(into: controller)
/// controller.cart.checkout()
/// ```
///
/// The wrapper keeps its value in a box it shares with its copies: the container finds the boxes of an object's
/// marked properties with `Mirror` (the first instance of a type is reflected in full; later ones only at the
/// marked properties) and fills them, where reflection could read a property but not write one. Copies of a struct made before injection
/// share the filled values.
///
/// > Warning: Reading a required property before a container filled it is a programming error: it stops the
/// > program with `preconditionFailure`, with a message that names the declaring type, the property's type and
/// > where it is declared (and its name, once a container has seen it). Check ``isInjected`` on the projected value
/// > (`$cart.isInjected`) when unsure. An optional property reads `nil` before injection.
///
/// - Note: `Injected` is `Sendable` when `Value` is. Its box holds the value behind a lock.
@propertyWrapper
public struct Injected<Value> {
    @usableFromInline let storage: InjectedStorage<Value>

    /// Marks a property to be filled with the registration of its type under `name`.
    ///
    /// With `reinjected: true`, the property is filled again whenever its source registration changes (it is
    /// registered again, or its kept instance is reset): see ``Container/inject(into:isolation:)``. Only a
    /// registration that keeps one instance (`.container`, `.perContainer`, `.weak`) can be re-injected.
    ///
    /// ```swift
    /// final class ReportScreen {
    ///     @Injected(name: "json") var formatter: Formatter
    ///     @Injected(reinjected: true) var session: Session
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The registration name; `nil` for the unnamed registration.
    ///   - reinjected: Whether the property is filled again when its source registration changes.
    ///   - fileID: Where the property is declared, for the message of a read before injection.
    ///   - line: The line of the declaration.
    ///   - function: The declaring type, as `#function` names it in a property declaration, for that message.
    @inlinable
    public init(
        name: String? = nil, reinjected: Bool = false, fileID: String = #fileID, line: UInt = #line,
        function: String = #function
    ) {
        storage = InjectedStorage(
            name: name, reinjected: reinjected, fileID: fileID, line: line, declaringType: function)
    }

    /// The injected value.
    ///
    /// ```swift
    /// print(controller.cart.items)
    /// ```
    ///
    /// Reading a required property before injection stops the program with a message naming the property (see
    /// the type's discussion); an optional property is `nil` until it is filled.
    public var wrappedValue: Value {
        storage.value
    }

    /// The wrapper itself, to ask whether the property was filled: `$cart.isInjected`.
    ///
    /// ```swift
    /// if !controller.$cart.isInjected { try container.inject(into: controller) }
    /// ```
    public var projectedValue: Injected<Value> { self }

    /// Whether a container has filled the property.
    ///
    /// ```swift
    /// #expect(controller.$cart.isInjected)
    /// ```
    public var isInjected: Bool { storage.isFilled }

    /// The registration name the property is resolved under.
    ///
    /// ```swift
    /// assert(controller.$formatter.name == "json")
    /// ```
    public var name: String? { storage.name }

    /// Whether the property is filled again when its source registration changes.
    ///
    /// ```swift
    /// assert(screen.$session.isReinjected)
    /// ```
    public var isReinjected: Bool { storage.reinjected }
}

extension Injected: Sendable where Value: Sendable {}

/// What the container sees of an `@Injected` property through reflection, whatever its `Value`.
protocol InjectedProperty: SendableMetatype {
    /// The wrapper's box.
    var box: InjectedBox { get }
    /// The box of the wrapper `value` holds, if it holds exactly this wrapper type: a cast to one concrete type,
    /// with no conformance lookup (PropertyInjector.swift reads later instances of a type so).
    static func box(in value: Any) -> InjectedBox?
}

extension Injected: InjectedProperty {
    var box: InjectedBox { storage }

    static func box(in value: Any) -> InjectedBox? {
        (value as? Self)?.storage
    }
}
