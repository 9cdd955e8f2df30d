/// A group of related registrations, applied to a container by an ``Assembler``.
///
/// ```swift
/// struct NetworkAssembly: Assembly {
///     func assemble(container: Container) {
///         container.register(HTTPClient.self) { _ in URLSessionClient() }.inObjectScope(.container)
///     }
/// }
/// ```
public protocol Assembly {
    /// Registers this assembly's services in `container`.
    func assemble(container: Container)

    /// Called after every assembly applied together with this one has assembled.
    func loaded(resolver: any Resolver)

    /// Called on ``Container/unload(_:)-(Module.Type)`` while the module's services still resolve.
    ///
    /// ```swift
    /// func unload(resolver: any Resolver) {
    ///     resolver.resolve(Database.self)?.flush()
    /// }
    /// ```
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
