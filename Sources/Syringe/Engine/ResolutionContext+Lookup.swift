// Finding the binding of a request and the typed fast paths: a plain transient or graph-scoped registration of exactly the requested type runs its typed factory directly.
// Part of ``ResolutionContext`` (Runtime/ResolutionContext.swift holds its state and lifecycle).

extension ResolutionContext {
    /// The binding for `key` in this resolution's registry. Out of line: it returns before the factory runs, so
    /// its locals (the key's hash, the probe) need not sit in the frame of every level of nesting.
    @inline(never)
    func lookup(_ key: ServiceKey) -> RegistryView.Hit? {
        registry?.lookup(key)
    }

    /// Every binding of `serviceType` without runtime arguments this resolution sees, in the order multi-injection
    /// resolves them (see ``RegistryView/allBindings(of:)``).
    func allBindings(of serviceType: ObjectIdentifier) -> [RegistryView.Found] {
        registry?.allBindings(of: serviceType) ?? []
    }

    /// Resolves `key` as `Service`: finds the binding (or a wrapper to build), makes or reuses the instance,
    /// and checks its type.
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

    /// Resolves the binding `hit` as `Service`. A transient registration of exactly `Service` (no forwarding,
    /// no diagnostics) runs its typed factory directly; everything else goes through ``instance(of:as:name:arguments:bypassingObserver:)``
    /// and a cast.
    @inline(__always)
    func resolve<Service>(
        _ hit: RegistryView.Hit, as serviceType: Service.Type, name: String?, arguments: Any
    ) throws(ResolutionError) -> Service {
        try resolve(hit, as: Service.self, name: name) { unretained, configuration throws(ResolutionError) in
            try resolveOtherwise(unretained, configuration, as: Service.self, name: name, arguments: arguments)
        }
    }

    /// ``resolve(_:as:name:arguments:)`` for a request without runtime arguments, as in a factory's
    /// `r.resolve(Service.self)`: the no-arguments value is made only off the common path, so that a level of
    /// nesting keeps no `Any` for it in its frame.
    @inline(__always)
    func resolveWithoutArguments<Service>(
        _ hit: RegistryView.Hit, as serviceType: Service.Type, name: String?
    ) throws(ResolutionError) -> Service {
        try resolve(hit, as: Service.self, name: name) { unretained, configuration throws(ResolutionError) in
            try resolveOtherwiseWithoutArguments(unretained, configuration, as: Service.self, name: name)
        }
    }

    /// The typed path shared by both forms: a plain transient registration of exactly `Service` runs its typed
    /// factory here, a kept instance typed exactly is read, a plain graph-scoped one goes to its typed path; any
    /// other goes to `otherwise` (inlined, so each form keeps its own frame layout).
    @inline(__always)
    func resolve<Service>(
        _ hit: RegistryView.Hit, as serviceType: Service.Type, name: String?,
        otherwise: (Unretained<Registration>, Unretained<Registration.Configuration>) throws(ResolutionError) -> Service
    ) throws(ResolutionError) -> Service {
        // The registration (factory included) is read without retaining it: every thread resolving the same
        // service would write its reference count. The hit's table keeps the registration alive for as long as
        // the reading section this resolution runs in (or the snapshot its view was built from) lasts, which is
        // longer than this call.
        let unretained = hit.registration
        let configuration = unretained.with { $0.currentConfiguration }
        let exact = unretained.with { $0.serviceTypeID == ObjectIdentifier(Service.self) }
        let shape = unretained.with { $0.shape }
        if configuration.with({ $0.kind }) == .transient, exact, observer == nil,
            shape == .plain
        {
            return try make(unretained, configuration, as: Service.self, name: name, checkingCycle: true) {
                () throws -> Service in
                // The factory is copied out of the registration (its context retained), not called inside a borrow
                // of the registration, which the factory's call (it may release objects) would make a retain of
                // the registration.
                let factory = unretained.with { $0.typedPlain(as: Service.self).body }
                return try withResolver { try factory.form(as: Service.self).make($0) }
            }
        }
        if configuration.with({ $0.kind }) == .container, exact, observer == nil,
            let box = unretained.with({ $0.keptBox(typedAs: ObjectIdentifier(Service.self)) })
        {
            // Kept, typed exactly as `Service`, and held here: taken out as it is (Runtime/ExactCast.swift),
            // with no boxing into `Any` and no cast.
            return box.typedValue(as: Service.self)
        }
        // The default scope: a plain graph-scoped registration of exactly `Service` goes to its typed path from
        // here, in a call of its own: inlined, the graph path's locals would sit in the frame of every level of
        // nesting, transient ones too (the deepest chain of scenario 11 lost 15%).
        if configuration.with({ $0.kind }) == .graph, exact, observer == nil, shape == .plain {
            return try plainGraphInstanceOutOfLine(of: unretained, configuration, as: Service.self, name: name)
        }
        return try otherwise(unretained, configuration)
    }

    /// ``resolveOtherwise(_:_:as:name:arguments:)`` for a request without runtime arguments: the `Any` of the
    /// absent arguments is made here, off the common paths.
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

    /// ``resolve(_:as:name:arguments:)`` for everything but a plain transient factory of exactly `Service`: out of
    /// line, so that a level of nesting through the common case keeps only that case's frame on the stack.
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

    /// The instance of a graph-scoped registration of exactly `Service` whose typed factory is `body` (which wraps
    /// its errors with ``wrap(_:of:)``): the one this resolution's graph holds, or a new one made and stored in the
    /// graph. The typed counterpart of the `.graph` case of ``instance(of:_:as:name:arguments:bypassingObserver:)``:
    /// the new instance is neither boxed for the factory's return nor cast back.
    func graphInstance<Service>(
        of unretained: Unretained<Registration>, _ configuration: Unretained<Registration.Configuration>,
        as serviceType: Service.Type, name: String?, body: () throws(ResolutionError) -> Service
    ) throws(ResolutionError) -> Service {
        // The graph is asked only when it holds something; the registration is retained only on the paths that
        // keep or report it.
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
        // The body wraps its factory's errors itself (with this frame on the path), so the instance is made where
        // it is kept, with no move through the service's value witnesses.
        let instance = try body()
        // A rerun of this factory (see `checkCycle`) stored the instance its graph uses: return that one.
        if reruns > 0, let stored = unretained.with({ graphInstance(of: $0) }) {
            return try cast(stored, to: Service.self, name: name, registration: unretained.object)
        }
        // Nothing to run after the factory (no completion, decorator or property injection; one flag): stored
        // here, with no closure for `finish`. The graph held nothing for the registration when its factory began;
        // only a rerun (a cycle through a completion) can have stored one since, so with no rerun it is new.
        if configuration.with({ $0.finishesPlainly }) {
            // The root of a lone top-level resolve: no later request of this resolution can ask the graph for it.
            if endsWithRootFrame, depth == 1, sharedGraph == nil { return instance }
            storeInGraph(typed: instance, of: unretained.identifier, isNew: reruns == 0)
            return instance
        }
        return try finish(instance, of: unretained, configuration) { instance in
            // The graph held nothing for the registration when its factory began; only a rerun (a cycle through a
            // completion) can have stored one since, so with no rerun in this resolution it is new.
            unretained.with { storeInGraph(typed: instance, of: $0, isNew: reruns == 0) }
        }
    }
}
