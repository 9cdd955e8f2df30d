/// A registration, returned by `register` so it can be configured fluently.
///
/// Every method changes the registration in place and returns the same entry, so calls chain and the return
/// value may be ignored. Configure an entry right after registering it: a resolve that is already running
/// uses the configuration it read when it started.
///
/// An entry is a handle: a small value that refers to the registration (and keeps its container alive while
/// you hold it). Copies refer to the same registration, so configuring any copy configures the registration.
/// Unlike Swinject's class, it costs registering no allocation of its own.
///
/// ```swift
/// container.register(Animal.self) { _ in Cat(name: "Mimi") }
///     .inObjectScope(.container)
///     .implements(Pet.self)
///     .initCompleted { r, animal in
///         (animal as? Cat)?.owner = r.resolve(Person.self)
///     }
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

    /// Sets how long instances live. Changing the scope forgets any instance already kept.
    ///
    /// On the entry of a value or an instance (``Container/register(value:name:fileID:line:)``,
    /// ``Container/register(instance:as:name:fileID:line:)``) it changes nothing: that is always the one instance.
    ///
    /// ```swift
    /// container.register(Database.self) { _ in SQLiteDatabase() }.inObjectScope(.container)
    /// ```
    // Inlinable, as is the other `inObjectScope`: the entry a chained call returns is then the one `register`
    // returned, not a copy (a copy retains both references, and the caller, which most often drops it, releases
    // them again).
    @inlinable
    @discardableResult
    public func inObjectScope(_ objectScope: ObjectScope) -> Self {
        container.changeScope(of: registration, to: objectScope)
        return self
    }

    /// Sets a custom scope. Changing the scope forgets any instance already kept.
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

    /// Adds a closure that runs after the factory made an instance, before the instance is returned.
    ///
    /// Use it for property and method injection, and to close circular dependencies: the instance is already
    /// stored in its scope when the closure runs, so services it resolves can refer back to it. Several
    /// closures run in the order they were added. A closure that throws fails the resolution.
    ///
    /// ```swift
    /// container.register(Parent.self) { _ in Parent() }
    ///     .initCompleted { r, parent in parent.child = r.resolve(Child.self) }
    /// ```
    @discardableResult
    public func initCompleted(_ completed: @escaping @Sendable (any Resolver, Service) throws -> Void) -> Self {
        let erased: Registration.Completion = { resolver, instance in
            // The registration's factory returns `Service`, so the instance always has this type; a failed
            // cast can only mean a forwarded registration shares this closure, which never changes `Service`.
            // (`case let`, not `as?`: no lookup of `Optional<Service>` metadata per call.)
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

    /// Makes the registration answer requests for `type` under `name` too (type forwarding).
    ///
    /// The forwarded type shares the registration's factory, scope, instances and `initCompleted` closures.
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
