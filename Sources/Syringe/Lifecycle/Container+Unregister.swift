extension Container {
    /// Removes the registration of `serviceType` under `name` with these runtime argument types.
    ///
    /// Afterwards a resolve behaves as if the registration had never been made: a parent's registration of
    /// the same key becomes visible again. Types forwarded to the registration (``ServiceEntry/implements(_:name:)``)
    /// are removed with it; when the key is itself a forwarded type, only that forward is removed. The
    /// instances the registration kept are released, and the ``Disposable`` ones disposed, newest first —
    /// including the ``ObjectScope/perContainer`` instances child containers made of it. Behaviors hear of
    /// each removed key. Only this container's registrations are removed, never its parent's.
    ///
    /// ```swift
    /// container.unregister(Animal.self, name: "cat")
    /// container.unregister(Animal.self, arguments: String.self, Int.self)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The registered (or forwarded) service type.
    ///   - name: The registration name.
    ///   - arguments: The runtime argument types of the registration's factory, in order; none by default.
    /// - Returns: Whether this container had such a registration.
    @discardableResult
    public func unregister<Service, each Argument>(
        _ serviceType: Service.Type, name: String? = nil, arguments: repeat (each Argument).Type
    ) -> Bool {
        let key = ServiceKey(
            serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name
        )
        return removeBindings(key: key)
    }

    /// Removes every registration of `serviceType` in this container, whatever its name and argument types.
    ///
    /// Each removal works as ``unregister(_:name:arguments:)`` does.
    ///
    /// ```swift
    /// container.unregisterAll(Animal.self)
    /// assert(!container.hasAnyRegistration(of: Animal.self))  // unless a parent registers Animal
    /// ```
    ///
    /// - Parameter serviceType: The registered (or forwarded) service type.
    /// - Returns: Whether this container had any registration of the type.
    @discardableResult
    public func unregisterAll<Service>(_ serviceType: Service.Type) -> Bool {
        let wanted = ObjectIdentifier(Service.self)
        return removeBindings { key, _ in key.serviceType == wanted }
    }

    /// Removes the binding of `key`: the registration with every binding to it when `key` is the
    /// registration's own key, the forward only when it is a forwarded type.
    ///
    /// - Complexity: O(1) for a forwarded type; O(n) in this container's bindings for a registration, to find
    ///   the types forwarded to it.
    func removeBindings(key: ServiceKey) -> Bool {
        // The registry retires the registrations left unbound (see `LifecycleStore.retire`) before it returns.
        let (removed, behaviors) = registry.withLock { registry in
            guard let binding = registry.bindings[key] else { return ([Binding](), [any Behavior]()) }
            let registration = binding.registration
            guard registration.ownKey == key else {
                registry.removeBinding(for: key)
                return ([binding], registry.behaviors)
            }
            let keys = registry.bindings.compactMap { $0.value.registration === registration ? $0.key : nil }
            let removed = keys.compactMap { registry.removeBinding(for: $0) }
            return (removed, registry.behaviors)
        }
        notify(behaviors, ofRemoved: removed)
        return !removed.isEmpty
    }

    /// Removes the bindings `matches` selects and the registrations `owned`. A selected binding that is a
    /// registration's own key removes the registration, with every binding to it; a selected forwarded key
    /// removes that forward only. The registry releases and disposes the instances of the registrations left
    /// unbound (outside every lock); then the behaviors are told.
    ///
    /// - Complexity: O(n) in this container's bindings.
    @discardableResult
    func removeBindings(owned: [Registration] = [], where matches: (ServiceKey, Binding) -> Bool) -> Bool {
        let (removed, behaviors) = registry.withLock { registry in
            var registrations = [ObjectIdentifier: Registration]()
            for registration in owned { registrations[ObjectIdentifier(registration)] = registration }
            var keys: Set<ServiceKey> = []
            for (key, binding) in registry.bindings where matches(key, binding) {
                keys.insert(key)
                if binding.registration.ownKey == key {
                    registrations[ObjectIdentifier(binding.registration)] = binding.registration
                }
            }
            if !registrations.isEmpty {
                for (key, binding) in registry.bindings
                where registrations[ObjectIdentifier(binding.registration)] != nil {
                    keys.insert(key)
                }
            }
            let removed = keys.compactMap { key in registry.removeBinding(for: key) }
            return (removed, registry.behaviors)
        }
        notify(behaviors, ofRemoved: removed)
        return !removed.isEmpty
    }

    /// Re-injects what the removed bindings filled, then tells `behaviors` about each removed binding, outside
    /// every lock.
    private func notify(_ behaviors: [any Behavior], ofRemoved removed: [Binding]) {
        // Re-injection (Injection/Reinjection.swift) first: one load while no object watches.
        if hasInjectionWatches { reinjectAfterChange(of: removed.map(\.registration)) }
        guard !behaviors.isEmpty else { return }
        let described =
            removed
            .map { $0.registration.describe(as: $0.serviceType, name: .some($0.name)) }
            .sorted(byKey: { $0.description })
        for registration in described {
            for behavior in behaviors {
                behavior.container(self, didUnregister: registration)
            }
        }
    }
}

extension Registration {
    /// The key the registration was made under (forwarded types have other keys).
    var ownKey: ServiceKey {
        ServiceKey(serviceType: serviceType, argumentsType: argumentsType, name: name)
    }
}
