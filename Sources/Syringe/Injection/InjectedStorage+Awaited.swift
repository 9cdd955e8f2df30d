/// An `@Injected` property's box that an awaited resolution fills (``AsyncContainerResolver/inject(into:isolation:)``).
protocol AwaitedInjection: InjectedStorageProtocol {
    /// Resolves the value with `await` in `resolution` and stores it, remembering `label` and `owner` for messages.
    func fill(awaiting resolution: AsyncResolution, label: String, owner: Any.Type) async throws(ResolutionError)
}

extension InjectedStorage: AwaitedInjection {
    func fill(awaiting resolution: AsyncResolution, label: String, owner: Any.Type) async throws(ResolutionError) {
        let resolved: Value
        do {
            if let key {
                // A declared key, awaited: a miss registers its default in the root of the tree, as everywhere.
                resolved = try await key.requireAwaited(in: resolution.root.container) {
                    () async throws(ResolutionError) in try await resolution.require(Value.self, name: key.registryKey.name)
                }
            } else {
                resolved = try await AwaitedInjectionDispatch.resolve(Value.self, name: name, from: resolution)
            }
        } catch {
            record(label: label, owner: owner)
            throw error
        }
        record(resolved, label: label, owner: owner)
    }
}

extension PropertyInjector {
    /// ``fill(_:from:registration:isolation:)`` with `await` in `resolution`; re-injected properties are watched
    /// for `reinjector`.
    static func fill(
        _ instance: Any, awaiting resolution: AsyncResolution, registration: Registration?,
        reinjector: any Resolver, isolation: isolated (any Actor)?
    ) async throws(ResolutionError) {
        let properties = properties(of: instance)
        if properties.isEmpty { return }
        let owner = Swift.type(of: instance)
        for property in properties {
            do throws(ResolutionError) {
                // Every `InjectedStorage` adopts `AwaitedInjection`.
                guard let awaited = property.storage as? any AwaitedInjection else { continue }
                try await awaited.fill(awaiting: resolution, label: property.label, owner: owner)
            } catch {
                throw error.injecting(property: property.label, of: owner)
            }
        }
        let reinjected = properties.filter(\.storage.reinjected)
        if !reinjected.isEmpty {
            try Reinjection.watch(
                instance, properties: reinjected, resolver: reinjector, madeBy: registration, isolation: isolation)
        }
    }
}

/// ``InjectionDispatch`` with `await`: the same rules for optionals and arrays.
enum AwaitedInjectionDispatch {
    static func resolve<Value>(
        _ type: Value.Type, name: String?, from resolution: AsyncResolution
    ) async throws(ResolutionError) -> Value {
        if let special = Value.self as? any AwaitedDependency.Type {
            return try await special.awaitedDependency(as: Value.self, name: name, from: resolution)
        }
        return try await resolution.require(Value.self, name: name)
    }

    /// Whether the registration answering `key` needs the awaited path (an `async` or main-actor factory).
    static func needsAwait(_ key: ServiceKey, in resolution: AsyncResolution) -> Bool {
        guard let binding = resolution.root.binding(for: key) else { return false }
        return binding.registration.needsAwaitedPath
    }

    /// `value` as `T`, which the caller found to be `Value`'s type; the service-type mismatch error otherwise.
    static func exactly<Value, T>(_ value: Value, as type: T.Type) throws(ResolutionError) -> T {
        guard let result = value as Any as? T else {
            throw ResolutionError(
                kind: .wrongInstanceType(actual: Value.self), request: ServiceRequest(serviceType: T.self))
        }
        return result
    }
}

/// A property type with a rule of its own, awaited: an optional (`nil` when unregistered), an array (every
/// registration of the element, awaited in turn, unless the array type itself is registered under the name).
protocol AwaitedDependency {
    /// The value for a property of type `T`, which is `Self`.
    static func awaitedDependency<T>(
        as type: T.Type, name: String?, from resolution: AsyncResolution
    ) async throws(ResolutionError) -> T
}

extension Optional: AwaitedDependency {
    static func awaitedDependency<T>(
        as type: T.Type, name: String?, from resolution: AsyncResolution
    ) async throws(ResolutionError) -> T {
        let key = ServiceKey(serviceType: Wrapped.self, argumentsType: noArgumentsKey, name: name)
        let value: Wrapped?
        if AwaitedInjectionDispatch.needsAwait(key, in: resolution) {
            value = try await resolution.require(Wrapped.self, name: name)
        } else {
            // The synchronous handling of `Optional`, in the same graph: `nil` when nothing is registered.
            value = try InjectionDispatch.resolve(Wrapped?.self, name: name, from: resolution)
        }
        return try AwaitedInjectionDispatch.exactly(value, as: T.self)
    }
}

extension Array: AwaitedDependency {
    static func awaitedDependency<T>(
        as type: T.Type, name: String?, from resolution: AsyncResolution
    ) async throws(ResolutionError) -> T {
        let key = ServiceKey(serviceType: [Element].self, argumentsType: noArgumentsKey, name: name)
        if name != nil || resolution.root.binding(for: key) != nil {
            if AwaitedInjectionDispatch.needsAwait(key, in: resolution) {
                return try await resolution.require(T.self, name: name)
            }
            return try InjectionDispatch.resolve(T.self, name: name, from: resolution)
        }
        var view = RegistryView(of: resolution.root.container)
        var elements: [Element] = []
        for found in view.allBindings(of: ObjectIdentifier(Element.self)) {
            elements.append(try await resolution.require(Element.self, name: found.name))
        }
        return try AwaitedInjectionDispatch.exactly(elements, as: T.self)
    }
}
