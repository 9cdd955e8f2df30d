extension Container {
    /// Removes this container's registration of `serviceType` under `name` with these runtime argument types, with
    /// the types forwarded to it (a forwarded key removes only that forward), and disposes its ``Disposable``
    /// instances, newest first, including child containers' ``ObjectScope/perContainer`` ones. Returns whether
    /// there was such a registration.
    ///
    /// ```swift
    /// container.unregister(Animal.self, name: "cat")
    /// container.unregister(Animal.self, arguments: String.self, Int.self)
    /// ```
    @discardableResult
    public func unregister<Service, each Argument>(
        _ serviceType: Service.Type, name: String? = nil, arguments: repeat (each Argument).Type
    ) -> Bool {
        let key = ServiceKey(
            serviceType: Service.self, argumentsType: argumentsType(repeat (each Argument).self), name: name
        )
        return removeBindings { candidate, _ in candidate == key }
    }

    /// Removes every registration of `serviceType` in this container, whatever its name and argument types, as
    /// ``unregister(_:name:arguments:)`` does. Returns whether there was any.
    ///
    /// ```swift
    /// container.unregisterAll(Animal.self)
    /// ```
    @discardableResult
    public func unregisterAll<Service>(_ serviceType: Service.Type) -> Bool {
        let wanted = ObjectIdentifier(Service.self)
        return removeBindings { key, _ in key.serviceType == wanted }
    }

    /// Removes the registrations `owned` and the bindings `matches` selects: a selected registration's own key removes
    /// it with every binding to it, a forwarded key only that forward. The registry retires what is left unbound
    /// (`LifecycleStore.retire`, outside every lock); then the behaviors are told.
    @discardableResult
    func removeBindings(owned: [Registration] = [], where matches: (ServiceKey, Binding) -> Bool) -> Bool {
        let (removed, behaviors) = registry.withLock { registry in
            var registrations = Set(owned.map(ObjectIdentifier.init))
            var keys: Set<ServiceKey> = []
            for (key, binding) in registry.bindings where matches(key, binding) {
                keys.insert(key)
                if binding.registration.ownKey == key { registrations.insert(ObjectIdentifier(binding.registration)) }
            }
            if !registrations.isEmpty {
                for (key, binding) in registry.bindings
                where registrations.contains(ObjectIdentifier(binding.registration)) {
                    keys.insert(key)
                }
            }
            let removed = keys.compactMap { key in registry.removeBinding(for: key) }
            return (removed, registry.behaviors)
        }
        notify(behaviors, ofRemoved: removed)
        return !removed.isEmpty
    }

    /// Re-injects what the removed bindings filled, then tells `behaviors` of each, outside every lock.
    private func notify(_ behaviors: [any Behavior], ofRemoved removed: [Binding]) {
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
