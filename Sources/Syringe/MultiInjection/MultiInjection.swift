// Multi-injection. `resolveAll` and `requireAll` are requests for an internal wrapper type (`AllRegistrations`)
// that the resolution path builds as it builds `Lazy` (see `InstanceWrapper`): each element is resolved as a
// `require` of its key in one resolution, and every `Resolver` forwarding `require` supports it.

extension Resolver {
    /// Resolves an instance of every registration of `serviceType` without runtime arguments, under every
    /// name, in registration order, then the parent's it does not override; a failure is logged and left out.
    ///
    /// ```swift
    /// container.register(Plugin.self, name: "logging") { _ in LoggingPlugin() }
    /// container.register(Host.self) { r in Host(plugins: r.resolveAll(Plugin.self)) }
    /// ```
    public func resolveAll<Service>(_ serviceType: Service.Type) -> [Service] {
        do {
            return try require(AllRegistrations<Service, SkippingFailures>.self, name: nil).instances
        } catch {
            Container.log(error)
            return []
        }
    }

    /// ``resolveAll(_:)``, throwing the first failure's ``ResolutionError``.
    ///
    /// ```swift
    /// let plugins = try container.requireAll(Plugin.self)
    /// ```
    public func requireAll<Service>(_ serviceType: Service.Type) throws(ResolutionError) -> [Service] {
        try require(AllRegistrations<Service, ThrowingFailures>.self, name: nil).instances
    }

    /// Resolves a dependency of type `T` for autoregistration and property injection: for `[Element]`, a
    /// registration of `[Element]` under `name`, else (unnamed) every registration of `Element`; any other `T` as
    /// ``Resolver/require(_:name:)``. A conformance check per call (``isMultiInjected(_:)`` decides once).
    func requireDependency<T>(_ type: T.Type, name: String?) throws(ResolutionError) -> T {
        if let array = T.self as? any MultiInjectable.Type {
            return try array.requireDependency(as: T.self, from: self, name: name)
        }
        return try require(T.self, name: name)
    }
}

/// Whether ``Resolver/requireDependency(_:name:)`` resolves `type` as a multi-injection (`type` is an array).
func isMultiInjected(_ type: Any.Type) -> Bool {
    type is any MultiInjectable.Type
}

/// An array type, which ``Resolver/requireDependency(_:name:)`` resolves as every registration of its element.
protocol MultiInjectable {
    /// The array for a dependency of type `T`, which is `Self`.
    static func requireDependency<T>(
        as type: T.Type, from resolver: some Resolver, name: String?
    ) throws(ResolutionError) -> T
}

extension Array: MultiInjectable {
    static func requireDependency<T>(
        as type: T.Type, from resolver: some Resolver, name: String?
    ) throws(ResolutionError) -> T {
        let elements = try resolver.require(ArrayDependency<Element>.self, name: name).elements
        // `T` is `Self` (the caller found this conformance on `T.self`): taken out by the exact cast's rule.
        return try unpackExactly(elements, as: T.self)
    }
}

/// `value` as `T`, when `T` is exactly `Value` (checked); else the service-type mismatch error.
private func unpackExactly<Value, T>(_ value: Value, as type: T.Type) throws(ResolutionError) -> T {
    do {
        return try unpack(value as Any, as: T.self) {
            ResolutionError(kind: .wrongInstanceType(actual: Value.self), request: ServiceRequest(serviceType: T.self))
        }
    } catch {
        throw error as? ResolutionError
            ?? ResolutionError(kind: .factoryFailed(underlying: error), request: ServiceRequest(serviceType: T.self))
    }
}

// MARK: Wrappers

/// What a multi-injection does with a registration that fails.
protocol MultiInjectionFailurePolicy {
    static var skipsFailures: Bool { get }
}

/// ``Resolver/resolveAll(_:)``: leave the registration out, and log why.
enum SkippingFailures: MultiInjectionFailurePolicy {
    static var skipsFailures: Bool { true }
}

/// ``Resolver/requireAll(_:)``: stop with its error.
enum ThrowingFailures: MultiInjectionFailurePolicy {
    static var skipsFailures: Bool { false }
}

/// The type ``AllRegistrations`` names as wrapped: internal, never registered.
enum MultiInjectionRequest {}

/// The request behind ``Resolver/resolveAll(_:)`` and ``Resolver/requireAll(_:)``; never registered.
struct AllRegistrations<Element, Policy: MultiInjectionFailurePolicy>: InstanceWrapper {
    let instances: [Element]

    /// A type no registration answers (the elements are found by ``ResolutionContext/allBindings(of:)``); not
    /// generic, so asking for it looks up no metadata.
    static var wrappedType: Any.Type { MultiInjectionRequest.self }

    static func make(
        in context: ResolutionContext, binding: Container.Binding?, request: WrappedRequest
    ) throws(ResolutionError) -> Self {
        Self(instances: try context.resolveAll(Element.self, skippingFailures: Policy.skipsFailures))
    }

    /// The same, without the request's lookup of ``wrappedType`` (which finds nothing) or its copies.
    static func makeWithoutLookup(in context: ResolutionContext) throws(ResolutionError) -> Any? {
        Self(instances: try context.resolveAll(Element.self, skippingFailures: Policy.skipsFailures))
    }
}

/// The request behind ``Resolver/requireDependency(_:name:)`` for `[Element]`: the registration of `[Element]`
/// under the request's name if there is one; else, unnamed, every registration of `Element`.
struct ArrayDependency<Element>: InstanceWrapper {
    let elements: [Element]

    static var wrappedType: Any.Type { [Element].self }

    static func make(
        in context: ResolutionContext, binding: Container.Binding?, request: WrappedRequest
    ) throws(ResolutionError) -> Self {
        if binding != nil {
            return Self(
                elements: try context.resolve(key: request.key, as: [Element].self, name: request.name, arguments: ()) {
                    []
                })
        }
        guard request.name == nil else { throw context.wrappedMissError(request, wrappedType: [Element].self) }
        return Self(elements: try context.resolveAll(Element.self, skippingFailures: false))
    }
}

extension ResolutionContext {
    /// An instance of every registration of `Element` without runtime arguments, each resolved as a `require`
    /// of its key; a failure stops the call, or, when `skippingFailures`, is logged and left out.
    func resolveAll<Element>(_: Element.Type, skippingFailures: Bool) throws(ResolutionError) -> [Element] {
        let bindings = allBindings(of: ObjectIdentifier(Element.self))
        var instances: [Element] = []
        instances.reserveCapacity(bindings.count)
        for binding in bindings {
            do {
                instances.append(try resolve(binding.hit, as: Element.self, name: binding.name, arguments: ()))
            } catch {
                guard skippingFailures else { throw error }
                Container.log(error)
            }
        }
        return instances
    }
}
