// A registration's typed factory, stored in a registration class that is not generic.
//
// A class generic over the service type (`PlainRegistration<Service>`) costs the runtime, for each service type an app
// registers, the instantiation of its metadata at the first registration: ~13,500 instructions of demangling, the
// superclass looked up by name, the vtable and the field layout (Documentation/Internals/PerformanceRecord.md, "Launch"), 60% of
// what registering and resolving every service once cost in the cold-start app. A closure of a generic type needs
// no such metadata: its context records what it captured with a layout fixed by the compiler. So the registration
// classes are not generic, and keep the factory as it was given, its type erased to one placeholder service type,
// to be called again only as the type it was made with.
//
// Invariant: a ``StoredFactory`` made from a factory of `Service` is called only as a factory of `Service` (with the
// same parameters). The registrations guarantee it by the check they already make before their typed calls: their
// `serviceType` is `Service` (``Registration/typedPlain(as:)``). Debug builds also record the type and the form in
// the stored factory and check both on every call.
//
// Why the reinterpretation is sound: a function is stored as a `FactoryForm<Service>`, whose property has the same
// declared type whatever `Service` is, so the function in it has one representation (its result returned
// indirectly, as for any unknown type), whether the code that made or calls it was specialized for `Service` or not;
// and every function of Swift's own convention is the same two words (the code and its retained context). The bits
// reinterpreted are only those two words, between forms of one function type.

/// The service type a ``StoredFactory`` keeps its function as: a placeholder, of which no value exists.
enum ErasedService {}

/// A factory of `Service` as one property of a generic type: the form in which a factory's function keeps one
/// representation, however the code that handles it was compiled (see the top of this file).
struct FactoryForm<Service>: Sendable {
    let make: @Sendable (any Resolver) throws -> Service
}

/// A factory of `Service` taking runtime arguments (one value; a tuple when several), in its fixed form.
struct ArgumentFactoryForm<Service>: Sendable {
    let make: @Sendable (any Resolver, Any) throws -> Service
}

/// A factory whose service type is erased: made from a typed factory, called again only as that type.
///
/// ```swift fragment
/// let stored = StoredFactory { _ in Cat() }
/// let cat = try stored.make(resolver, as: Cat.self)  // only ever as `Cat`
/// ```
struct StoredFactory: Sendable {
    /// The function, reinterpreted as a factory of the placeholder type (never called as one).
    private let function: FactoryForm<ErasedService>
    #if DEBUG
        /// The type the factory makes, and whether it takes runtime arguments: checked on every call.
        private let serviceTypeID: ObjectIdentifier
        private let takesArguments: Bool
    #endif

    /// Stores `make`, a factory of `Service` with the resolver.
    init<Service>(_ make: @escaping @Sendable (any Resolver) throws -> Service) {
        function = unsafeBitCast(FactoryForm(make: make), to: FactoryForm<ErasedService>.self)
        #if DEBUG
            serviceTypeID = ObjectIdentifier(Service.self)
            takesArguments = false
        #endif
    }

    /// Stores `make`, a factory of `Service` with the resolver and the runtime arguments.
    init<Service>(takingArguments make: @escaping @Sendable (any Resolver, Any) throws -> Service) {
        // The same two words as a `FactoryForm`: reinterpreted back to an `ArgumentFactoryForm` before any call.
        function = unsafeBitCast(ArgumentFactoryForm(make: make), to: FactoryForm<ErasedService>.self)
        #if DEBUG
            serviceTypeID = ObjectIdentifier(Service.self)
            takesArguments = true
        #endif
    }

    /// The factory stored by ``init(_:)`` with a factory of exactly `Service`, in its typed form, to call.
    ///
    /// A value to call rather than a call: in unoptimized builds, where nothing is inlined, this frame is gone before
    /// the factory runs, so a nested resolution's every level does not keep it (the 1,000-level chain of
    /// `DeepResolutionTests` runs unoptimized, under the thread sanitizer too).
    @inline(__always)
    func form<Service>(as serviceType: Service.Type) -> FactoryForm<Service> {
        #if DEBUG
            checkCall(as: Service.self, takingArguments: false)
        #endif
        return unsafeBitCast(function, to: FactoryForm<Service>.self)
    }

    /// The factory stored by ``init(takingArguments:)`` with a factory of exactly `Service`, in its typed form.
    @inline(__always)
    func argumentForm<Service>(as serviceType: Service.Type) -> ArgumentFactoryForm<Service> {
        #if DEBUG
            checkCall(as: Service.self, takingArguments: true)
        #endif
        // The same two words as a `FactoryForm`, reinterpreted back to the form they were stored from.
        return unsafeBitCast(function, to: ArgumentFactoryForm<Service>.self)
    }

    /// Runs the factory stored by ``init(_:)`` with a factory of exactly `Service`.
    @inline(__always)
    func make<Service>(_ resolver: any Resolver, as serviceType: Service.Type) throws -> Service {
        try form(as: Service.self).make(resolver)
    }

    /// Runs the factory stored by ``init(takingArguments:)`` with a factory of exactly `Service`.
    @inline(__always)
    func make<Service>(_ resolver: any Resolver, _ arguments: Any, as serviceType: Service.Type) throws -> Service {
        try argumentForm(as: Service.self).make(resolver, arguments)
    }

    #if DEBUG
        /// Stops a call as another type or form than the factory was made with. Not generic, and out of line.
        @inline(never)
        private func checkCall(as serviceType: Any.Type, takingArguments: Bool) {
            precondition(
                serviceTypeID == ObjectIdentifier(serviceType) && takesArguments == takingArguments,
                "a stored factory called as a factory of \(serviceType)"
                    + (takingArguments ? " with arguments" : " without arguments") + ", which it is not"
            )
        }
    #endif
}
