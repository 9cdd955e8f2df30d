extension Container {
    /// Disposes the instances this container keeps, newest first, and forgets them.
    ///
    /// Every ``Disposable`` instance this container's registrations made in a shared scope is disposed once
    /// (see ``Disposable`` for the scopes), and so are the ``ObjectScope/perContainer`` instances it made of
    /// its ancestors' registrations. A parent's instances are never touched, even those this container
    /// resolved. Instances that are only ``AsyncDisposable`` are disposed in a task started afterwards, which
    /// this call does not wait for, and a message through ``loggingFunction`` says so (in debug builds it is
    /// written to standard error): use `await container.async.shutdown()` (``AsyncContainerResolver/shutdown()``)
    /// to wait for them.
    ///
    /// It is synchronous everywhere, so it also fits a `defer` in `async` code; the awaited form is always spelled
    /// through ``async``, as awaited resolves are.
    ///
    /// The container stays usable: a later resolve makes new instances, which a later shutdown disposes.
    ///
    /// ```swift
    /// let feature = Container(parent: app)
    /// feature.register(Session.self) { _ in Session() }.inObjectScope(.container)
    /// _ = feature.resolve(Session.self)
    /// feature.shutdown()  // Session.dispose(); nothing of `app` is disposed
    /// ```
    public func shutdown() {
        let unawaited = disposeNow(releaseAll())
        if !unawaited.isEmpty { Container.logNotice(unawaitedShutdownNotice(unawaited)) }
    }

    /// Disposes the instances this container keeps, newest first, awaiting each ``AsyncDisposable``: the work of
    /// ``AsyncContainerResolver/shutdown()``.
    func shutdownAwaitingDisposals() async {
        await disposeInOrder(releaseAll())
    }

    /// Forgets every kept instance of this container and returns the disposable ones.
    ///
    /// The stand-ins of ``ObjectScope/perContainer`` registrations stay (emptied): a resolve racing with the
    /// shutdown may still be creating an instance in one, and that instance must stay recorded and reachable
    /// so that a later shutdown disposes it.
    private func releaseAll() -> [PendingDisposal] {
        var pending: [PendingDisposal] = []
        for registration in ownRegistrations() + lifecycle.standIns() {
            pending += registration.release(ifIn: nil)
        }
        return pending + lifecycle.takeAll()
    }
}
