extension Container {
    /// Disposes the instances this container keeps (never a parent's), newest first, forgets them, and closes the
    /// container until ``reopen()``: a resolve that would make a kept instance fails with
    /// ``ResolutionError/Kind/containerShutDown``. Instances only ``AsyncDisposable`` are disposed in a task it does
    /// not wait for, as a notice through ``loggingFunction`` says; `await container.async.shutdown()` waits.
    ///
    /// ```swift
    /// container.shutdown()  // every kept Disposable instance is disposed
    /// ```
    public func shutdown() {
        lifecycle.setShutDown(true)
        disposeKeptInstances()
    }

    /// Opens a container that ``shutdown()`` closed: resolves make the instances it keeps again (anew: none from
    /// before the shutdown comes back), and a later shutdown disposes them.
    ///
    /// ```swift
    /// container.reopen()
    /// ```
    public func reopen() {
        lifecycle.setShutDown(false)
    }

    /// Whether ``shutdown()`` closed this container and ``reopen()`` has not opened it since.
    ///
    /// ```swift
    /// if container.isShutDown { container.reopen() }
    /// ```
    public var isShutDown: Bool {
        lifecycle.isShutDown
    }

    /// The work of ``shutdown()`` without closing the container (an ended ``OverrideToken`` resolves as before).
    func disposeKeptInstances() {
        let unawaited = disposeNow(releaseAll())
        if !unawaited.isEmpty { Container.logNotice(unawaitedShutdownNotice(unawaited)) }
    }

    /// The work of ``AsyncContainerResolver/shutdown()``.
    func shutdownAwaitingDisposals() async {
        lifecycle.setShutDown(true)
        await disposeInOrder(releaseAll())
    }

    /// Forgets every kept instance of this container and returns the disposable ones. The ``ObjectScope/perContainer``
    /// stand-ins stay (emptied): an instance a racing resolve is still creating in one must stay reachable, for a
    /// later shutdown to dispose it.
    private func releaseAll() -> [PendingDisposal] {
        var pending: [PendingDisposal] = []
        for registration in ownRegistrations() + lifecycle.standIns() {
            pending += registration.release(ifIn: nil)
        }
        return pending + lifecycle.takeAll()
    }
}
