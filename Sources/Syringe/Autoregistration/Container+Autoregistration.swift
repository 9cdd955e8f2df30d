// Autoregistration: a registration whose factory is an initializer, each parameter resolved by its type.
//
// One parameter-pack implementation serves every arity. The factory is an ordinary `register` factory that
// calls `r.require(Parameter.self, name: nil)` for each parameter, exactly what a hand-written closure does, so
// cycles, graphs, tracing and verification see the same resolution. The functions are inlinable: in the app's
// code, specialized for its types, the factory is the hand-written closure's code.

extension Container {
    /// Registers `serviceType` made by `initializer`, each of whose parameters is resolved by its type.
    ///
    /// The initializer is any function (usually an `init`) whose parameters the container can resolve: each is
    /// resolved, unnamed and without runtime arguments, through the resolver the factory receives, as a
    /// hand-written `try r.require(Dependency.self)` would be. For a parameter of type:
    /// - `Dependency?`: `nil` when `Dependency` is not registered (a registration that fails still fails);
    /// - `[Element]`: a registration of `[Element]` if there is one, else every registration of `Element`
    ///   (``Resolver/requireAll(_:)``);
    /// - ``Lazy`` or ``Provider`` of a registered type: built as usual.
    ///
    /// A parameter that cannot be resolved fails the resolution with its ``ResolutionError`` (its kind and path
    /// as for a hand-written factory), whose message names the parameter and the initializer. An initializer
    /// that throws fails it as a factory that throws does. It returns the entry, so scopes, `initCompleted`
    /// and `implements` work as usual. The same spelling as SwinjectAutoregistration's.
    ///
    /// ```swift
    /// final class PetOwner: Person {
    ///     init(pet: Animal, food: Food) { /* … */ }
    /// }
    /// container.register(Animal.self) { _ in Cat(name: "Mimi") }
    /// container.register(Food.self) { _ in Fish() }
    /// container.autoregister(Person.self, initializer: PetOwner.init)
    ///     .inObjectScope(.container)
    ///
    /// let owner = container.resolve(Person.self)  // PetOwner(pet: Cat, food: Fish)
    /// ```
    ///
    /// > Note: When a type has several initializers with the same number of parameters, name the one to use:
    /// > `initializer: PetOwner.init(pet:food:)`; for a struct whose properties have default values, say which:
    /// > `initializer: Cat.init as () -> Cat`.
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - initializer: Makes the service from its resolved dependencies; may throw.
    /// - Returns: The registration, to configure further.
    /// - Complexity: Per resolve, one resolve per parameter, as the hand-written factory.
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

    /// Registers `serviceType` made by `initializer`, one of whose parameters is a runtime argument of type
    /// `argument`, given at resolve time; the others are resolved by their types.
    ///
    /// The first parameter of type `Argument` receives the argument; the rest are resolved as
    /// ``autoregister(_:name:fileID:line:initializer:)-(_,_,_,_,(Parameter)->Service)`` resolves them. Resolve with
    /// `argument:`.
    ///
    /// ```swift
    /// final class PetOwner: Person {
    ///     init(name: String, pet: Animal) { /* … */ }
    /// }
    /// container.autoregister(Person.self, argument: String.self, initializer: PetOwner.init)
    /// let owner = container.resolve(Person.self, argument: "Michael")
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - argument: The type of the runtime argument.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - initializer: Makes the service from the argument and its resolved dependencies; may throw.
    /// - Returns: The registration, to configure further.
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

    /// Registers `serviceType` made by `initializer`, some of whose parameters are runtime arguments of the types
    /// `arguments`, given at resolve time; the others are resolved by their types.
    ///
    /// Each argument type goes to the first parameter of exactly that type not taken by an earlier argument,
    /// so the order of `arguments` is free when their types differ, and two arguments of one type fill that
    /// type's parameters in order. Resolve with the arguments in the order of `arguments`. An argument type
    /// that matches no parameter makes every resolve fail with a message that says so.
    ///
    /// ```swift
    /// final class PetOwner: Person {
    ///     init(name: String, pet: Animal, age: Int) { /* … */ }
    /// }
    /// container.autoregister(Person.self, arguments: String.self, Int.self, initializer: PetOwner.init)
    /// let owner = container.resolve(Person.self, arguments: "Michael", 42)  // pet resolved
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The type the registration answers.
    ///   - name: A name that tells apart registrations of the same type.
    ///   - arguments: The types of the runtime arguments, in the order resolves pass them.
    ///   - fileID: Where the registration is made; recorded for error messages.
    ///   - line: The line of the registration; recorded for error messages.
    ///   - initializer: Makes the service from the arguments and its resolved dependencies; may throw.
    /// - Returns: The registration, to configure further.
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
                // As in `register`: the registry key includes the argument types, so the arguments have exactly
                // these types.
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

/// Resolves the autoregistration parameter `Parameter` of `Service`'s initializer, as `r.require` does; a
/// failure gets a note naming the parameter and the initializer.
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

/// ``autoresolved(_:of:from:)`` through ``Resolver/requireDependency(_:name:)``, for initializers with a
/// parameter of an array type (multi-injection).
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

/// Whether any of the parameter types needs ``Resolver/requireDependency(_:name:)`` (an array type), decided
/// once at registration.
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

/// `error` with a note saying which parameter of `Service`'s autoregistered initializer it failed: out of line,
/// so that the factory's success path carries nothing of it.
@usableFromInline
@inline(never)
func autoregistrationFailure(
    _ error: ResolutionError, parameter: Any.Type, service: Any.Type
) -> ResolutionError {
    error.addingNote(
        "Autoregistration: \(typeName(service))'s initializer could not be given its parameter of type \(typeName(parameter))."
    )
}

/// How an autoregistration with runtime arguments fills the initializer's parameters: which parameter takes
/// which argument, decided once at registration.
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

    /// The parameter at `index` (then advanced): its argument from `given`, taken out as its exact type, or
    /// resolved.
    @inlinable
    func parameter<Parameter, Service>(
        _ parameterType: Parameter.Type, at index: inout Int, given: [Any],
        of serviceType: Service.Type, from resolver: any Resolver, resolvingDependencies: Bool
    ) throws -> Parameter {
        defer { index += 1 }
        if let source = sources[index] {
            // The plan matched this argument to this parameter by type identity: the value is stored as exactly
            // `Parameter`, and is taken out as it is.
            return try unpack(given[source], as: Parameter.self) { argumentPackMismatch(Parameter.self) }
        }
        if resolvingDependencies {
            return try autoresolvedDependency(Parameter.self, of: Service.self, from: resolver)
        }
        return try autoresolved(Parameter.self, of: Service.self, from: resolver)
    }
}

/// Thrown by an autoregistration's factory whose runtime argument types do not all match a parameter of its
/// initializer: the resolution fails with ``ResolutionError/Kind/factoryFailed(underlying:)`` carrying it.
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
