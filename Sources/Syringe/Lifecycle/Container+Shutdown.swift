extension Container {
    /// Disposes the instances this container keeps, newest first, forgets them, and closes the container to new
    /// kept instances until ``reopen()``.
    ///
    /// Disposes the ``Disposable`` instances of its own registrations' shared scopes and its own
    /// ``ObjectScope/perContainer`` instances, never a parent's. Instances that are only ``AsyncDisposable`` are
    /// disposed in a task this call does not wait for, and a notice through ``loggingFunction`` says so: use
    /// `await container.async.shutdown()` to wait for them.
    ///
    /// Afterwards a resolve that would make an instance this container keeps fails with
    /// ``ResolutionError/Kind/containerShutDown``; transient and graph services that need none still resolve, and
    /// so do other containers' services (children, derived containers, the parent).
    ///
    /// ```swift
    /// let feature = Container(parent: app)
    /// feature.register(Session.self) { _ in Session() }.inObjectScope(.container)
    /// _ = feature.resolve(Session.self)
    /// feature.shutdown()  // Session.dispose(); nothing of `app` is disposed
    /// assert(feature.resolve(Session.self) == nil)  // logged: the container is shut down
    /// feature.reopen()
    /// assert(feature.resolve(Session.self) != nil)  // a new Session, which the next shutdown disposes
    /// ```
    public func shutdown() {
        lifecycle.setShutDown(true)
        disposeKeptInstances()
    }

    /// Opens a container that ``shutdown()`` closed: resolves make the instances it keeps again (anew: none from
    /// before the shutdown comes back), and a later shutdown disposes them.
    ///
    /// ```swift
    /// container.shutdown()   // disposes the Database
    /// container.reopen()
    /// let database = try container.require(Database.self)   // a new Database
    /// ```
    public func reopen() {
        lifecycle.setShutDown(false)
    }

    /// Whether ``shutdown()`` closed this container and ``reopen()`` has not opened it since.
    ///
    /// ```swift
    /// container.shutdown()
    /// assert(container.isShutDown)
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
