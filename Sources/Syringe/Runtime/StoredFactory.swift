// A registration's typed factory with its service type erased, so that the registration classes need not be generic
// over it: a generic class's metadata cost ~13,500 instructions per registered service type at launch.
//
// Invariant: a ``StoredFactory`` made from a factory of `Service` is called only as a factory of `Service`, in the same
// form: the registrations check their `serviceType` before every typed call (``Registration/typedPlain(as:)``), and
// debug builds record and check the type and form on every call. Sound because a function stored as the property of
// a `FactoryForm<Service>` has one representation whatever `Service` is and however the code was specialized (its
// result returned indirectly), and every Swift function is the same two words: only those are reinterpreted.

/// The service type a ``StoredFactory`` keeps its function as: a placeholder, of which no value exists.
enum ErasedService {}

/// A factory of `Service` as the property of a generic type: the form in which its representation is fixed.
struct FactoryForm<Service>: Sendable {
    let make: @Sendable (any Resolver) throws -> Service
}

/// A factory of `Service` taking runtime arguments (one value; a tuple when several), in its fixed form.
struct ArgumentFactoryForm<Service>: Sendable {
    let make: @Sendable (any Resolver, Any) throws -> Service
}

/// A factory whose service type is erased, called again only as that type (see the top of this file).
struct StoredFactory: Sendable {
    /// The function, reinterpreted as a factory of the placeholder type (never called as one).
    private let function: FactoryForm<ErasedService>
    #if DEBUG
        /// The type the factory makes, and whether it takes arguments: checked on every call.
        private let serviceTypeID: ObjectIdentifier
        private let takesArguments: Bool
    #endif

    init<Service>(_ make: @escaping @Sendable (any Resolver) throws -> Service) {
        function = unsafeBitCast(FactoryForm(make: make), to: FactoryForm<ErasedService>.self)
        #if DEBUG
            serviceTypeID = ObjectIdentifier(Service.self)
            takesArguments = false
        #endif
    }

    init<Service>(takingArguments make: @escaping @Sendable (any Resolver, Any) throws -> Service) {
        // The same two words as a `FactoryForm`: reinterpreted back to an `ArgumentFactoryForm` before any call.
        function = unsafeBitCast(ArgumentFactoryForm(make: make), to: FactoryForm<ErasedService>.self)
        #if DEBUG
            serviceTypeID = ObjectIdentifier(Service.self)
            takesArguments = true
        #endif
    }

    /// The factory in its typed form, as a value to call: unoptimized, this frame is then gone before it runs.
    @inline(__always)
    func form<Service>(as serviceType: Service.Type) -> FactoryForm<Service> {
        #if DEBUG
            checkCall(as: Service.self, takingArguments: false)
        #endif
        return unsafeBitCast(function, to: FactoryForm<Service>.self)
    }

    @inline(__always)
    func argumentForm<Service>(as serviceType: Service.Type) -> ArgumentFactoryForm<Service> {
        #if DEBUG
            checkCall(as: Service.self, takingArguments: true)
        #endif
        return unsafeBitCast(function, to: ArgumentFactoryForm<Service>.self)
    }

    @inline(__always)
    func make<Service>(_ resolver: any Resolver, as serviceType: Service.Type) throws -> Service {
        try form(as: Service.self).make(resolver)
    }

    @inline(__always)
    func make<Service>(_ resolver: any Resolver, _ arguments: Any, as serviceType: Service.Type) throws -> Service {
        try argumentForm(as: Service.self).make(resolver, arguments)
    }

    #if DEBUG
        /// Stops a call as another type or form than the factory was made with.
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
