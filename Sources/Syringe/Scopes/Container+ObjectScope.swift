extension Container {
    /// Forgets the instances kept by every registration in `objectScope`, in this container and its
    /// ancestors; the next resolve makes new ones. Forgotten ``Disposable`` instances are disposed, newest first.
    ///
    /// ```swift
    /// container.resetObjectScope(.container)  // every singleton is made again on next use
    /// ```
    ///
    /// - Parameter objectScope: The scope to reset.
    public func resetObjectScope(_ objectScope: ObjectScope) {
        resetObjectScope(objectScope as any ObjectScopeProtocol)
    }

    /// Forgets the instances kept by every registration in a custom `objectScope`, in this container and its
    /// ancestors.
    ///
    /// Every storage of the scope is cleared (its `instance` set to `nil`), including the storage of a
    /// registration nothing resolved yet: that storage is made now, as the first resolve would make it, and it is
    /// the one later resolves use.
    ///
    /// ```swift
    /// container.resetObjectScope(sessionScope)
    /// ```
    ///
    /// - Parameter objectScope: The scope to reset.
    public func resetObjectScope(_ objectScope: any ObjectScopeProtocol) {
        var pending: [PendingDisposal] = []
        let registrations = ownRegistrations() + lifecycle.standIns() + autoRegistrations()
        for registration in registrations {
            pending += registration.release(ifIn: objectScope)
            pending += registration.releaseKeyedByArguments(over: objectScope)
        }
        disposeNow(pending)
        reinjectAfterReset(of: registrations, in: objectScope)
        // A derived container's reset ends with its own instances: its ancestors' are not its to forget.
        guard !isDerived else { return }
        parent?.resetObjectScope(objectScope)
    }

    /// Forgets the instances of `serviceType` kept by registrations in `objectScope`, in this container and,
    /// if this container registers `serviceType` itself, in its ancestors.
    ///
    /// As in Swinject, the reset goes on to the parent only from a container that has a registration of
    /// `serviceType` of its own (under any name, with any arguments, in any scope; a type added with
    /// `implements` counts). A child that registers nothing of the type leaves its ancestors' instances alone,
    /// where `resetObjectScope(_:)` always reaches them. The child's own
    /// ``ObjectScope/perContainer`` instances of the type are reset either way.
    ///
    /// ```swift
    /// let feature = Container(parent: app)
    /// feature.resetObjectScope(.container, serviceType: Session.self)  // app's Session is kept
    /// feature.register(Session.self) { _ in Session() }.inObjectScope(.container)
    /// feature.resetObjectScope(.container, serviceType: Session.self)  // feature's and app's are reset
    /// ```
    ///
    /// - Parameters:
    ///   - objectScope: The scope.
    ///   - serviceType: The service type whose registrations are reset.
    public func resetObjectScope(_ objectScope: ObjectScope, serviceType: Any.Type) {
        resetObjectScope(objectScope as any ObjectScopeProtocol, serviceType: serviceType)
    }

    /// Forgets the instances of `serviceType` kept by registrations in a custom `objectScope`, in this
    /// container and, if this container registers `serviceType` itself, in its ancestors (see
    /// `resetObjectScope(_:serviceType:)` for `ObjectScope`).
    ///
    /// ```swift
    /// container.resetObjectScope(sessionScope, serviceType: Cart.self)
    /// ```
    ///
    /// - Parameters:
    ///   - objectScope: The scope.
    ///   - serviceType: The service type whose registrations are reset.
    public func resetObjectScope(_ objectScope: any ObjectScopeProtocol, serviceType: Any.Type) {
        let wanted = ObjectIdentifier(serviceType)
        let registrations = registry.withLock { registry in
            registry.bindings.filter { $0.key.serviceType == wanted }.map(\.value.registration)
        }
        let standIns = lifecycle.standIns().filter { ObjectIdentifier($0.serviceType) == wanted }
        var pending: [PendingDisposal] = []
        for registration in registrations + standIns {
            pending += registration.release(ifIn: objectScope)
            pending += registration.releaseKeyedByArguments(over: objectScope)
        }
        disposeNow(pending)
        reinjectAfterReset(of: registrations + standIns, in: objectScope)
        // Only a container that registers the type passes the reset on, as Swinject's does.
        guard !registrations.isEmpty, !isDerived else { return }
        parent?.resetObjectScope(objectScope, serviceType: serviceType)
    }

    /// Re-injects the properties that came from those of `registrations` that `objectScope` just reset (a
    /// `.perContainer` one through its stand-in, which keeps this container's instance). One load while no object
    /// watches.
    private func reinjectAfterReset(of registrations: [Registration], in objectScope: any ObjectScopeProtocol) {
        guard hasInjectionWatches else { return }
        let reset = registrations.compactMap { registration -> Registration? in
            if let standIn = registration as? StandInRegistration {
                return standIn.configuration.scope === objectScope ? standIn.original : nil
            }
            let configuration = registration.configuration
            return configuration.scope === objectScope && configuration.kind != .perContainer ? registration : nil
        }
        reinjectAfterChange(of: reset)
    }

    /// This container's registrations, each once (forwarded keys share one).
    func ownRegistrations() -> [Registration] {
        let all = registry.withLock { registry in registry.bindings.map { $0.value.registration } }
        var seen = Set<ObjectIdentifier>()
        return all.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// ``ServiceEntry/inObjectScope(_:)`` with a built-in scope: changes the scope of `registration` and re-injects
    /// the properties it answered if an object watches. One call from the app's code, and one load while nothing
    /// watches (two calls cost registering ~30 instructions more).
    @usableFromInline
    final func changeScope(of registration: Registration, to scope: ObjectScope) {
        registration.changeScope(to: scope)
        if hasInjectionWatches { reinjectAfterScopeChange(of: registration) }
    }
}
