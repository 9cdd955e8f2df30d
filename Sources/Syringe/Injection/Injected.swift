/// Marks a property for the container to fill (``ServiceEntry/injectsProperties()``,
/// ``Container/inject(into:isolation:)``), resolved as `try resolver.require(Value.self, name: name)` would be:
/// an optional is `nil` when unregistered, an array receives every registration of its element.
///
/// ```swift
/// final class CheckoutViewController {
///     @Injected var cart: Cart
///     @Injected var analytics: Analytics?
/// }
/// let controller = CheckoutViewController()
/// try container.inject(into: controller)
/// ```
///
/// > Warning: Reading a required property before a container filled it stops the program with a message naming
/// > the property; check ``isInjected`` (`$cart.isInjected`) when unsure.
@propertyWrapper
public struct Injected<Value> {
    @usableFromInline let storage: InjectedStorage<Value>

    /// Marks a property to be filled with the registration of its type under `name`; with `reinjected: true`,
    /// filled again whenever that registration (which must keep one instance) changes.
    ///
    /// ```swift
    /// final class ReportScreen {
    ///     @Injected(name: "json") var formatter: Formatter
    ///     @Injected(reinjected: true) var session: Session
    /// }
    /// ```
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
    public var wrappedValue: Value {
        storage.value
    }

    /// The wrapper itself: `$cart.isInjected`.
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
    /// The box of the wrapper `value` holds, if exactly this wrapper type: a cast with no conformance lookup.
    static func box(in value: Any) -> InjectedBox?
}

extension Injected: InjectedProperty {
    var box: InjectedBox { storage }

    static func box(in value: Any) -> InjectedBox? {
        (value as? Self)?.storage
    }
}
