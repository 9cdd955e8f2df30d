// Autoregistration: one parameter-pack implementation for every arity. The factory is an ordinary `register`
// factory calling `r.require(Parameter.self, name: nil)` per parameter, as a hand-written closure does; inlinable,
// so that specialized in the app it is the hand-written closure's code.

extension Container {
    /// Registers `serviceType` made by `initializer`, each of whose parameters is resolved by its type, unnamed,
    /// as `try r.require(Dependency.self)` would be (`Dependency?` is `nil` when unregistered; `[Element]` is
    /// multi-injected).
    ///
    /// A parameter that cannot be resolved fails the resolution with its ``ResolutionError``, whose message names
    /// the parameter. Where initializers are ambiguous, name one: `initializer: PetOwner.init(pet:food:)`.
    ///
    /// ```swift
    /// container.autoregister(Person.self, initializer: PetOwner.init)  // PetOwner.init(pet:food:)
    ///     .inObjectScope(.container)
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, each Parameter>(
        _ serviceType: Service.Type,
        name: String? = nil,
        fileID: String = #fileID,
        line: UInt = #line,
        initializer: @escaping @Sendable (repeat each Parameter) throws -> Service
    ) -> ServiceEntry<Service> {
        if autoregistrationNeedsDependencies(repeat (each Parameter).self) {
            return register(Service.self, name: name, fileID: fileID, line: line) { r in
                try initializer(repeat try autoresolvedDependency((each Parameter).self, of: Service.self, from: r))
            }
        }
        return register(Service.self, name: name, fileID: fileID, line: line) { r in
            try initializer(repeat try autoresolved((each Parameter).self, of: Service.self, from: r))
        }
    }

    /// Autoregistration whose first parameter of type `argument` is a runtime argument given at resolve time.
    ///
    /// ```swift
    /// final class PetOwner: Person {
    ///     init(name: String, pet: Animal) { /* … */ }
    /// }
    /// container.autoregister(Person.self, argument: String.self, initializer: PetOwner.init)
    /// let owner = container.resolve(Person.self, argument: "Michael")
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, Argument, each Parameter>(
        _ serviceType: Service.Type,
        name: String? = nil,
        argument: Argument.Type,
        fileID: String = #fileID,
        line: UInt = #line,
        initializer: @escaping @Sendable (repeat each Parameter) throws -> Service
    ) -> ServiceEntry<Service> {
        autoregister(
            Service.self, name: name, arguments: Argument.self, fileID: fileID, line: line, initializer: initializer)
    }

    /// Autoregistration with runtime arguments: each argument type goes to the first parameter of exactly that
    /// type not taken yet; resolve with the arguments in the order of `arguments`. An argument type matching no
    /// parameter makes every resolve fail with an ``AutoregistrationError``.
    ///
    /// ```swift
    /// final class PetOwner: Person {
    ///     init(name: String, pet: Animal, age: Int) { /* … */ }
    /// }
    /// container.autoregister(Person.self, arguments: String.self, Int.self, initializer: PetOwner.init)
    /// let owner = container.resolve(Person.self, arguments: "Michael", 42)  // pet resolved
    /// ```
    @inlinable
    @discardableResult
    public func autoregister<Service, each Argument, each Parameter>(
        _ serviceType: Service.Type,
        name: String? = nil,
        arguments: repeat (each Argument).Type,
        fileID: String = #fileID,
        line: UInt = #line,
        initializer: @escaping @Sendable (repeat each Parameter) throws -> Service
    ) -> ServiceEntry<Service> {
        let plan = AutoregistrationPlan(
            arguments: argumentTypeList(repeat (each Argument).self),
            parameters: argumentTypeList(repeat (each Parameter).self),
            service: Service.self
        )
        let needsDependencies = autoregistrationNeedsDependencies(repeat (each Parameter).self)
        let registration = addArgumentRegistration(
            repeat (each Argument).self, name: name, fileID: fileID, line: line,
            factory: { r, arguments in
                if let unused = plan.unusedArguments { throw unused }
                // The registry key includes the argument types, so the arguments have exactly these types.
                let values = try unpack(arguments, as: (repeat each Argument).self) {
                    argumentPackMismatch(repeat (each Argument).self)
                }
                // An array, not the tuple: a value whose type involves the `Argument` pack cannot be used inside
                // the expansion over `Parameter` (the compiler crashes, Swift 6.3.1).
                let given = anyList(repeat each values)
                var index = 0
                return try initializer(
                    repeat try plan.parameter(
                        (each Parameter).self, at: &index, given: given, of: Service.self, from: r,
                        resolvingDependencies: needsDependencies)
                )
            },
            converting: ArgumentConverter<(repeat each Argument)>.self
        )
        return ServiceEntry(registration: registration, container: self)
    }
}

/// Resolves a parameter of `Service`'s initializer as `r.require` does; a failure notes the parameter.
@inlinable
@inline(__always)
func autoresolved<Parameter, Service>(
    _ parameterType: Parameter.Type, of serviceType: Service.Type, from resolver: any Resolver
) throws(ResolutionError) -> Parameter {
    do {
        return try resolver.require(Parameter.self, name: nil)
    } catch {
        throw autoregistrationFailure(error, parameter: Parameter.self, service: Service.self)
    }
}

/// ``autoresolved(_:of:from:)`` through ``Resolver/requireDependency(_:name:)``, for array parameters.
@inlinable
@inline(__always)
func autoresolvedDependency<Parameter, Service>(
    _ parameterType: Parameter.Type, of serviceType: Service.Type, from resolver: any Resolver
) throws(ResolutionError) -> Parameter {
    do {
        return try resolver.requireDependencyForAutoregistration(Parameter.self)
    } catch {
        throw autoregistrationFailure(error, parameter: Parameter.self, service: Service.self)
    }
}

extension Resolver {
    /// ``requireDependency(_:name:)`` unnamed, callable from the inlinable autoregistration code.
    @usableFromInline
    func requireDependencyForAutoregistration<T>(_ type: T.Type) throws(ResolutionError) -> T {
        try requireDependency(T.self, name: nil)
    }
}

/// Whether any parameter type is an array (needs ``Resolver/requireDependency(_:name:)``), decided at registration.
@usableFromInline
func autoregistrationNeedsDependencies<each Parameter>(_ parameterTypes: repeat (each Parameter).Type) -> Bool {
    for type in repeat (each Parameter).self {
        if isMultiInjected(type) { return true }
    }
    return false
}

/// The values of a pack, each in an `Any`, in order.
@inlinable
func anyList<each Value>(_ values: repeat each Value) -> [Any] {
    var list: [Any] = []
    for value in repeat each values {
        list.append(value)
    }
    return list
}

/// `error` with a note naming the parameter: out of line, so the factory's success path carries nothing of it.
@usableFromInline
@inline(never)
func autoregistrationFailure(
    _ error: ResolutionError, parameter: Any.Type, service: Any.Type
) -> ResolutionError {
    error.addingNote(
        "Autoregistration: \(typeName(service))'s initializer could not be given its parameter of type \(typeName(parameter))."
    )
}

/// Which initializer parameter takes which runtime argument, decided once at registration.
@usableFromInline
struct AutoregistrationPlan: Sendable {
    /// For each parameter, the index of the argument it takes, or `nil` to resolve it.
    @usableFromInline
    let sources: [Int?]
    /// The error every resolve throws when an argument type matches no parameter; `nil` when all match.
    @usableFromInline
    let unusedArguments: AutoregistrationError?

    @usableFromInline
    init(arguments: [Any.Type], parameters: [Any.Type], service: Any.Type) {
        var taken = [Bool](repeating: false, count: arguments.count)
        sources = parameters.map { parameter in
            let index = arguments.indices.first { !taken[$0] && arguments[$0] == parameter }
            if let index { taken[index] = true }
            return index
        }
        let unused = arguments.indices.filter { !taken[$0] }.map { arguments[$0] }
        unusedArguments =
            unused.isEmpty
            ? nil
            : AutoregistrationError(
                service: service, parameters: parameters, arguments: arguments, unmatched: unused)
    }

    /// The parameter at `index` (then advanced): its argument from `given`, or resolved.
    @inlinable
    func parameter<Parameter, Service>(
        _ parameterType: Parameter.Type, at index: inout Int, given: [Any],
        of serviceType: Service.Type, from resolver: any Resolver, resolvingDependencies: Bool
    ) throws -> Parameter {
        defer { index += 1 }
        if let source = sources[index] {
            // Matched by type identity: the value is exactly a `Parameter`.
            return try unpack(given[source], as: Parameter.self) { argumentPackMismatch(Parameter.self) }
        }
        if resolvingDependencies {
            return try autoresolvedDependency(Parameter.self, of: Service.self, from: resolver)
        }
        return try autoresolved(Parameter.self, of: Service.self, from: resolver)
    }
}

/// Thrown by an autoregistration whose runtime argument types do not all match a parameter of its initializer,
/// carried by ``ResolutionError/Kind/factoryFailed(underlying:)``.
///
/// ```swift
/// container.autoregister(Person.self, argument: Int.self, initializer: PetOwner.init)  // no Int parameter
/// // Syringe: cannot resolve Person(arguments: (Int)): the factory of Person(arguments: (Int)) threw
/// // AutoregistrationError: the runtime argument types (Int) match no parameter of Person's initializer (Animal, Food).
/// ```
public struct AutoregistrationError: Error, Sendable, CustomStringConvertible {
    /// The registered service type.
    ///
    /// ```swift
    /// print(error.service) // Person
    /// ```
    public let service: Any.Type
    /// The initializer's parameter types, in order.
    ///
    /// ```swift
    /// print(error.parameters) // [Animal, Food]
    /// ```
    public let parameters: [Any.Type]
    /// The runtime argument types given to `autoregister`, in order.
    ///
    /// ```swift
    /// print(error.arguments) // [Int]
    /// ```
    public let arguments: [Any.Type]
    /// The argument types no parameter took.
    ///
    /// ```swift
    /// print(error.unmatched) // [Int]
    /// ```
    public let unmatched: [Any.Type]

    /// What went wrong and how to fix it.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        let list = { (types: [Any.Type]) in "(" + types.map { typeName($0) }.joined(separator: ", ") + ")" }
        return
            "the runtime argument types \(list(unmatched)) match no parameter of \(typeName(service))'s initializer \(list(parameters)). To fix: give autoregister the argument types of the initializer's parameters."
    }
}
