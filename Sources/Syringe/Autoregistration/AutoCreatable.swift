/// A concrete type the container can make without a registration, when the container opts in
/// (``Container/autoCreatesUnregisteredTypes``).
///
/// On a miss (unnamed, without runtime arguments), such a container makes it with ``init(resolver:)`` and fills
/// its `@Injected` properties, in ``autoCreationScope``. A registration of the type always comes first.
///
/// ```swift
/// final class ReceiptPrinter: AutoCreatable {
///     let printer: Printer
///     init(resolver: any Resolver) throws {
///         printer = try resolver.require(Printer.self)
///     }
/// }
///
/// container.autoCreatesUnregisteredTypes = true
/// let printer = try container.require(ReceiptPrinter.self)
/// ```
public protocol AutoCreatable: SendableMetatype {
    /// Makes an instance, resolving its dependencies through `resolver`; an error fails the resolution as a
    /// factory's does.
    ///
    /// ```swift fragment
    /// init(resolver: any Resolver) throws {
    ///     printer = try resolver.require(Printer.self)
    /// }
    /// ```
    init(resolver: any Resolver) throws

    /// The scope of auto-created instances; ``ObjectScope/transient`` unless the type says otherwise.
    ///
    /// ```swift fragment
    /// static var autoCreationScope: ObjectScope { .container }
    /// ```
    static var autoCreationScope: ObjectScope { get }
}

extension AutoCreatable {
    /// ``ObjectScope/transient``: a new instance for every resolve.
    ///
    /// ```swift
    /// print(ReceiptPrinter.autoCreationScope) // transient
    /// ```
    public static var autoCreationScope: ObjectScope { .transient }
}
