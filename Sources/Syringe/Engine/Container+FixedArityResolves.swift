// `Resolver`'s Swinject forms with one to nine runtime arguments: each goes straight to the pack-form `require`,
// inlinable as that is, so a call through `any Resolver` is one witness call and a call on a container specialized.

extension Container {
    /// Resolves the unnamed service with one runtime argument, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1>(_ serviceType: Service.Type, argument: Arg1) -> Service? {
        resolve(serviceType, name: nil, argument: argument)
    }

    /// Resolves the service registered under `name` with one runtime argument, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1>(_ serviceType: Service.Type, name: String?, argument: Arg1) -> Service? {
        loggingFailure { () throws(ResolutionError) in try require(serviceType, name: name, arguments: argument) }
    }

    /// Resolves the unnamed service with 2 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2)
    }

    /// Resolves the service registered under `name` with 2 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2
    ) -> Service? {
        loggingFailure { () throws(ResolutionError) in try require(serviceType, name: name, arguments: arg1, arg2) }
    }

    /// Resolves the unnamed service with 3 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3)
    }

    /// Resolves the service registered under `name` with 3 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3
    ) -> Service? {
        loggingFailure { () throws(ResolutionError) in try require(serviceType, name: name, arguments: arg1, arg2, arg3)
        }
    }

    /// Resolves the unnamed service with 4 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4)
    }

    /// Resolves the service registered under `name` with 4 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4
    ) -> Service? {
        loggingFailure { () throws(ResolutionError) in
            try require(serviceType, name: name, arguments: arg1, arg2, arg3, arg4)
        }
    }

    /// Resolves the unnamed service with 5 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5)
    }

    /// Resolves the service registered under `name` with 5 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5
    ) -> Service? {
        loggingFailure { () throws(ResolutionError) in
            try require(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5)
        }
    }

    /// Resolves the unnamed service with 6 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
    }

    /// Resolves the service registered under `name` with 6 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6
    ) -> Service? {
        loggingFailure { () throws(ResolutionError) in
            try require(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6)
        }
    }

    /// Resolves the unnamed service with 7 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
    }

    /// Resolves the service registered under `name` with 7 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7
    ) -> Service? {
        loggingFailure { () throws(ResolutionError) in
            try require(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7)
        }
    }

    /// Resolves the unnamed service with 8 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
    }

    /// Resolves the service registered under `name` with 8 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8
    ) -> Service? {
        loggingFailure { () throws(ResolutionError) in
            try require(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8)
        }
    }

    /// Resolves the unnamed service with 9 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4, _ arg5: Arg5,
        _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service? {
        resolve(serviceType, name: nil, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
    }

    /// Resolves the service registered under `name` with 9 runtime arguments, or returns `nil` and logs why.
    @inlinable
    public func resolve<Service, Arg1, Arg2, Arg3, Arg4, Arg5, Arg6, Arg7, Arg8, Arg9>(
        _ serviceType: Service.Type, name: String?, arguments arg1: Arg1, _ arg2: Arg2, _ arg3: Arg3, _ arg4: Arg4,
        _ arg5: Arg5, _ arg6: Arg6, _ arg7: Arg7, _ arg8: Arg8, _ arg9: Arg9
    ) -> Service? {
        loggingFailure { () throws(ResolutionError) in
            try require(serviceType, name: name, arguments: arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9)
        }
    }

    /// The service `resolve` returns: `body`'s, or `nil` after logging its error.
    @inlinable
    func loggingFailure<Service>(_ body: () throws(ResolutionError) -> Service) -> Service? {
        do {
            return try body()
        } catch {
            Container.log(error)
            return nil
        }
    }
}
