/// An object told when a container has finished filling its `@Injected` properties.
///
/// The container calls ``didInjectDependencies(from:)`` after it filled the marked properties and ran the
/// registration's `initCompleted` closures, both for objects it makes from a registration configured with
/// ``ServiceEntry/injectsProperties()`` and for ``Container/inject(into:isolation:)``. A re-injected property
/// (`@Injected(reinjected: true)`) calls it again each time it is filled again.
///
/// ```swift
/// final class ProfileViewModel: InjectionCompletionAware {
///     @Injected var api: ProfileAPI
///     private(set) var isReady = false
///
///     func didInjectDependencies(from resolver: any Resolver) {
///         isReady = true
///     }
/// }
/// ```
public protocol InjectionCompletionAware {
    /// Called once the container has filled the `@Injected` properties.
    ///
    /// ```swift
    /// func didInjectDependencies(from resolver: any Resolver) {
    ///     api.prefetch()
    /// }
    /// ```
    ///
    /// - Parameter resolver: The container that filled them, to resolve anything else needed now.
    func didInjectDependencies(from resolver: any Resolver)
}
