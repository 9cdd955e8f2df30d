extension Container {
    /// Disposes the instances this container keeps, newest first, forgets them, and closes the container to new
    /// kept instances until ``reopen()``.
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
    /// Afterwards the container does not make a disposed service again behind the app's back: a resolve that
    /// would make an instance this container keeps (of a ``ObjectScope/container``, ``ObjectScope/weak`` or custom
    /// scope registration of its own, one kept per argument by ``ServiceEntry/keyedByArguments(limit:)``, or its own
    /// ``ObjectScope/perContainer`` instance of any registration) fails with
    /// ``ResolutionError/Kind/containerShutDown`` (`resolve` logs it and returns `nil`, `require` throws it), and
    /// so does every resolve that needs one. Transient and graph services that need no such instance still resolve,
    /// and so do the services of other containers: its children, containers derived from it
    /// (``derived(registeringClosure:)``, which keep their own instances), its parent. Call ``reopen()`` to make
    /// instances again; a later shutdown disposes them. Shutting down again disposes what was made since
    /// (an instance still being created when the shutdown began, for example).
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

    /// Opens a container that ``shutdown()`` closed: resolves make the instances it keeps again, and a later
    /// shutdown disposes them. Does nothing to a container that is not shut down.
    ///
    /// A shut-down container keeps its registrations, so reopening is all a test or an app that restarts its
    /// services needs (a server test client that shuts the app down after each test, with a container shared by
    /// the tests). No instance of before the shutdown comes back: each is made anew on first use.
    ///
    /// ```swift
    /// container.shutdown()   // disposes the Database
    /// container.reopen()
    /// let database = try container.require(Database.self)   // a new Database
    /// ```
    public func reopen() {
        lifecycle.setShutDown(false)
    }

    /// Whether ``shutdown()`` (or `await container.async.shutdown()`) closed this container and ``reopen()`` has not
    /// opened it since.
    ///
    /// ```swift
    /// container.shutdown()
    /// assert(container.isShutDown)
    /// ```
    public var isShutDown: Bool {
        lifecycle.isShutDown
    }

    /// Disposes the instances this container keeps, newest first, and forgets them, leaving the container open: the
    /// work of ``shutdown()`` without closing it (an ended ``OverrideToken`` resolves as before).
    func disposeKeptInstances() {
        let unawaited = disposeNow(releaseAll())
        if !unawaited.isEmpty { Container.logNotice(unawaitedShutdownNotice(unawaited)) }
    }

    /// Closes the container and disposes the instances it keeps, newest first, awaiting each ``AsyncDisposable``: the
    /// work of ``AsyncContainerResolver/shutdown()``.
    func shutdownAwaitingDisposals() async {
        lifecycle.setShutDown(true)
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
