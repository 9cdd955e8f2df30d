/// A registration, returned by `register` so it can be configured fluently: each method changes the registration
/// in place and returns the same entry. Configure it right after registering: a running resolve uses the
/// configuration it read when it started.
///
/// ```swift
/// container.register(Animal.self) { _ in Cat(name: "Mimi") }
///     .inObjectScope(.container)
///     .implements(Pet.self)
/// ```
public struct ServiceEntry<Service>: Sendable {
    @usableFromInline
    let registration: Registration
    /// The container (or the module's view of it) that made the registration, where `implements` forwards.
    @usableFromInline
    let container: Container

    @inlinable
    init(registration: Registration, container: Container) {
        self.registration = registration
        self.container = container
    }

    /// The registered service type.
    ///
    /// ```swift
    /// let entry = container.register(Animal.self) { _ in Cat() }
    /// print(entry.serviceType) // Animal
    /// ```
    public var serviceType: Any.Type { registration.serviceType }

    /// The type that keys the runtime arguments: `(any Resolver, Argument1, …)`, or `any Resolver` for none.
    ///
    /// ```swift
    /// let entry = container.register(Animal.self) { _, name in Cat(name: name) }
    /// print(entry.argumentsType) // (Resolver, String)
    /// ```
    public var argumentsType: Any.Type { registration.argumentsType.type }

    /// Sets how long instances live, forgetting any instance already kept; changes nothing on a registered value's
    /// or instance's entry.
    ///
    /// ```swift
    /// container.register(Database.self) { _ in SQLiteDatabase() }.inObjectScope(.container)
    /// ```
    // Inlinable, as is the other: a chained call returns the entry `register` returned, not a copy (whose two
    // retains the caller, which most often drops it, releases again).
    @inlinable
    @discardableResult
    public func inObjectScope(_ objectScope: ObjectScope) -> Self {
        container.changeScope(of: registration, to: objectScope)
        return self
    }

    /// Sets a custom scope, forgetting any instance already kept.
    ///
    /// ```swift
    /// container.register(Cart.self) { _ in Cart() }.inObjectScope(SessionScope())
    /// ```
    @inlinable
    @discardableResult
    public func inObjectScope(_ objectScope: any ObjectScopeProtocol) -> Self {
        registration.changeScope(to: objectScope)
        container.reinjectAfterScopeChange(of: registration)
        return self
    }

    /// Adds a closure that runs after the factory made an instance, before it is returned, in the order added.
    ///
    /// The instance is already kept by its scope, so services the closure resolves can refer back to it (circular
    /// dependencies). A closure that throws fails the resolution.
    ///
    /// ```swift
    /// container.register(Parent.self) { _ in Parent() }
    ///     .initCompleted { r, parent in parent.child = r.resolve(Child.self) }
    /// ```
    @discardableResult
    public func initCompleted(_ completed: @escaping @Sendable (any Resolver, Service) throws -> Void) -> Self {
        let erased: Registration.Completion = { resolver, instance in
            // The factory returns `Service`. `case let`, not `as?`: no `Optional<Service>` metadata per call.
            switch instance {
            case let service as Service: try completed(resolver, service)
            default: return
            }
        }
        registration.reconfigure {
            $0.ownedBits(completions: $0.completions + [erased])
        }
        return self
    }

    /// Makes the registration answer requests for `type` under `name` too, sharing its factory, scope, instances
    /// and `initCompleted` closures.
    ///
    /// ```swift
    /// container.register(Cat.self) { _ in Cat() }
    ///     .implements(Animal.self, name: "pet")
    /// let pet = container.resolve(Animal.self, name: "pet")
    /// ```
    @discardableResult
    public func implements<T>(_ type: T.Type, name: String?) -> Self {
        container.forward(type, name: name, to: self)
        return self
    }

    /// Makes the registration answer unnamed requests for each of `types` too (type forwarding).
    ///
    /// ```swift
    /// container.register(Cat.self) { _ in Cat() }
    ///     .implements(Animal.self, Pet.self)
    /// ```
    @discardableResult
    public func implements<each T>(_ types: repeat (each T).Type) -> Self {
        for type in repeat each types {
            container.forward(type, name: nil, to: self)
        }
        return self
    }
}
