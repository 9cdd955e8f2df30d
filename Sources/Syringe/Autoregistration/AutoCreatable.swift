/// A concrete type the container can make without a registration, when the container opts in
/// (``Container/autoCreatesUnregisteredTypes``).
///
/// On a request for an unregistered `AutoCreatable` type (unnamed, without runtime arguments), a container that
/// auto-creates makes one with ``init(resolver:)``, fills its `@Injected` properties and tells it injection is
/// complete (``InjectionCompletionAware``), in the scope ``autoCreationScope`` gives (transient unless the type
/// says otherwise). A registration of the type always comes first: auto-creation happens only on a miss, and
/// costs nothing to services that are registered.
///
/// ```swift
/// final class ReceiptPrinter: AutoCreatable {
///     @Injected var formatter: ReceiptFormatter
///     let printer: Printer
///
///     init(resolver: any Resolver) throws {
///         printer = try resolver.require(Printer.self)
///     }
/// }
///
/// container.autoCreatesUnregisteredTypes = true
/// let printer = try container.require(ReceiptPrinter.self)
/// ```
public protocol AutoCreatable: SendableMetatype {
    /// Makes an instance, resolving its dependencies through `resolver` (the container, as a factory's).
    ///
    /// ```swift fragment
    /// init(resolver: any Resolver) throws {
    ///     printer = try resolver.require(Printer.self)
    /// }
    /// ```
    ///
    /// - Parameter resolver: The container; a resolve through it joins the running resolution.
    /// - Throws: What a factory may throw; it fails the resolution as a factory's error does.
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
