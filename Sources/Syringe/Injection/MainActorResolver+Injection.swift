extension MainActorResolver {
    /// ``Container/inject(into:isolation:)`` from main-actor code, `@MainActor` registrations resolved
    /// synchronously; re-injection runs on the main actor. An `async` factory needs
    /// ``AsyncContainerResolver/inject(into:isolation:)``.
    ///
    /// ```swift
    /// @MainActor final class CheckoutViewController {
    ///     @Injected var model: CheckoutViewModel
    /// }
    /// try container.mainActor.inject(into: CheckoutViewController())
    /// ```
    @MainActor
    public func inject<Target>(into target: Target) throws(ResolutionError) {
        let result = MainActorPermit.$thread.withValue(currentThreadIdentity()) {
            Result { () throws(ResolutionError) in try container.inject(into: target, isolation: MainActor.shared) }
        }
        try result.get()
    }
}
