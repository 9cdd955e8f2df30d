// The `~>` operators of SwinjectAutoregistration: resolve sugar on `Resolver`, so code written with the add-on
// compiles against Syringe alone.
//
// `infix operator ~>` is declared by the standard library (`DefaultPrecedence`), as the add-on relies on; only the
// postfix form is declared here. With the add-on also imported, no call may become ambiguous:
// - the forms the add-on declares with the same parameters are generic over the resolver (`R: Resolver`) where the
//   add-on's take the existential: a call on `any Resolver` prefers the add-on's exact match, a call on a
//   `Container` this one;
// - the `arguments:` tuple forms take any number of arguments (a parameter pack) and the existential resolver, as
//   the add-on's do: its fixed arities (2 and 3) are more specialized and win, and other arities are only here.

/// Resolves the service whose type the context asks for, as SwinjectAutoregistration's postfix `~>` does.
postfix operator ~>

/// Resolves the unnamed service the context's type asks for, without runtime arguments.
///
/// The service type is inferred: `PetOwner(pet: r~>, food: r~>)` resolves each parameter by its type, as
/// SwinjectAutoregistration's postfix operator does.
///
/// ```swift
/// container.register(Person.self) { r in PetOwner(pet: r~>, food: r~>) }
/// ```
///
/// > Warning: The operator cannot return an error: when the service cannot be resolved, it stops the program with
/// > the ``ResolutionError`` description (what was asked, what is registered, the resolution path). Use
/// > ``Resolver/require(_:)-(Service.Type)`` to handle the error instead.
///
/// - Parameter resolver: The resolver to resolve from: the factory's `r`, or a container.
/// - Returns: The service.
public postfix func ~> <R: Resolver, Service>(resolver: R) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in try r.require(Service.self, name: nil) }
}

/// Resolves the unnamed service of type `service`, without runtime arguments: `r ~> Animal.self`.
///
/// The same as `try r.require(Animal.self)` when it succeeds. The precedence is the standard library's
/// `DefaultPrecedence`, as with SwinjectAutoregistration: `r ~> Animal.self` binds tighter than `=` and `??`,
/// and it does not mix with arithmetic operators without parentheses.
///
/// ```swift
/// container.register(Person.self) { r in PetOwner(pet: r ~> Animal.self) }
/// let animal = container ~> Animal.self
/// ```
///
/// > Warning: When the service cannot be resolved, the program stops with the ``ResolutionError`` description;
/// > use ``Resolver/require(_:)-(Service.Type)`` to handle the error instead.
///
/// - Parameters:
///   - resolver: The resolver to resolve from: the factory's `r`, or a container.
///   - service: The service type.
/// - Returns: The service.
public func ~> <R: Resolver, Service>(resolver: R, service: Service.Type) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in try r.require(Service.self, name: nil) }
}

/// Resolves the service of type `service` registered under `name`: `r ~> (Animal.self, name: "cat")`.
///
/// ```swift
/// container.register(Person.self) { r in PetOwner(pet: r ~> (Animal.self, name: "cat")) }
/// ```
///
/// > Warning: When the service cannot be resolved, the program stops with the ``ResolutionError`` description;
/// > use ``Resolver/require(_:name:)`` to handle the error instead.
///
/// - Parameters:
///   - resolver: The resolver to resolve from.
///   - request: The service type and the registration name.
/// - Returns: The service.
public func ~> <R: Resolver, Service>(resolver: R, request: (service: Service.Type, name: String)) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in try r.require(Service.self, name: request.name) }
}

/// Resolves the unnamed service of type `service` with one runtime argument: `r ~> (Pet.self, argument: "Mimi")`.
///
/// ```swift
/// container.register(Pet.self) { _, name in Cat(name: name) }
/// let cat = container ~> (Pet.self, argument: "Mimi")
/// ```
///
/// > Warning: When the service cannot be resolved, the program stops with the ``ResolutionError`` description;
/// > use ``Resolver/require(_:argument:)`` to handle the error instead.
///
/// - Parameters:
///   - resolver: The resolver to resolve from.
///   - request: The service type and the runtime argument.
/// - Returns: The service.
public func ~> <R: Resolver, Service, Argument>(
    resolver: R, request: (service: Service.Type, argument: Argument)
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: nil, arguments: request.argument)
    }
}

/// Resolves the service of type `service` registered under `name`, with one runtime argument:
/// `r ~> (Pet.self, name: "cat", argument: "Mimi")`.
///
/// ```swift
/// let cat = container ~> (Pet.self, name: "cat", argument: "Mimi")
/// ```
///
/// > Warning: When the service cannot be resolved, the program stops with the ``ResolutionError`` description;
/// > use ``Resolver/require(_:name:argument:)`` to handle the error instead.
///
/// - Parameters:
///   - resolver: The resolver to resolve from.
///   - request: The service type, the registration name and the runtime argument.
/// - Returns: The service.
public func ~> <R: Resolver, Service, Argument>(
    resolver: R, request: (service: Service.Type, name: String, argument: Argument)
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: request.name, arguments: request.argument)
    }
}

/// Resolves the unnamed service of type `service` with runtime arguments given as a tuple, in the factory's order:
/// `r ~> (Pet.self, arguments: ("Mimi", 3))`.
///
/// Any number of arguments: the tuple's elements are passed as separate arguments.
///
/// ```swift
/// container.register(Pet.self) { _, name, age in Cat(name: name, age: age) }
/// let cat = container ~> (Pet.self, arguments: ("Mimi", 3))
/// ```
///
/// > Warning: When the service cannot be resolved, the program stops with the ``ResolutionError`` description;
/// > use ``Resolver/require(_:name:arguments:)`` to handle the error instead.
///
/// - Parameters:
///   - resolver: The resolver to resolve from.
///   - request: The service type and the runtime arguments.
/// - Returns: The service.
public func ~> <Service, each Argument>(
    resolver: any Resolver, request: (Service.Type, arguments: (repeat each Argument))
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: nil, arguments: repeat each request.arguments)
    }
}

/// Resolves the service of type `service` registered under `name`, with runtime arguments given as a tuple:
/// `r ~> (Pet.self, name: "cat", arguments: ("Mimi", 3))`.
///
/// ```swift
/// let cat = container ~> (Pet.self, name: "cat", arguments: ("Mimi", 3))
/// ```
///
/// > Warning: When the service cannot be resolved, the program stops with the ``ResolutionError`` description;
/// > use ``Resolver/require(_:name:arguments:)`` to handle the error instead.
///
/// - Parameters:
///   - resolver: The resolver to resolve from.
///   - request: The service type, the registration name and the runtime arguments.
/// - Returns: The service.
public func ~> <Service, each Argument>(
    resolver: any Resolver, request: (Service.Type, name: String, arguments: (repeat each Argument))
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: request.name, arguments: repeat each request.arguments)
    }
}

/// Resolves the service with runtime arguments listed after `arguments:` without a tuple:
/// `r ~> (Pet.self, name: "cat", arguments: "Mimi", 3)`. Deprecated by SwinjectAutoregistration; kept so its users'
/// code compiles. Write the arguments as a tuple: `arguments: ("Mimi", 3)`.
///
/// ```swift
/// let cat = container ~> (Pet.self, name: "cat", arguments: ("Mimi", 3))  // instead
/// ```
///
/// - Parameters:
///   - resolver: The resolver to resolve from.
///   - request: The service type, the registration name and two runtime arguments.
/// - Returns: The service.
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

/// Resolves the unnamed service with three runtime arguments listed after `arguments:` without a tuple:
/// `r ~> (Pet.self, arguments: "Mimi", 3, true)`. Deprecated by SwinjectAutoregistration; kept so its users' code
/// compiles. Write the arguments as a tuple: `arguments: ("Mimi", 3, true)`.
///
/// ```swift
/// let cat = container ~> (Pet.self, arguments: ("Mimi", 3, true))  // instead
/// ```
///
/// - Parameters:
///   - resolver: The resolver to resolve from.
///   - request: The service type and three runtime arguments.
/// - Returns: The service.
@available(*, deprecated, message: "pass the arguments as a tuple: ~> (Service.self, arguments: (a, b, c))")
public func ~> <R: Resolver, Service, Argument1, Argument2, Argument3>(
    resolver: R, request: (Service.Type, arguments: Argument1, Argument2, Argument3)
) -> Service {
    resolvedOrStopped(resolver) { (r) throws(ResolutionError) in
        try r.require(Service.self, name: nil, arguments: request.arguments, request.2, request.3)
    }
}

/// Resolves the service registered under `name` with three runtime arguments listed after `arguments:` without a
/// tuple: `r ~> (Pet.self, name: "cat", arguments: "Mimi", 3, true)`. Deprecated by SwinjectAutoregistration;
/// kept so its users' code compiles. Write the arguments as a tuple.
///
/// ```swift
/// let cat = container ~> (Pet.self, name: "cat", arguments: ("Mimi", 3, true))  // instead
/// ```
///
/// - Parameters:
///   - resolver: The resolver to resolve from.
///   - request: The service type, the registration name and three runtime arguments.
/// - Returns: The service.
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
        // The one trap of the operators, reachable by a user: `~>` is SwinjectAutoregistration's force-unwrapping
        // sugar and returns the service itself, so it has no way to report the error. It stops with the
        // `ResolutionError` description (what was asked, what is registered, the resolution path) instead of a
        // bare "unexpectedly found nil"; `require` throws the same error for code that handles it.
        stopResolving(error)
    }
}

/// Stops the program with the text of `error`: written once, out of line, not in each operator's generic body.
@inline(never)
private func stopResolving(_ error: ResolutionError) -> Never {
    fatalError("~> could not resolve the service: \(error.description)")
}
