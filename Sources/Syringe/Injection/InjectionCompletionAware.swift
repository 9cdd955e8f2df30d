/// An object told when a container has filled its `@Injected` properties (after the `initCompleted` closures,
/// and again after each re-injection).
///
/// ```swift
/// final class ProfileViewModel: InjectionCompletionAware {
///     @Injected var api: ProfileAPI
///     func didInjectDependencies(from resolver: any Resolver) { api.prefetch() }
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
    func didInjectDependencies(from resolver: any Resolver)
}
