// ResolutionContext: finding a request's binding, and the typed fast paths of plain registrations.

extension ResolutionContext {
    /// The binding for `key`. Out of line: it returns before the factory runs, so its locals need not sit in the
    /// frame of every level of nesting.
    @inline(never)
    func lookup(_ key: ServiceKey) -> RegistryView.Hit? {
        registry?.lookup(key)
    }

    /// Every binding of `serviceType` without runtime arguments, in multi-injection's order.
    func allBindings(of serviceType: ObjectIdentifier) -> [RegistryView.Found] {
        registry?.allBindings(of: serviceType) ?? []
    }

    /// Resolves `key` as `Service`: finds the binding (or a wrapper to build), makes or reuses the instance.
    func resolve<Service>(
        key: ServiceKey,
        as serviceType: Service.Type,
        name: String?,
        arguments: Any,
        argumentTypes: () -> [Any.Type]
    ) throws(ResolutionError) -> Service {
        guard let hit = lookup(key) else {
            return try resolveUnregistered(
                key: key, as: Service.self, name: name, arguments: arguments, argumentTypes: argumentTypes)
        }
        return try resolve(hit, as: Service.self, name: name, arguments: arguments)
    }

    /// Resolves the binding `hit` as `Service`.
    @inline(__always)
    func resolve<Service>(
        _ hit: RegistryView.Hit, as serviceType: Service.Type, name: String?, arguments: Any
    ) throws(ResolutionError) -> Service {
        try resolve(hit, as: Service.self, name: name) { unretained, configuration throws(ResolutionError) in
            try resolveOtherwise(unretained, configuration, as: Service.self, name: name, arguments: arguments)
        }
    }

    /// ``resolve(_:as:name:arguments:)`` without runtime arguments: their `Any` is made only off the common path,
    /// so a level of nesting keeps none in its frame.
    @inline(__always)
    func resolveWithoutArguments<Service>(
        _ hit: RegistryView.Hit, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try resolve(hit, as: Service.self, name: name) { unretained, configuration throws(ResolutionError) in
            try resolveOtherwiseWithoutArguments(unretained, configuration, as: Service.self, name: name)
        }
    }

    /// The typed path of both forms, for a registration of exactly `Service` without an observer: a plain transient
    /// one runs its typed factory, a kept instance is read, a plain graph-scoped one takes its typed path; any other
    /// goes to `otherwise` (inlined, so each form keeps its own frame layout).
    @inline(__always)
    func resolve<Service>(
        _ hit: RegistryView.Hit, as serviceType: Service.Type, name: String?,
        otherwise: (Unretained<Registration>, Unretained<Registration.Configuration>) throws(ResolutionError) -> Service
    ) throws(ResolutionError) -> Service {
        // Not retained (every thread resolving the service would write its reference count): the hit's table
        // keeps it alive for the reading section (or snapshot) this resolution runs in.
        let unretained = hit.registration
        let configuration = unretained.with { $0.currentConfiguration }
        let exact = unretained.with { $0.serviceTypeID == ObjectIdentifier(Service.self) }
        let shape = unretained.with { $0.shape }
        if configuration.with({ $0.kind }) == .transient, exact, observer == nil,
            shape == .plain
        {
            return try make(unretained, configuration, as: Service.self, name: name, checkingCycle: true) {
                () throws -> Service in
                // Copied out, not called inside a borrow of the registration, which the call (it may release
                // objects) would turn into a retain.
                let factory = unretained.with { $0.typedPlain(as: Service.self).body }
                return try withResolver { try factory.form(as: Service.self).make($0) }
            }
        }
        if configuration.with({ $0.kind }) == .container, exact, observer == nil,
            let box = unretained.with({ $0.keptBox(typedAs: ObjectIdentifier(Service.self)) })
        {
            // Typed exactly as `Service`: taken out as it is, no `Any`, no cast (Runtime/ExactCast.swift).
            return box.typedValue(as: Service.self)
        }
        // The default scope, in a call of its own: inlined, its locals would sit in every level's frame,
        // transient ones too (the deepest chain of scenario 11 lost 15%).
        if configuration.with({ $0.kind }) == .graph, exact, observer == nil, shape == .plain {
            return try plainGraphInstanceOutOfLine(of: unretained, configuration, as: Service.self, name: name)
        }
        return try otherwise(unretained, configuration)
    }

    /// ``resolveOtherwise(_:_:as:name:arguments:)`` without runtime arguments, whose `Any` is made here.
    @inline(never)
    func resolveOtherwiseWithoutArguments<Service>(
        _ unretained: Unretained<Registration>, _ configuration: Unretained<Registration.Configuration>,
        as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try resolveOtherwise(unretained, configuration, as: Service.self, name: name, arguments: ())
    }

    @inline(never)
    func resolveUnregisteredWithoutArguments<Service>(
        key: ServiceKey, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try resolveUnregistered(key: key, as: Service.self, name: name, arguments: ()) { [] }
    }

    /// ``resolve(_:as:name:arguments:)`` off the typed paths: out of line, so a level of nesting through the
    /// common case keeps only that case's frame on the stack.
    @inline(never)
    func resolveOtherwise<Service>(
        _ unretained: Unretained<Registration>, _ configuration: Unretained<Registration.Configuration>,
        as serviceType: Service.Type, name: String?, arguments: Any
    ) throws(ResolutionError) -> Service {
        // Not retained, as in `resolve`: the caller's table or snapshot keeps the registration.
        let exact = unretained.with { $0.serviceTypeID == ObjectIdentifier(Service.self) }
        let shape = unretained.with { $0.shape }
        if configuration.with({ $0.kind }) == .transient, exact, observer == nil,
            shape == .arguments
        {
            return try make(unretained, configuration, as: Service.self, name: name, checkingCycle: true) {
                () throws -> Service in
                // Copied out, not called inside a borrow of the registration (see `resolve(_:as:name:otherwise:)`).
                let factory = unretained.with { $0.typedWithArguments(as: Service.self).body }
                return try withResolver { try factory.argumentForm(as: Service.self).make($0, arguments) }
            }
        }
        let registration = unretained.object
        let instance = try instance(
            of: registration, configuration, as: Service.self, name: name, arguments: arguments
        )
        return try cast(instance, to: Service.self, name: name, registration: registration)
    }

    /// ``plainGraphInstance(of:_:as:name:)``, out of line, for the shared typed dispatch.
    @inline(never)
    func plainGraphInstanceOutOfLine<Service>(
        of unretained: Unretained<Registration>, _ configuration: Unretained<Registration.Configuration>,
        as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try plainGraphInstance(of: unretained, configuration, as: Service.self, name: name)
    }

    /// ``graphInstance(of:_:as:name:body:)`` for a plain registration (no runtime arguments) of exactly `Service`,
    /// whose typed factory is the body.
    @inline(__always)
    func plainGraphInstance<Service>(
        of unretained: Unretained<Registration>, _ configuration: Unretained<Registration.Configuration>,
        as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try graphInstance(of: unretained, configuration, as: Service.self, name: name) {
            () throws(ResolutionError) -> Service in
            do {
                // Copied out, not called inside a borrow of the registration (see `resolve(_:as:name:otherwise:)`).
                let factory = unretained.with { $0.typedPlain(as: Service.self).body }
                return try withResolver { try factory.form(as: Service.self).make($0) }
            } catch {
                throw wrap(error, of: unretained.object)
            }
        }
    }

    /// The instance of a graph-scoped registration of exactly `Service` whose typed factory is `body` (wrapping its
    /// errors): the one the graph holds, or a new one stored there, neither boxed nor cast back.
    func graphInstance<Service>(
        of unretained: Unretained<Registration>, _ configuration: Unretained<Registration.Configuration>,
        as serviceType: Service.Type, name: String?, body: () throws(ResolutionError) -> Service
    ) throws(ResolutionError) -> Service {
        // The graph is asked only when it holds something.
        if sharedGraph != nil || !localGraph.isEmpty {
            switch typedGraphInstance(of: unretained, as: Service.self) {
            case .reference(let object):
                // Stored by this path as exactly `Service`, a class type (Runtime/LocalGraph.swift).
                return LocalGraph.instance(object, as: Service.self)
            case .stored:
                let registration = unretained.object
                if let stored = graphInstance(of: registration) {
                    return try cast(stored, to: Service.self, name: name, registration: registration)
                }
            case .absent:
                break
            }
        }
        try checkCycleAndPush(unretained, as: Service.self, name: name)
        defer { pop() }
        // The body wraps its errors itself, so the instance is made where it is kept (no move through witnesses).
        let instance = try body()
        // A rerun of this factory (see `checkCycle`) stored the instance its graph uses: return that one.
        if reruns > 0, let stored = unretained.with({ graphInstance(of: $0) }) {
            return try cast(stored, to: Service.self, name: name, registration: unretained.object)
        }
        // Nothing to run after the factory (one flag): stored here, with no closure for `finish`.
        if configuration.with({ $0.finishesPlainly }) {
            // The root of a lone top-level resolve: no later request of this resolution can ask the graph for it.
            if endsWithRootFrame, depth == 1, sharedGraph == nil { return instance }
            storeInGraph(typed: instance, of: unretained.identifier, isNew: reruns == 0)
            return instance
        }
        return try finish(instance, of: unretained, configuration) { instance in
            // The graph held nothing when the factory began; only a rerun can have stored one since.
            unretained.with { storeInGraph(typed: instance, of: $0, isNew: reruns == 0) }
        }
    }
}
