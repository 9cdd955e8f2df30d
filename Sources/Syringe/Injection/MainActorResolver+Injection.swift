extension MainActorResolver {
    /// Fills the `@Injected` properties of an object from main-actor code, `@MainActor` services included, then
    /// tells it injection is complete (``InjectionCompletionAware``).
    ///
    /// The same as ``Container/inject(into:isolation:)``: one resolution for all the properties, the same errors,
    /// the same completion callback and re-injection rules. In addition, a property whose registration is
    /// isolated to the main actor (`isolatedTo: MainActor.self`) is resolved synchronously, as
    /// ``require(_:name:arguments:)`` resolves it. Re-injection of the object runs on the main actor.
    /// Registrations with an `async` factory still need ``AsyncContainerResolver/inject(into:isolation:)``.
    ///
    /// ```swift
    /// container.register(CheckoutViewModel.self, isolatedTo: MainActor.self) { r in
    ///     CheckoutViewModel(cart: try r.require(Cart.self))
    /// }
    ///
    /// @MainActor final class CheckoutViewController {
    ///     @Injected var model: CheckoutViewModel
    /// }
    ///
    /// let controller = CheckoutViewController()
    /// try container.mainActor.inject(into: controller)
    /// ```
    ///
    /// - Parameter target: The object (or value) whose marked properties to fill.
    /// - Throws: ``ResolutionError`` for the first required property that cannot be resolved, with
    ///   ``ResolutionError/injectedProperty`` naming it and its owner. Properties before it are filled.
    @MainActor
    public func inject<Target>(into target: Target) throws(ResolutionError) {
        let result = MainActorPermit.$thread.withValue(currentThreadIdentity()) {
            Result { () throws(ResolutionError) in try container.inject(into: target, isolation: MainActor.shared) }
        }
        try result.get()
    }
}
