// Multi-injection: an instance of every registration of a type, as one array.
//
// `resolveAll` and `requireAll` are ordinary requests for an internal wrapper type (`AllRegistrations`), which no
// registration answers: the resolution path builds it as it builds `Optional`, `Lazy` and `Provider` (see
// `InstanceWrapper`), inside one resolution. Every element is then resolved through the same path as a `require`
// of its key, in the same object graph, with its own scope, cycle detection, tracing and verification; and every
// `Resolver` that forwards `require` to a container (the container itself, an `async` factory's resolver, a
// custom one) supports it without a method of its own.

extension Resolver {
    /// Resolves an instance of every registration of `serviceType`, skipping (and logging) those that fail.
    ///
    /// The registrations are the container's own, under every name (the unnamed one included), in registration
    /// order; then those of its parent that it does not register itself (same type and name), and so on up.
    /// Types forwarded with `implements` count. Each instance follows its own registration's scope: a
    /// `.container` registration gives its singleton, a `.graph` one the instance of this resolution's graph.
    /// Nothing registered gives `[]`.
    ///
    /// Only registrations without runtime arguments take part: there are no arguments to give the others.
    /// A registration whose instance cannot be made (its factory throws, a dependency is missing) is left out,
    /// and its ``ResolutionError`` is logged through ``Container/loggingFunction``, as an optional `resolve`
    /// does; ``requireAll(_:)`` throws it instead.
    ///
    /// Inside a factory, `r.resolveAll` joins the running resolution. A place in the order is the key's: a key
    /// registered again keeps its place; a key removed and registered again goes last.
    ///
    /// ```swift
    /// container.register(Plugin.self, name: "logging") { _ in LoggingPlugin() }
    /// container.register(Plugin.self, name: "metrics") { _ in MetricsPlugin() }
    /// container.register(Host.self) { r in Host(plugins: r.resolveAll(Plugin.self)) }
    ///
    /// let plugins = container.resolveAll(Plugin.self)  // [LoggingPlugin, MetricsPlugin]
    /// ```
    ///
    /// - Parameter serviceType: The service type.
    /// - Returns: The instances, in the order above; `[]` when nothing is registered.
    /// - Complexity: One resolve per registration, after a scan of the bindings of the container and its
    ///   ancestors.
    public func resolveAll<Service>(_ serviceType: Service.Type) -> [Service] {
        do {
            return try require(AllRegistrations<Service, SkippingFailures>.self, name: nil).instances
        } catch {
            Container.log(error)
            return []
        }
    }

    /// Resolves an instance of every registration of `serviceType`, or throws the first failure.
    ///
    /// The same registrations, in the same order, as ``resolveAll(_:)``; the first registration whose instance
    /// cannot be made stops the call with its ``ResolutionError``. Nothing registered gives `[]`, not an error.
    ///
    /// ```swift
    /// container.register(Plugin.self, name: "logging") { _ in LoggingPlugin() }
    /// container.register(Plugin.self, name: "metrics") { r in MetricsPlugin(sink: try r.require(Sink.self)) }
    ///
    /// do {
    ///     _ = try container.requireAll(Plugin.self)
    /// } catch {
    ///     print(error)  // Syringe: cannot resolve Plugin(name: "metrics"): nothing is registered for Sink. …
    /// }
    /// ```
    ///
    /// - Parameter serviceType: The service type.
    /// - Returns: The instances, in the order of ``resolveAll(_:)``.
    /// - Throws: ``ResolutionError`` of the first registration that cannot be resolved.
    public func requireAll<Service>(_ serviceType: Service.Type) throws(ResolutionError) -> [Service] {
        try require(AllRegistrations<Service, ThrowingFailures>.self, name: nil).instances
    }

    /// Resolves a dependency of type `T`, where `T` may be an array: the internal entry point of the injection
    /// features (autoregistration, property injection) for "a value of type `T`".
    ///
    /// For `T` = `[Element]`: a registration of `[Element]` itself under `name` wins; without one, an unnamed
    /// request gives every registration of `Element` (``requireAll(_:)``) and a named one is a miss. Any other
    /// `T` is ``Resolver/require(_:name:)``, so `Optional` (nil when unregistered), ``Lazy`` and ``Provider``
    /// behave as usual.
    ///
    /// It costs a conformance check of `T` per call: callers that know their types at registration, as
    /// autoregistration does, decide once instead (see ``isMultiInjected(_:)``).
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
        // `T` is `Self`: the caller found this conformance on `T.self`. Taken out by the exact cast's rule
        // (Runtime/ExactCast.swift), never reinterpreted unchecked.
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

/// The request behind ``Resolver/resolveAll(_:)`` and ``Resolver/requireAll(_:)``: an instance of every
/// registration of `Element`, built inside one resolution. Never registered (the type is internal).
struct AllRegistrations<Element, Policy: MultiInjectionFailurePolicy>: InstanceWrapper {
    let instances: [Element]

    /// A type no registration answers, so the wrapper's own lookup finds nothing: the elements are looked up by
    /// ``ResolutionContext/allBindings(of:)``. Not generic, so asking for it looks up no metadata.
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
    /// An instance of every registration of `Element` without runtime arguments this resolution sees, each
    /// resolved as a `require` of its key would be, in this resolution. A failure stops the call, or, when
    /// `skippingFailures`, is logged and left out.
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
