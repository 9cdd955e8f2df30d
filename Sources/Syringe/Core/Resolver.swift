/// Something that resolves services: a ``Container`` (also the resolver a factory receives), or a type of your own.
///
/// `resolve` returns `nil` when the service cannot be made and logs why (``Container/loggingFunction``), as in
/// Swinject; `require` throws a ``ResolutionError`` that says why. The requirements are Swinject's, plus a
/// parameter-pack form and `require`; only `resolve(_:name:)` has no default (Documentation/Resolvers.md).
///
/// ```swift
/// container.register(PetOwner.self) { r in PetOwner(pet: r.resolve(Animal.self)!) }
/// let owner = container.resolve(PetOwner.self)
/// let named = try container.require(Animal.self, name: "cat")
/// ```
public protocol Resolver {
    /// Resolves the unnamed service without runtime arguments, or returns `nil` and logs why.
    ///
    /// ```swift
    /// let animal = container.resolve(Animal.self)
    /// ```
    func resolve<Service>(_ serviceType: Service.Type) -> Service?

    /// Resolves the service registered under `name` without runtime arguments, or returns `nil` and logs why: the
    /// one requirement without a default.
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat")
    /// ```
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
    /// logs why. Its default calls the form with as many arguments (up to nine).
    ///
    /// ```swift
    /// let cat = container.resolve(Animal.self, name: "cat", arguments: "Mimi", 3)
    /// ```
    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service?

    /// Resolves the service registered under `name` without runtime arguments, or throws why it cannot. Its
    /// default throws ``ResolutionError/Kind/notRegistered`` when ``resolve(_:name:)`` returns `nil`.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat")
    /// ```
    func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service

    /// Resolves the service registered under `name` with these runtime arguments, or throws why it cannot. Its
    /// default throws ``ResolutionError/Kind/notRegistered`` when ``resolve(_:name:arguments:)`` returns `nil`.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, name: "cat", arguments: "Mimi", 3)
    /// ```
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
    public func require<Service>(_ serviceType: Service.Type) throws(ResolutionError) -> Service {
        try require(serviceType, name: nil)
    }

    /// Resolves the unnamed service with one runtime argument, or throws why it cannot.
    ///
    /// ```swift
    /// let cat = try container.require(Animal.self, argument: "Mimi")
    /// ```
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
    public func require<Service, each Argument>(
        _ serviceType: Service.Type, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try require(serviceType, name: nil, arguments: repeat each arguments)
    }
}
