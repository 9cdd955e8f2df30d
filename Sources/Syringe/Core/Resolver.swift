/// Something that resolves services: a ``Container`` (also the resolver a factory receives), or a type of your own.
///
/// The requirements are Swinject's: `resolve(_:)`, `resolve(_:name:)`, and the forms with one to nine runtime
/// arguments (`argument:`, `arguments:`), with and without a name. A type written for Swinject that conforms to
/// `Resolver` (a wrapper that forwards, holds its container weakly, or fakes resolves in tests) compiles unchanged,
/// and a call through `any Resolver` reaches its own implementation. Only `resolve(_:name:)` is mandatory: each
/// other form has a default, so a type may implement just the forms it needs. Syringe adds a parameter-pack form
/// (any number of arguments) and `require`; their defaults on a type of your own are built on its `resolve`
/// forms, and a `require` whose `resolve` returns `nil` throws a ``ResolutionError`` of kind
/// ``ResolutionError/Kind/notRegistered``. As in Swinject, a resolver need not be `Sendable` (a class with a
/// `weak var` conforms); see Documentation/Resolvers.md.
///
/// Two families of calls: `resolve` returns `nil` when the service cannot be made (and logs why through
/// ``Container/loggingFunction``), as Swinject does; `require` returns the service or throws a
/// ``ResolutionError`` that says why. Both take a registration name and runtime arguments.
///
/// Inside a factory, resolve through the resolver the factory receives. As in Swinject, it is the container the
/// resolve went through (`r as? Container` works); a resolve on it from inside the resolution joins that
/// resolution, so graph-scoped services are shared and cycles are reported with their path.
///
/// ```swift
/// container.register(PetOwner.self) { r in
///     PetOwner(pet: r.resolve(Animal.self)!)
/// }
/// let owner = container.resolve(PetOwner.self)
/// let named = try container.require(Animal.self, name: "cat")
/// let withArguments = container.resolve(Animal.self, arguments: "Mimi", 3)
/// ```
public protocol Resolver {
    /// Resolves the unnamed service without runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let animal = container.resolve(Animal.self)
    /// ```
    ///
    /// - Parameter serviceType: The service type.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    func resolve<Service>(_ serviceType: Service.Type) -> Service?

    /// Resolves the service registered under `name` without runtime arguments, or returns `nil` and logs why.
    ///
    /// The one requirement without a default: the others reach it, or your own implementations of them.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service?

    /// Resolves the unnamed service with one runtime argument, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, argument: "Mimi")
    /// ```
    func resolve<Service, Arg1>(_ serviceType: Service.Type, argument: Arg1) -> Service?

    /// Resolves the service registered under `name` with one runtime argument, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", argument: "Mimi")
    /// ```
    func resolve<Service, Arg1>(_ serviceType: Service.Type, name: String?, argument: Arg1) -> Service?

    /// Resolves the unnamed service with 2 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3)
    /// ```
    func resolve<Service, Arg1, Arg2>(_ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2) -> Service?

    /// Resolves the service registered under `name` with 2 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3)
    /// ```
    func resolve<Service, Arg1, Arg2>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2
    ) -> Service?

    /// Resolves the unnamed service with 3 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3, true)
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service?

    /// Resolves the service registered under `name` with 3 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3, true)
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service?

    /// Resolves the unnamed service with 4 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3, true, 1.5)
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service?

    /// Resolves the service registered under `name` with 4 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3, true, 1.5)
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service?

    /// Resolves the unnamed service with 5 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3, true, 1.5, "a")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5
    ) -> Service?

    /// Resolves the service registered under `name` with 5 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3, true, 1.5, "a")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5
    ) -> Service?

    /// Resolves the unnamed service with 6 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3, true, 1.5, "a", "b")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6
    ) -> Service?

    /// Resolves the service registered under `name` with 6 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3, true, 1.5, "a", "b")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6
    ) -> Service?

    /// Resolves the unnamed service with 7 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3, true, 1.5, "a", "b", "c")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7
    ) -> Service?

    /// Resolves the service registered under `name` with 7 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3, true, 1.5, "a", "b", "c")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7
    ) -> Service?

    /// Resolves the unnamed service with 8 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3, true, 1.5, "a", "b", "c", "d")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service?

    /// Resolves the service registered under `name` with 8 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3, true, 1.5, "a", "b", "c", "d")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service?

    /// Resolves the unnamed service with 9 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3, true, 1.5, "a", "b", "c", "d", "e")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service?

    /// Resolves the service registered under `name` with 9 runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3, true, 1.5, "a", "b", "c", "d", "e")
    /// ```
    func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service?

    /// Resolves the service registered under `name` with any number of runtime arguments, or returns `nil` and
    /// logs why.
    ///
    /// Its default, on a type of your own, calls the form with as many arguments (up to nine).
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service?

    /// Resolves the service registered under `name` without runtime arguments, or throws why it cannot.
    ///
    /// Its default, on a type of your own, calls ``resolve(_:name:)`` and throws a
    /// ``ResolutionError/Kind/notRegistered`` error when that returns `nil`.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` with the kind of failure and the resolution path.
    func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service

    /// Resolves the service registered under `name` with these runtime arguments, or throws why it cannot.
    ///
    /// Its default, on a type of your own, calls ``resolve(_:name:arguments:)`` and throws a
    /// ``ResolutionError/Kind/notRegistered`` error when that returns `nil`.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat", arguments: "Mimi", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name, `nil` for the unnamed registration.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError`` with the kind of failure and the resolution path.
    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service
}

extension Resolver {
    /// Resolves the unnamed service with several runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, arguments: "Mimi", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service, or `nil` when it cannot be resolved.
    public func resolve<Service, each Argument>(
        _ serviceType: Service.Type, arguments: repeat each Argument
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: repeat each arguments)
    }

    /// Resolves the unnamed service without runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let animal = try container.require(Animal.self)
    /// ```
    ///
    /// - Parameter serviceType: The service type.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError``.
    public func require<Service>(_ serviceType: Service.Type) throws(ResolutionError) -> Service {
        try require(serviceType, name: nil)
    }

    /// Resolves the unnamed service with one runtime argument, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, argument: "Mimi")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - argument: The runtime argument.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError``.
    public func require<Service, Argument>(
        _ serviceType: Service.Type, argument: Argument
    ) throws(ResolutionError) -> Service {
        try require(serviceType, name: nil, arguments: argument)
    }

    /// Resolves the service registered under `name` with one runtime argument, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat", argument: "Mimi")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    ///   - argument: The runtime argument.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError``.
    public func require<Service, Argument>(
        _ serviceType: Service.Type, name: String?, argument: Argument
    ) throws(ResolutionError) -> Service {
        try require(serviceType, name: name, arguments: argument)
    }

    /// Resolves the unnamed service with several runtime arguments, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, arguments: "Mimi", 3)
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - arguments: The runtime arguments, in the order the factory takes them.
    /// - Returns: The service.
    /// - Throws: ``ResolutionError``.
    public func require<Service, each Argument>(
        _ serviceType: Service.Type, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try require(serviceType, name: nil, arguments: repeat each arguments)
    }
}
