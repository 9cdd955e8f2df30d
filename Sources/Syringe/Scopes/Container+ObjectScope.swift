extension Container {
    /// Forgets the instances kept by every registration in `objectScope`, in this container and its ancestors,
    /// and disposes the ``Disposable`` ones, newest first; the next resolve makes new ones.
    ///
    /// ```swift
    /// container.resetObjectScope(.container)  // every singleton is made again on next use
    /// ```
    public func resetObjectScope(_ objectScope: ObjectScope) {
        resetObjectScope(objectScope as any ObjectScopeProtocol)
    }

    /// `resetObjectScope(_:)` for a custom scope: every storage of it is cleared, even one no
    /// resolve has made yet (it is made now, for later resolves to use).
    ///
    /// ```swift
    /// container.resetObjectScope(sessionScope)
    /// ```
    public func resetObjectScope(_ objectScope: any ObjectScopeProtocol) {
        reset(ownRegistrations() + lifecycle.standIns() + autoRegistrations(), in: objectScope)
        // A derived container's reset ends with its own instances: its ancestors' are not its to forget.
        guard !isDerived else { return }
        parent?.resetObjectScope(objectScope)
    }

    /// Forgets the instances of `serviceType` kept by registrations in `objectScope`, in this container and, only
    /// if it registers `serviceType` itself (any name, arguments or scope), in its ancestors, as in Swinject.
    ///
    /// ```swift
    /// container.resetObjectScope(.container, serviceType: Session.self)
    /// ```
    public func resetObjectScope(_ objectScope: ObjectScope, serviceType: Any.Type) {
        resetObjectScope(objectScope as any ObjectScopeProtocol, serviceType: serviceType)
    }

    /// `resetObjectScope(_:serviceType:)` for a custom scope.
    ///
    /// ```swift
    /// container.resetObjectScope(sessionScope, serviceType: Cart.self)
    /// ```
    public func resetObjectScope(_ objectScope: any ObjectScopeProtocol, serviceType: Any.Type) {
        let wanted = ObjectIdentifier(serviceType)
        let registrations = registry.withLock { registry in
            registry.bindings.filter { $0.key.serviceType == wanted }.map(\.value.registration)
        }
        let standIns = lifecycle.standIns().filter { ObjectIdentifier($0.serviceType) == wanted }
        reset(registrations + standIns, in: objectScope)
        guard !registrations.isEmpty, !isDerived else { return }
        parent?.resetObjectScope(objectScope, serviceType: serviceType)
    }

    /// Forgets the instances `registrations` keep in `objectScope`, disposes them, and re-injects the properties
    /// they filled (a `.perContainer` one's through its stand-in).
    private func reset(_ registrations: [Registration], in objectScope: any ObjectScopeProtocol) {
        var pending: [PendingDisposal] = []
        for registration in registrations {
            pending += registration.release(ifIn: objectScope)
            pending += registration.releaseKeyedByArguments(over: objectScope)
        }
        disposeNow(pending)
        guard hasInjectionWatches else { return }
        let forgotten = registrations.compactMap { registration -> Registration? in
            if let standIn = registration as? StandInRegistration {
                return standIn.configuration.scope === objectScope ? standIn.original : nil
            }
            let configuration = registration.configuration
            return configuration.scope === objectScope && configuration.kind != .perContainer ? registration : nil
        }
        reinjectAfterChange(of: forgotten)
    }

    /// This container's registrations, each once (forwarded keys share one).
    func ownRegistrations() -> [Registration] {
        let all = registry.withLock { registry in registry.bindings.map { $0.value.registration } }
        var seen = Set<ObjectIdentifier>()
        return all.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// ``ServiceEntry/inObjectScope(_:)`` with a built-in scope: changes the scope and re-injects what it answered.
    /// One call from the app's code (two cost registering ~30 instructions more).
    @usableFromInline
    final func changeScope(of registration: Registration, to scope: ObjectScope) {
        registration.changeScope(to: scope)
        if hasInjectionWatches { reinjectAfterScopeChange(of: registration) }
    }
}
