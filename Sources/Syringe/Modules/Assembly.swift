/// A group of related registrations, applied to a container by an ``Assembler``.
///
/// ```swift
/// struct NetworkAssembly: Assembly {
///     func assemble(container: Container) {
///         container.register(HTTPClient.self) { _ in URLSessionClient() }.inObjectScope(.container)
///     }
///     func loaded(resolver: any Resolver) {
///         resolver.resolve(HTTPClient.self)?.warmUp()
///     }
/// }
/// ```
public protocol Assembly {
    /// Registers this assembly's services in `container`.
    ///
    /// - Parameter container: The assembler's container.
    func assemble(container: Container)

    /// Called after every assembly applied together with this one has assembled.
    ///
    /// - Parameter resolver: Resolves from the assembled container.
    func loaded(resolver: any Resolver)

    /// Called when the assembly is unloaded (``Container/unload(_:)-(Module.Type)``), before its registrations are removed:
    /// its services still resolve, so it can flush or save them.
    ///
    /// ```swift
    /// func unload(resolver: any Resolver) {
    ///     resolver.resolve(Database.self)?.flush()
    /// }
    /// ```
    ///
    /// - Parameter resolver: Resolves from the container the assembly is unloaded from.
    func unload(resolver: any Resolver)
}

extension Assembly {
    /// Does nothing.
    ///
    /// ```swift
    /// assembly.loaded(resolver: container)
    /// ```
    public func loaded(resolver _: any Resolver) {}

    /// Does nothing.
    ///
    /// ```swift
    /// assembly.unload(resolver: container)
    /// ```
    public func unload(resolver _: any Resolver) {}
}
