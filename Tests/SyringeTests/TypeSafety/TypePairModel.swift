import Foundation
import Syringe
import Testing

// The model behind the type-pair tests: a type registered with a factory, a type requested from it (directly,
// forwarded, through a wrapper), and the oracle: what `as?` gives on the factory's product.

/// The types the type-pair tests register and request, in a namespace so that they clash with no other test's.
enum Zoo {
    /// Class-bound: its existential is two words (the reference and a witness table).
    protocol Animal: AnyObject, Sendable {
        var serial: Int { get }
    }

    protocol Pet: Animal {}

    /// Not class-bound: its existential is five words (a three-word buffer, the type, a witness table).
    protocol Named: Sendable {
        var serial: Int { get }
    }

    class Base: @unchecked Sendable {
        // @unchecked Sendable: immutable; not final, because subclasses are among the pairs.
        let serial: Int
        init(serial: Int) { self.serial = serial }
    }

    final class Dog: Base, Pet, Named, @unchecked Sendable {}
    class Cat: Base, Animal, @unchecked Sendable {}
    final class Kitten: Cat, Named, @unchecked Sendable {}

    /// One word: stored inline in an existential.
    struct Point: Named, Equatable {
        let serial: Int
    }

    /// Five words, the size of an `any Named`: stored out of line in an existential.
    struct Big: Named, Equatable {
        let serial: Int
        var b = 2, c = 3, d = 4, e = 5
    }

    /// Four words, the size of an `Any`.
    struct Quad: Equatable {
        let serial: Int
        var b = 2, c = 3, d = 4
    }

    typealias Thunk = () -> Int
    typealias SendableThunk = @Sendable () -> Int
    typealias BaseAnimal = Base & Animal

    /// The service of the factory that resolves the pair from inside (the nested styles).
    final class Probe: Sendable {}
}

/// A value a `@Sendable` closure may capture though its type is not `Sendable`.
struct Unchecked<Value>: @unchecked Sendable {
    // @unchecked Sendable: the test makes the value, hands it to the container and reads it back on the one task
    // that runs the case; nothing mutates it.
    let value: Value
}

// MARK: The oracle's comparison

/// Whether `a` and `b` are the same result: the same object for class instances (seen through existentials),
/// equal values for `Equatable` ones, equal results for closures, the same type for metatypes; optionals compare
/// their contents. A value of any other type is never the same, so a fixture the comparison misses fails loudly.
///
/// `boxed` is the type of a value that is not an object but was asked for as one (`AnyObject`): the runtime then
/// boxes it, a new box each time, so the boxes' contents are compared as that type.
func sameValue(_ a: Any, _ b: Any, boxed: Any.Type? = nil) -> Bool {
    let (left, right) = (Mirror(reflecting: a), Mirror(reflecting: b))
    if left.displayStyle == .optional || right.displayStyle == .optional {
        guard left.displayStyle == right.displayStyle else { return false }
        switch (left.children.first?.value, right.children.first?.value) {
        case (nil, nil): return true
        case (let x?, let y?): return sameValue(x, y, boxed: boxed)
        default: return false
        }
    }
    if let x = a as? Any.Type, let y = b as? Any.Type { return x == y }
    if let f = a as? Zoo.SendableThunk, let g = b as? Zoo.SendableThunk { return f() == g() }
    if let f = a as? Zoo.Thunk, let g = b as? Zoo.Thunk { return f() == g() }
    guard type(of: a) == type(of: b) else { return false }
    if type(of: a) is AnyClass {
        if (a as AnyObject) === (b as AnyObject) { return true }
        guard let boxed, !(boxed is AnyClass), let x = unboxed(a, as: boxed), let y = unboxed(b, as: boxed) else {
            return false
        }
        return sameValue(x, y)
    }
    if let x = a as? any Equatable { return equal(x, b) }
    return false
}

/// `value` with every level of `Optional` around it taken off (itself when it holds none; `nil` stays as is).
func unwrappingOptionals(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value else { return value }
    return unwrappingOptionals(wrapped)
}

/// The value in the box `object`, as a `Value`.
private func unboxed<Value>(_ object: Any, as type: Value.Type) -> Any? {
    switch object {
    case let value as Value: value
    default: nil
    }
}

private func equal<T: Equatable>(_ x: T, _ y: Any) -> Bool {
    switch y {
    case let y as T: x == y
    default: false
    }
}

// MARK: Products

/// Records what a registration's factory made, in order; the oracle compares a resolve's result with the last.
final class ProductLog<Product>: @unchecked Sendable {
    // @unchecked Sendable: every field is read and written under `lock`.
    private let lock = TestLock()
    private var products: [Product] = []
    private var problems: [String] = []

    /// Makes a product with `make`, numbered from 1 so that equal values tell products apart.
    func make(_ make: (Int) -> Product) -> Product {
        let serial = lock.run { products.count + 1 }
        let product = make(serial)
        lock.run { products.append(product) }
        return product
    }

    var last: Product? { lock.run { products.last } }
    var count: Int { lock.run { products.count } }

    /// Something a factory saw that the model did not expect (an argument not the one passed).
    func report(_ problem: String) { lock.run { problems.append(problem) } }
    var reported: [String] { lock.run { problems } }
}

// MARK: Registered and requested types

/// A registered type and one product its factory makes.
protocol RegisteredCase: Sendable, CustomStringConvertible {
    var registeredType: Any.Type { get }
    /// Runs `plan` with this registration and `requested`; returns what went wrong.
    func run(requesting requested: any RequestedCase, plan: Plan) async -> [String]
    /// Whether the product is a `requested` (`as?` succeeds), asked of a product made for the question.
    func casts(to requested: any RequestedCase) -> Bool
}

/// A registration of `Registered` whose factory makes `make(serial)`.
struct Made<Registered>: RegisteredCase {
    let label: String
    let make: @Sendable (Int) -> Registered

    init(_ label: String, _ type: Registered.Type, _ make: @escaping @Sendable (Int) -> Registered) {
        self.label = label
        self.make = make
    }

    var description: String { "\(Registered.self) ← \(label)" }
    var registeredType: Any.Type { Registered.self }

    func run(requesting requested: any RequestedCase, plan: Plan) async -> [String] {
        await requested.run(registered: self, plan: plan)
    }

    func casts(to requested: any RequestedCase) -> Bool {
        requested.accepts(make(0))
    }
}

/// A requested type.
protocol RequestedCase: Sendable, CustomStringConvertible {
    var requestedType: Any.Type { get }
    var optionalType: Any.Type { get }
    func run<Registered>(registered: Made<Registered>, plan: Plan) async -> [String]
    func accepts<Registered>(_ product: Registered) -> Bool
}

struct Requested<Service>: RequestedCase {
    init(_ type: Service.Type) {}

    var description: String { "\(Service.self)" }
    var requestedType: Any.Type { Service.self }
    var optionalType: Any.Type { Service?.self }

    func run<Registered>(registered: Made<Registered>, plan: Plan) async -> [String] {
        await PairRun<Registered, Service>(made: registered, plan: plan).run()
    }

    func accepts<Registered>(_ product: Registered) -> Bool {
        product is Service
    }
}

/// The registered types, each with the products its factory makes in the tests.
let registeredCases: [any RegisteredCase] = [
    Made("Dog", Zoo.Dog.self) { Zoo.Dog(serial: $0) },
    Made("Cat", Zoo.Cat.self) { Zoo.Cat(serial: $0) },
    Made("Kitten", Zoo.Cat.self) { Zoo.Kitten(serial: $0) },
    Made("Kitten", Zoo.Kitten.self) { Zoo.Kitten(serial: $0) },
    Made("Dog", Zoo.Base.self) { Zoo.Dog(serial: $0) },
    Made("Dog", (any Zoo.Animal).self) { Zoo.Dog(serial: $0) },
    Made("Kitten", (any Zoo.Animal).self) { Zoo.Kitten(serial: $0) },
    Made("Dog", (any Zoo.Pet).self) { Zoo.Dog(serial: $0) },
    Made("Dog", (any Zoo.Named).self) { Zoo.Dog(serial: $0) },
    Made("Point", (any Zoo.Named).self) { Zoo.Point(serial: $0) },
    Made("Big", (any Zoo.Named).self) { Zoo.Big(serial: $0) },
    Made("Dog", (any Zoo.BaseAnimal).self) { Zoo.Dog(serial: $0) },
    Made("Dog", AnyObject.self) { Zoo.Dog(serial: $0) },
    Made("Kitten", AnyObject.self) { Zoo.Kitten(serial: $0) },
    Made("Dog", Any.self) { Zoo.Dog(serial: $0) },
    Made("Point", Any.self) { Zoo.Point(serial: $0) },
    Made("Big", Any.self) { Zoo.Big(serial: $0) },
    Made("Quad", Any.self) { Zoo.Quad(serial: $0) },
    Made("Int", Any.self) { $0 },
    Made("a closure", Any.self) { serial in { serial } as Zoo.Thunk },
    Made("nil Dog?", Any.self) { _ in Zoo.Dog?.none as Any },
    Made("Dog.self", Any.self) { _ in Zoo.Dog.self },
    Made("Point", Zoo.Point.self) { Zoo.Point(serial: $0) },
    Made("Big", Zoo.Big.self) { Zoo.Big(serial: $0) },
    Made("Quad", Zoo.Quad.self) { Zoo.Quad(serial: $0) },
    Made("Int", Int.self) { $0 },
    Made("Dog", Zoo.Dog?.self) { Zoo.Dog(serial: $0) },
    Made("nil", Zoo.Dog?.self) { _ in nil },
    Made("Kitten", (any Zoo.Animal)?.self) { Zoo.Kitten(serial: $0) },
    Made("nil", (any Zoo.Animal)?.self) { _ in nil },
    Made("Point", Zoo.Point?.self) { Zoo.Point(serial: $0) },
    Made("a closure", Zoo.Thunk.self) { serial in { serial } },
    Made("a closure", Zoo.SendableThunk.self) { serial in { serial } },
    Made("Dog.self", Zoo.Base.Type.self) { _ in Zoo.Dog.self },
    Made("Point.self", Any.Type.self) { _ in Zoo.Point.self },
]

/// The requested types.
let requestedCases: [any RequestedCase] = [
    Requested(Zoo.Dog.self),
    Requested(Zoo.Cat.self),
    Requested(Zoo.Kitten.self),
    Requested(Zoo.Base.self),
    Requested((any Zoo.Animal).self),
    Requested((any Zoo.Pet).self),
    Requested((any Zoo.Named).self),
    Requested((any Zoo.BaseAnimal).self),
    Requested(AnyObject.self),
    Requested(Any.self),
    Requested(Zoo.Point.self),
    Requested(Zoo.Big.self),
    Requested(Zoo.Quad.self),
    Requested(Int.self),
    Requested(Zoo.Dog?.self),
    Requested((any Zoo.Animal)?.self),
    Requested(Zoo.Point?.self),
    Requested(Zoo.Thunk.self),
    Requested(Zoo.SendableThunk.self),
    Requested(Zoo.Dog.Type.self),
    Requested(Zoo.Base.Type.self),
    Requested(Any.Type.self),
]

// MARK: Runtime arguments

/// The runtime arguments of a registration: their types, and values made fresh for each case.
protocol ArgumentsCase: Sendable, CustomStringConvertible {
    /// The arguments with their values made, for one case.
    func bind() -> any BoundArguments
}

/// Runtime arguments with their values: registers a factory that takes them (and reports any other value it
/// receives), and passes them to every kind of resolve.
protocol BoundArguments: Sendable {
    func register<Registered>(
        _ type: Registered.Type, in container: Container, async: Bool, log: ProductLog<Registered>,
        make: @escaping @Sendable (Int) -> Registered
    ) -> ServiceEntry<Registered>
    func resolve<Service>(_ type: Service.Type, name: String?, in container: Container) -> Service?
    func require<Service>(_ type: Service.Type, name: String?, in container: Container) throws(ResolutionError)
        -> Service
    func resolve<Service>(_ type: Service.Type, name: String?, via resolver: any Resolver) -> Service?
    func require<Service>(_ type: Service.Type, name: String?, via resolver: any Resolver) throws(ResolutionError)
        -> Service
    func resolve<Service>(_ type: Service.Type, name: String?, via resolver: any AsyncResolver) async -> Service?
    func require<Service>(
        _ type: Service.Type, name: String?, via resolver: any AsyncResolver
    ) async throws(ResolutionError) -> Service
}

struct NoArguments: ArgumentsCase, BoundArguments {
    var description: String { "no arguments" }
    func bind() -> any BoundArguments { self }

    func register<Registered>(
        _ type: Registered.Type, in container: Container, async: Bool, log: ProductLog<Registered>,
        make: @escaping @Sendable (Int) -> Registered
    ) -> ServiceEntry<Registered> {
        let made = Unchecked(value: make)
        if async {
            return container.register(Registered.self) { (_: any AsyncResolver) async in
                await Task.yield()
                return log.make(made.value)
            }
        }
        return container.register(Registered.self) { _ in log.make(made.value) }
    }

    func resolve<Service>(_ type: Service.Type, name: String?, in container: Container) -> Service? {
        container.resolve(Service.self, name: name)
    }

    func require<Service>(_ type: Service.Type, name: String?, in container: Container) throws(ResolutionError)
        -> Service
    {
        try container.require(Service.self, name: name)
    }

    func resolve<Service>(_ type: Service.Type, name: String?, via resolver: any Resolver) -> Service? {
        resolver.resolve(Service.self, name: name)
    }

    func require<Service>(_ type: Service.Type, name: String?, via resolver: any Resolver) throws(ResolutionError)
        -> Service
    {
        try resolver.require(Service.self, name: name)
    }

    func resolve<Service>(_ type: Service.Type, name: String?, via resolver: any AsyncResolver) async -> Service? {
        await resolver.resolve(Service.self, name: name)
    }

    func require<Service>(
        _ type: Service.Type, name: String?, via resolver: any AsyncResolver
    ) async throws(ResolutionError) -> Service {
        try await resolver.require(Service.self, name: name)
    }
}

/// One runtime argument of type `Argument`.
struct OneArgument<Argument>: ArgumentsCase {
    let label: String
    let make: @Sendable () -> Unchecked<Argument>

    init(_ label: String, _ type: Argument.Type, _ make: @escaping @Sendable () -> Argument) {
        self.label = label
        self.make = { Unchecked(value: make()) }
    }

    var description: String { "argument \(Argument.self) = \(label)" }
    func bind() -> any BoundArguments { Bound(argument: make()) }

    struct Bound: BoundArguments {
        let argument: Unchecked<Argument>

        func register<Registered>(
            _ type: Registered.Type, in container: Container, async: Bool, log: ProductLog<Registered>,
            make: @escaping @Sendable (Int) -> Registered
        ) -> ServiceEntry<Registered> {
            let expected = argument
            let made = Unchecked(value: make)
            let check: @Sendable (Argument) -> Void = { received in
                if !sameValue(received, expected.value) {
                    log.report("the factory received \(received), not the argument \(expected.value)")
                }
            }
            if async {
                return container.register(Registered.self) { (_: any AsyncResolver, received: Argument) async in
                    check(received)
                    return log.make(made.value)
                }
            }
            return container.register(Registered.self) { (_: any Resolver, received: Argument) in
                check(received)
                return log.make(made.value)
            }
        }

        func resolve<Service>(_ type: Service.Type, name: String?, in container: Container) -> Service? {
            container.resolve(Service.self, name: name, arguments: argument.value)
        }

        func require<Service>(_ type: Service.Type, name: String?, in container: Container) throws(ResolutionError)
            -> Service
        {
            try container.require(Service.self, name: name, arguments: argument.value)
        }

        func resolve<Service>(_ type: Service.Type, name: String?, via resolver: any Resolver) -> Service? {
            resolver.resolve(Service.self, name: name, arguments: argument.value)
        }

        func require<Service>(
            _ type: Service.Type, name: String?, via resolver: any Resolver
        ) throws(ResolutionError) -> Service {
            try resolver.require(Service.self, name: name, arguments: argument.value)
        }

        func resolve<Service>(
            _ type: Service.Type, name: String?, via resolver: any AsyncResolver
        ) async -> Service? {
            await resolver.resolve(Service.self, name: name, arguments: argument.value)
        }

        func require<Service>(
            _ type: Service.Type, name: String?, via resolver: any AsyncResolver
        ) async throws(ResolutionError) -> Service {
            try await resolver.require(Service.self, name: name, arguments: argument.value)
        }
    }
}

/// Two runtime arguments.
struct TwoArguments<First, Second>: ArgumentsCase {
    let label: String
    let make: @Sendable () -> Unchecked<(First, Second)>

    init(
        _ label: String, _ first: First.Type, _ second: Second.Type,
        _ make: @escaping @Sendable () -> (First, Second)
    ) {
        self.label = label
        self.make = { Unchecked(value: make()) }
    }

    var description: String { "arguments (\(First.self), \(Second.self)) = \(label)" }
    func bind() -> any BoundArguments { Bound(arguments: make()) }

    struct Bound: BoundArguments {
        let arguments: Unchecked<(First, Second)>

        func register<Registered>(
            _ type: Registered.Type, in container: Container, async: Bool, log: ProductLog<Registered>,
            make: @escaping @Sendable (Int) -> Registered
        ) -> ServiceEntry<Registered> {
            let expected = arguments
            let made = Unchecked(value: make)
            let check: @Sendable (First, Second) -> Void = { first, second in
                if !sameValue(first, expected.value.0) || !sameValue(second, expected.value.1) {
                    log.report("the factory received (\(first), \(second)), not the arguments \(expected.value)")
                }
            }
            if async {
                return container.register(Registered.self) {
                    (_: any AsyncResolver, first: First, second: Second) async in
                    check(first, second)
                    return log.make(made.value)
                }
            }
            return container.register(Registered.self) { (_: any Resolver, first: First, second: Second) in
                check(first, second)
                return log.make(made.value)
            }
        }

        func resolve<Service>(_ type: Service.Type, name: String?, in container: Container) -> Service? {
            container.resolve(Service.self, name: name, arguments: arguments.value.0, arguments.value.1)
        }

        func require<Service>(_ type: Service.Type, name: String?, in container: Container) throws(ResolutionError)
            -> Service
        {
            try container.require(Service.self, name: name, arguments: arguments.value.0, arguments.value.1)
        }

        func resolve<Service>(_ type: Service.Type, name: String?, via resolver: any Resolver) -> Service? {
            resolver.resolve(Service.self, name: name, arguments: arguments.value.0, arguments.value.1)
        }

        func require<Service>(
            _ type: Service.Type, name: String?, via resolver: any Resolver
        ) throws(ResolutionError) -> Service {
            try resolver.require(Service.self, name: name, arguments: arguments.value.0, arguments.value.1)
        }

        func resolve<Service>(
            _ type: Service.Type, name: String?, via resolver: any AsyncResolver
        ) async -> Service? {
            await resolver.resolve(Service.self, name: name, arguments: arguments.value.0, arguments.value.1)
        }

        func require<Service>(
            _ type: Service.Type, name: String?, via resolver: any AsyncResolver
        ) async throws(ResolutionError) -> Service {
            try await resolver.require(Service.self, name: name, arguments: arguments.value.0, arguments.value.1)
        }
    }
}

/// The runtime arguments the generated cases pick from: existentials (inline and boxed), optionals, `Any`, a
/// closure, and two at once.
let argumentCases: [any ArgumentsCase] = [
    NoArguments(),
    OneArgument("7", Int.self) { 7 },
    OneArgument("Point", (any Zoo.Named).self) { Zoo.Point(serial: 7) },
    OneArgument("Big", (any Zoo.Named).self) { Zoo.Big(serial: 7) },
    OneArgument("Dog", (any Zoo.Named).self) { Zoo.Dog(serial: 7) },
    OneArgument("Kitten", (any Zoo.Animal).self) { Zoo.Kitten(serial: 7) },
    OneArgument("Dog", AnyObject.self) { Zoo.Dog(serial: 7) },
    OneArgument("Quad", Any.self) { Zoo.Quad(serial: 7) },
    OneArgument("Dog", Any.self) { Zoo.Dog(serial: 7) },
    OneArgument("nil", Zoo.Dog?.self) { nil },
    OneArgument("Dog", Zoo.Dog?.self) { Zoo.Dog(serial: 7) },
    OneArgument("Kitten", (any Zoo.Animal)?.self) { Zoo.Kitten(serial: 7) },
    OneArgument("Big", Zoo.Big.self) { Zoo.Big(serial: 7) },
    OneArgument("a closure", Zoo.SendableThunk.self) { { 7 } },
    TwoArguments("(Point, nil)", (any Zoo.Named).self, Int?.self) { (Zoo.Point(serial: 7), nil) },
    TwoArguments("(Dog, Quad)", (any Zoo.Animal).self, Any.self) { (Zoo.Dog(serial: 7), Zoo.Quad(serial: 8)) },
]

// MARK: Plans

/// How a case binds the requested type and asks for it.
enum Route: String, CaseIterable, Sendable {
    /// The registered type itself.
    case direct
    case forward
    case forwardNamed
    case implements
    case implementsNamed
    /// `Lazy<Requested>`, then its instance.
    case lazy
    /// `Provider<Requested>`, then its instance.
    case provider
    /// `Requested?`, which the container builds around the requested type's binding.
    case optional

    var name: String? {
        switch self {
        case .forwardNamed, .implementsNamed: "alias"
        default: nil
        }
    }

    /// Whether the route reaches the requested type through a wrapper the synchronous engine builds.
    var isWrapper: Bool { self == .lazy || self == .provider || self == .optional }
}

/// Where a case registers and resolves.
enum Location: String, CaseIterable, Sendable {
    /// One container.
    case same
    /// Registered and forwarded in a parent, resolved from its child.
    case child
    /// Registered in a parent, forwarded and resolved in its child.
    case childForwards
}

/// Who asks for the requested type.
enum Style: String, CaseIterable, Sendable {
    /// `container.resolve`, twice: the second finds a kept instance through the lock-free published box.
    case topLevel
    /// A factory's resolver, twice in one graph.
    case nested
    /// `container.resolve` called from inside a factory of another container: a new resolution within the
    /// thread's running one, which reads a kept instance under its lock. (A resolve on the running resolution's
    /// own container joins it instead, as `nested` does.)
    case reentrant
    /// `container.async`, twice.
    case asyncTopLevel
    /// An `async` factory's resolver, twice in one graph.
    case asyncNested

    var isAsync: Bool { self == .asyncTopLevel || self == .asyncNested }
    var sharesGraph: Bool { self == .nested || self == .asyncNested }
}

/// The optional `resolve` (nil on failure) or the throwing `require`.
enum Call: String, CaseIterable, Sendable {
    case resolve
    case require
}

/// The scope of the registration.
enum ScopeCase: String, CaseIterable, Sendable {
    case transient, graph, container, weak, perContainer
    /// A custom scope keeping its instance for good (`PermanentStorage`).
    case custom
    /// A custom scope keeping its instance per graph (`GraphStorage`).
    case customGraph

    func apply<Registered>(to entry: ServiceEntry<Registered>) {
        switch self {
        case .transient: entry.inObjectScope(.transient)
        case .graph: entry.inObjectScope(.graph)
        case .container: entry.inObjectScope(.container)
        case .weak: entry.inObjectScope(.weak)
        case .perContainer: entry.inObjectScope(.perContainer)
        case .custom: entry.inObjectScope(ObjectScope(storageFactory: PermanentStorage.init, description: "custom"))
        case .customGraph:
            entry.inObjectScope(ObjectScope(storageFactory: GraphStorage.init, description: "custom graph"))
        }
    }

    /// How many products two requests make, by the scope's rules (not for wrappers, whose own rules add to them).
    func expectedProducts(style: Style, asyncFactory: Bool, productIsObject: Bool) -> Int {
        switch self {
        case .transient: 2
        case .graph: style.sharesGraph ? 1 : 2
        // `GraphStorage` finds a graph's instance through a weak reference, so it keeps class instances only (as
        // Swinject's does).
        case .customGraph: style.sharesGraph && productIsObject ? 1 : 2
        case .container, .perContainer, .custom: 1
        // A weak scope keeps class instances (the log holds them); a synchronous factory's instance is also kept
        // by its graph.
        case .weak: productIsObject || (style.sharesGraph && !asyncFactory) ? 1 : 2
        }
    }
}

/// One generated case, apart from its types.
struct Plan: Sendable, CustomStringConvertible {
    var route: Route
    var arguments: any ArgumentsCase
    var asyncFactory: Bool
    var scope: ScopeCase
    var style: Style
    var calls: [Call]
    var location: Location

    var description: String {
        "[\(route) \(arguments) \(asyncFactory ? "async factory" : "factory") \(scope) \(style) "
            + "\(calls.map(\.rawValue).joined(separator: "+")) \(location)]"
    }

    /// Whether the plan is one the library supports for `registered` and `requested`, so the oracle applies.
    func isValid(registered: any RegisteredCase, requested: any RequestedCase) -> Bool {
        let same = registered.registeredType == requested.requestedType
        if route == .direct && !same { return false }
        // `Requested?` is the registered type itself: answered by the registration, not by a wrapper.
        if route == .optional && registered.registeredType == requested.optionalType { return false }
        // An `async` factory is resolved with `await`, and not through the wrappers the synchronous engine builds.
        if asyncFactory && (!style.isAsync || route.isWrapper) { return false }
        return true
    }
}

// MARK: Running a pair

/// Whether each case is printed before it runs (`SYRINGE_TRACE_TYPE_PAIRS=1`), to name the case a crash stops in.
let tracing = ProcessInfo.processInfo.environment["SYRINGE_TRACE_TYPE_PAIRS"] != nil

/// What one request gave back.
enum Outcome<Service> {
    case value(Service)
    case none
    case failure(ResolutionError)
}

/// One request's outcome, with the factory's product at that moment.
struct Observation<Registered, Service> {
    let outcome: Outcome<Service>
    let product: Registered?
    let call: Call
}

/// Observations a factory records (the nested styles).
final class ObservationBox<Registered, Service>: @unchecked Sendable {
    // @unchecked Sendable: `observations` is read and written under `lock`.
    private let lock = TestLock()
    private var observations: [Observation<Registered, Service>] = []
    func append(_ observation: Observation<Registered, Service>) { lock.run { observations.append(observation) } }
    var all: [Observation<Registered, Service>] { lock.run { observations } }
}

/// Where a request goes.
enum Source {
    case container(Container)
    case resolver(any Resolver)
}

/// One case: registers `Registered`, binds and requests `Service` as `plan` says, and checks each result against
/// `as?` on the product.
struct PairRun<Registered, Service>: Sendable {
    let made: Made<Registered>
    let plan: Plan

    func run() async -> [String] {
        if tracing { print("type pair: \(plan) \(made) → \(Service.self)") }
        let log = ProductLog<Registered>()
        let container = Container()
        let resolving = plan.location == .same ? container : Container(parent: container)
        let arguments = plan.arguments.bind()
        let entry = arguments.register(
            Registered.self, in: container, async: plan.asyncFactory, log: log, make: made.make)
        plan.scope.apply(to: entry)
        bind(entry, in: container, child: resolving)
        let castable = made.make(0) is Service
        let observations = await observe(from: resolving, arguments: arguments, log: log, castable: castable)

        var problems = log.reported
        if observations.count != plan.calls.count {
            problems.append("\(observations.count) requests were observed, not \(plan.calls.count)")
        }
        for (index, observation) in observations.enumerated() {
            if let problem = check(observation) { problems.append("request \(index + 1): \(problem)") }
        }
        if !plan.route.isWrapper || plan.route == .optional {
            let productIsObject = log.last.map { type(of: unwrappingOptionals($0)) is AnyClass } ?? false
            let expected = plan.scope.expectedProducts(
                style: plan.style, asyncFactory: plan.asyncFactory, productIsObject: productIsObject)
            if log.count != expected { problems.append("\(log.count) products were made, not \(expected)") }
        }
        return problems.map { "\(plan) \(made) → \(Service.self): \($0)" }
    }

    private func bind(_ entry: ServiceEntry<Registered>, in container: Container, child: Container) {
        let name = plan.route.name
        switch plan.route {
        case .direct:
            return
        case .forward, .forwardNamed:
            (plan.location == .childForwards ? child : container).forward(Service.self, name: name, to: entry)
        case .implements:
            entry.implements(Service.self)
        case .implementsNamed:
            entry.implements(Service.self, name: name)
        case .lazy, .provider, .optional:
            if Registered.self != Service.self {
                (plan.location == .childForwards ? child : container).forward(Service.self, to: entry)
            }
        }
    }

    private func observe(
        from container: Container, arguments: any BoundArguments, log: ProductLog<Registered>, castable: Bool
    ) async -> [Observation<Registered, Service>] {
        switch plan.style {
        case .topLevel:
            return plan.calls.map { call in
                let outcome = request(call, from: .container(container), arguments: arguments, castable: castable)
                return Observation(outcome: outcome, product: log.last, call: call)
            }
        case .nested, .reentrant:
            let box = ObservationBox<Registered, Service>()
            let reentrant = plan.style == .reentrant
            // The reentrant probe runs in a container of its own, so that its resolves of `container` do not join
            // the probe's resolution.
            let outer = reentrant ? Container() : container
            outer.register(Zoo.Probe.self, name: "probe") { [self, unowned container] resolver in
                for call in plan.calls {
                    let source: Source = reentrant ? .container(container) : .resolver(resolver)
                    let outcome = request(call, from: source, arguments: arguments, castable: castable)
                    box.append(Observation(outcome: outcome, product: log.last, call: call))
                }
                return Zoo.Probe()
            }
            _ = outer.resolve(Zoo.Probe.self, name: "probe")
            return box.all
        case .asyncTopLevel:
            var observations: [Observation<Registered, Service>] = []
            for call in plan.calls {
                let outcome = await request(
                    call, via: TopLevelAsync(container: container), arguments: arguments, castable: castable)
                observations.append(Observation(outcome: outcome, product: log.last, call: call))
            }
            return observations
        case .asyncNested:
            let box = ObservationBox<Registered, Service>()
            container.register(Zoo.Probe.self, name: "probe") { [self] (resolver: any AsyncResolver) async in
                for call in plan.calls {
                    let outcome = await request(call, via: resolver, arguments: arguments, castable: castable)
                    box.append(Observation(outcome: outcome, product: log.last, call: call))
                }
                return Zoo.Probe()
            }
            _ = await container.async.resolve(Zoo.Probe.self, name: "probe")
            return box.all
        }
    }

    /// Asks `source` for `Service` by the plan's route, synchronously.
    private func request(
        _ call: Call, from source: Source, arguments: any BoundArguments, castable: Bool
    ) -> Outcome<Service> {
        let name = plan.route.name
        func fetch<Wanted>(_ type: Wanted.Type) -> Outcome<Wanted> {
            switch (call, source) {
            case (.resolve, .container(let container)):
                return arguments.resolve(Wanted.self, name: name, in: container).map { .value($0) } ?? .none
            case (.resolve, .resolver(let resolver)):
                return arguments.resolve(Wanted.self, name: name, via: resolver).map { .value($0) } ?? .none
            case (.require, .container(let container)):
                do {
                    return .value(try arguments.require(Wanted.self, name: name, in: container))
                } catch {
                    return .failure(error)
                }
            case (.require, .resolver(let resolver)):
                do {
                    return .value(try arguments.require(Wanted.self, name: name, via: resolver))
                } catch {
                    return .failure(error)
                }
            }
        }
        switch plan.route {
        case .direct, .forward, .forwardNamed, .implements, .implementsNamed:
            return fetch(Service.self)
        case .optional:
            return unwrapped(fetch(Service?.self))
        case .lazy:
            return instance(of: fetch(Lazy<Service>.self), call: call, castable: castable) { lazy in
                castable ? .value(lazy.instance) : Self.required(lazy.require)
            }
        case .provider:
            return instance(of: fetch(Provider<Service>.self), call: call, castable: castable) { provider in
                castable ? .value(provider.instance) : Self.required(provider.require)
            }
        }
    }

    /// Asks `resolver` for `Service` by the plan's route, with `await`.
    private func request(
        _ call: Call, via resolver: any AsyncResolver, arguments: any BoundArguments, castable: Bool
    ) async -> Outcome<Service> {
        let name = plan.route.name
        func fetch<Wanted>(_ type: Wanted.Type) async -> Outcome<Wanted> {
            switch call {
            case .resolve:
                return await arguments.resolve(Wanted.self, name: name, via: resolver).map { .value($0) } ?? .none
            case .require:
                do {
                    return .value(try await arguments.require(Wanted.self, name: name, via: resolver))
                } catch {
                    return .failure(error)
                }
            }
        }
        switch plan.route {
        case .direct, .forward, .forwardNamed, .implements, .implementsNamed:
            return await fetch(Service.self)
        case .optional:
            return unwrapped(await fetch(Service?.self))
        case .lazy:
            return instance(of: await fetch(Lazy<Service>.self), call: call, castable: castable) { lazy in
                castable ? .value(lazy.instance) : Self.required(lazy.require)
            }
        case .provider:
            return instance(of: await fetch(Provider<Service>.self), call: call, castable: castable) { provider in
                castable ? .value(provider.instance) : Self.required(provider.require)
            }
        }
    }

    /// The outcome of a request for `Service?`, as one for `Service`: the wrapper must hold the service.
    private func unwrapped(_ outcome: Outcome<Service?>) -> Outcome<Service> {
        switch outcome {
        case .value(.some(let service)): .value(service)
        // The wrapper's binding exists, so `nil` inside it would be wrong; it surfaces as an empty result.
        case .value(.none), .none: .none
        case .failure(let error): .failure(error)
        }
    }

    /// The instance a resolved wrapper gives: `instance` when the oracle says it succeeds (so that the
    /// property is used too), `require()` otherwise (`instance` would stop the program).
    private func instance<Wrapper>(
        of outcome: Outcome<Wrapper>, call: Call, castable: Bool, _ take: (Wrapper) -> Outcome<Service>
    ) -> Outcome<Service> {
        switch outcome {
        case .value(let wrapper):
            let taken = take(wrapper)
            // A `resolve` caller sees a failed wrapper as `nil`.
            if case .failure = taken, call == .resolve { return .none }
            return taken
        case .none: return .none
        case .failure(let error): return .failure(error)
        }
    }

    private static func required(_ require: () throws(ResolutionError) -> Service) -> Outcome<Service> {
        do {
            return .value(try require())
        } catch {
            return .failure(error)
        }
    }

    /// What is wrong with `observation`, if anything: the oracle is `as?` on the product.
    private func check(_ observation: Observation<Registered, Service>) -> String? {
        guard let product = observation.product else { return "no product was made" }
        let expected: Service? = product as? Service
        switch (observation.outcome, expected) {
        case (.value(let service), let expected?):
            var same = sameValue(service, expected, boxed: type(of: product as Any))
            // A scope that keeps its instance weakly keeps the object inside an optional, whatever the static
            // wrapper (as Swinject's weak storage does): asked for as `Any`, it gives back the object itself.
            if !same, plan.scope == .weak || plan.scope == .customGraph {
                same = sameValue(unwrappingOptionals(service), unwrappingOptionals(expected))
            }
            return same ? nil : "got \(service), expected \(expected)"
        case (.value(let service), nil):
            return "got \(service), but \(product) as? \(Service.self) is nil"
        case (.none, nil):
            return observation.call == .resolve ? nil : "require returned no value"
        case (.failure(let error), nil):
            if case .wrongInstanceType = error.kind, observation.call == .require { return nil }
            return "failed with \(error.kind) (\(observation.call)), expected wrongInstanceType from require"
        case (.none, let expected?):
            return "got nil, expected \(expected)"
        case (.failure(let error), let expected?):
            return "failed with \(error), expected \(expected)"
        }
    }
}

/// `container.async` as an `AsyncResolver`, so the async styles share one request path: its `async` methods are
/// `container.async`'s (each a top-level resolution), its synchronous ones the container's.
struct TopLevelAsync: AsyncResolver {
    let container: Container

    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? {
        container.resolve(serviceType, name: name)
    }

    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service? {
        container.resolve(serviceType, name: name, arguments: repeat each arguments)
    }

    func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service {
        try container.require(serviceType, name: name)
    }

    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try container.require(serviceType, name: name, arguments: repeat each arguments)
    }

    func resolve<Service>(_ serviceType: Service.Type, name: String?) async -> Service? {
        await container.async.resolve(serviceType, name: name)
    }

    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) async -> Service? {
        await container.async.resolve(serviceType, name: name, arguments: repeat each arguments)
    }

    func require<Service>(_ serviceType: Service.Type, name: String?) async throws(ResolutionError) -> Service {
        try await container.async.require(serviceType, name: name)
    }

    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) async throws(ResolutionError) -> Service {
        try await container.async.require(serviceType, name: name, arguments: repeat each arguments)
    }
}
