// SwinjectAutoregistration's `~>` operators. The standard library declares `infix operator ~>`. With the add-on
// also imported, no call is ambiguous: forms it declares with the same parameters are generic over `R: Resolver`
// here (a call on `any Resolver` picks its exact match, on a `Container` this one); the `arguments:` tuple forms
// are packs, so its fixed arities (2 and 3) are more specialized and win.

/// Resolves the service whose type the context asks for, as SwinjectAutoregistration's postfix `~>` does.
postfix operator ~>

/// Resolves the unnamed service of the type the context asks for.
///
/// ```swift
/// container.register(Person.self) { r in PetOwner(pet: r~>, food: r~>) }
/// ```
///
/// > Warning: Every `~>` stops the program with the ``ResolutionError`` description when the service cannot be
/// > resolved; use ``Resolver/require(_:)-(Service.Type)`` to handle the error instead.
public postfix func ~> <R: Resolver, Service>(resolver: R) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in try r.require(Service.self, name: nil) }
}

/// Resolves the unnamed service of type `service`; stops the program if it cannot (`require` throws instead).
///
/// ```swift
/// let animal = container ~> Animal.self
/// ```
public func ~> <R: Resolver, Service>(resolver: R, service: Service.Type) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in try r.require(Service.self, name: nil) }
}

/// Resolves the service registered under `name`; stops the program if it cannot (`require` throws instead).
///
/// ```swift
/// container.register(Person.self) { r in PetOwner(pet: r ~> (Animal.self, name: "cat")) }
/// ```
public func ~> <R: Resolver, Service>(resolver: R, request: (service: Service.Type, name: String)) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in try r.require(Service.self, name: request.name) }
}

/// Resolves the unnamed service with one runtime argument; stops the program if it cannot.
///
/// ```swift
/// let cat = container ~> (Pet.self, argument: "Mimi")
/// ```
public func ~> <R: Resolver, Service, Argument>(
    resolver: R, request: (service: Service.Type, argument: Argument)
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: nil, arguments: request.argument)
    }
}

/// Resolves the service registered under `name` with one runtime argument; stops the program if it cannot.
///
/// ```swift
/// let cat = container ~> (Pet.self, name: "cat", argument: "Mimi")
/// ```
public func ~> <R: Resolver, Service, Argument>(
    resolver: R, request: (service: Service.Type, name: String, argument: Argument)
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: request.name, arguments: request.argument)
    }
}

/// Resolves the unnamed service with the tuple's elements as runtime arguments, any number; stops the program if
/// it cannot.
///
/// ```swift
/// let cat = container ~> (Pet.self, arguments: ("Mimi", 3))
/// ```
public func ~> <Service, each Argument>(
    resolver: any Resolver, request: (Service.Type, arguments: (repeat each Argument))
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: nil, arguments: repeat each request.arguments)
    }
}

/// Resolves the service registered under `name` with the tuple's elements as runtime arguments; stops the
/// program if it cannot.
///
/// ```swift
/// let cat = container ~> (Pet.self, name: "cat", arguments: ("Mimi", 3))
/// ```
public func ~> <Service, each Argument>(
    resolver: any Resolver, request: (Service.Type, name: String, arguments: (repeat each Argument))
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: request.name, arguments: repeat each request.arguments)
    }
}

/// Deprecated (as in SwinjectAutoregistration): write the arguments as a tuple.
///
/// ```swift
/// let cat = container ~> (Pet.self, name: "cat", arguments: ("Mimi", 3))  // instead
/// ```
@available(
    *, deprecated, message: "pass the arguments as a tuple: ~> (Service.self, name: \"name\", arguments: (a, b))"
)
public func ~> <R: Resolver, Service, Argument1, Argument2>(
    resolver: R, request: (Service.Type, name: String, arguments: Argument1, Argument2)
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: request.name, arguments: request.arguments, request.3)
    }
}

/// Deprecated (as in SwinjectAutoregistration): write the arguments as a tuple.
///
/// ```swift
/// let cat = container ~> (Pet.self, arguments: ("Mimi", 3, true))  // instead
/// ```
@available(*, deprecated, message: "pass the arguments as a tuple: ~> (Service.self, arguments: (a, b, c))")
public func ~> <R: Resolver, Service, Argument1, Argument2, Argument3>(
    resolver: R, request: (Service.Type, arguments: Argument1, Argument2, Argument3)
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: nil, arguments: request.arguments, request.2, request.3)
    }
}

/// Deprecated (as in SwinjectAutoregistration): write the arguments as a tuple.
///
/// ```swift
/// let cat = container ~> (Pet.self, name: "cat", arguments: ("Mimi", 3, true))  // instead
/// ```
@available(
    *, deprecated, message: "pass the arguments as a tuple: ~> (Service.self, name: \"name\", arguments: (a, b, c))"
)
public func ~> <R: Resolver, Service, Argument1, Argument2, Argument3>(
    resolver: R, request: (Service.Type, name: String, arguments: Argument1, Argument2, Argument3)
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: request.name, arguments: request.arguments, request.3, request.4)
    }
}

/// The service `resolve` returns, or the end of the program with the reason it could not be resolved.
private func resolvedOrStopped<R: Resolver, Service>(
    _ resolver: R, _ resolve: (R) throws(ResolutionError) -> Service
) -> Service {
    do {
        return try resolve(resolver)
    } catch {
        // A trap a user can reach: `~>` returns the service itself, so it cannot report the error. It stops with
        // the `ResolutionError` description instead of "unexpectedly found nil"; `require` throws it instead.
        stopResolving(error)
    }
}

/// Stops with the text of `error`: out of line, not in each operator's generic body.
@inline(never)
private func stopResolving(_ error: ResolutionError) -> Never {
    fatalError("~> could not resolve the service: \(error.description)")
}
