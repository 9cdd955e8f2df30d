extension Container {
    /// Loads modules: each assembles, then their eager singletons are made, then each is told it was loaded.
    ///
    /// A module is identified by its assembly type: a container holds at most one loaded module of each type,
    /// and loading a type that is loaded already throws ``ModuleError/alreadyLoaded(module:)`` without
    /// loading anything. The container records which registrations (and forwarded types) each module makes,
    /// so ``unload(_:)-(Module.Type)`` can remove exactly those later.
    ///
    /// Registrations a module marks ``ServiceEntry/eager()`` are made after every module of this call has
    /// assembled and before any `loaded(resolver:)` runs. If one fails, the load is undone (the modules'
    /// registrations are removed and instances already made disposed) and the error is thrown.
    ///
    /// ```swift
    /// try container.load(NetworkAssembly(), StorageAssembly())
    /// // …later
    /// container.unload(StorageAssembly.self)
    /// ```
    ///
    /// > Note: `assemble(container:)` receives a view of this container that records the module's
    /// > registrations; it shares this container's registrations, parent and instances, but is another object.
    ///
    /// - Parameter assemblies: The modules, assembled in order.
    /// - Throws: ``ModuleError``.
    public func load(_ assemblies: any Assembly...) throws(ModuleError) {
        try load(assemblies)
    }

    /// Loads modules given as an array; see ``load(_:)-(Assembly...)``.
    ///
    /// ```swift
    /// try container.load([NetworkAssembly(), StorageAssembly()])
    /// ```
    ///
    /// - Parameter assemblies: The modules, assembled in order.
    /// - Throws: ``ModuleError``.
    public func load(_ assemblies: [any Assembly]) throws(ModuleError) {
        let records = assemblies.map(ModuleRecord.init)
        let conflict = lifecycle.state.withLock { state -> ModuleRecord? in
            var seen = Set<ObjectIdentifier>()
            if let clash = records.first(where: { state.modules[$0.id] != nil || !seen.insert($0.id).inserted }) {
                return clash
            }
            for record in records { state.modules[record.id] = record }
            return nil
        }
        if let conflict {
            throw .alreadyLoaded(module: type(of: conflict.assembly))
        }
        do {
            try assemble(records)
        } catch {
            lifecycle.state.withLock { state in
                for record in records { state.modules[record.id] = nil }
            }
            for record in records { remove(record) }
            throw .eagerSingletonFailed(error)
        }
        for record in records {
            record.assembly.loaded(resolver: self)
        }
    }

    /// Unloads the module of type `assembly`: calls its ``Assembly/unload(resolver:)``, then removes exactly
    /// the registrations and forwarded types it made, disposing their ``Disposable`` instances newest first.
    ///
    /// Registrations made later under the same keys by the app or by other modules stay. Works for modules
    /// loaded with ``load(_:)-(Assembly...)`` and with an ``Assembler``.
    ///
    /// ```swift
    /// container.unload(StorageAssembly.self)
    /// ```
    ///
    /// - Parameter assembly: The module's assembly type.
    /// - Returns: Whether such a module was loaded.
    @discardableResult
    public func unload<Module: Assembly>(_ assembly: Module.Type) -> Bool {
        unloadModule(id: ObjectIdentifier(assembly))
    }

    /// Unloads the module of the same type as `assembly`; see ``unload(_:)-(Module.Type)``.
    ///
    /// ```swift
    /// let storage = StorageAssembly()
    /// try container.load(storage)
    /// container.unload(storage)
    /// ```
    ///
    /// - Parameter assembly: An assembly of the module's type.
    /// - Returns: Whether such a module was loaded.
    @discardableResult
    public func unload(_ assembly: any Assembly) -> Bool {
        unloadModule(id: ObjectIdentifier(type(of: assembly)))
    }

    /// Tells whether a module of type `assembly` is loaded in this container.
    ///
    /// ```swift
    /// if !container.isLoaded(StorageAssembly.self) { try container.load(StorageAssembly()) }
    /// ```
    ///
    /// - Parameter assembly: The module's assembly type.
    /// - Returns: Whether it is loaded.
    public func isLoaded<Module: Assembly>(_ assembly: Module.Type) -> Bool {
        let id = ObjectIdentifier(assembly)
        return lifecycle.state.withLock { $0.modules[id] != nil }
    }

    /// Makes every registration of this container marked ``ServiceEntry/eager()`` that is not made yet, in
    /// the order they were marked.
    ///
    /// Only ``ObjectScope/container`` and ``ObjectScope/perContainer`` registrations without runtime
    /// arguments are made; eager marks on other scopes have no effect. Stops at the first failure.
    ///
    /// ```swift
    /// container.register(Analytics.self) { _ in Analytics() }.inObjectScope(.container).eager()
    /// try container.startEagerSingletons()
    /// ```
    ///
    /// - Throws: The ``ResolutionError`` of the first eager singleton that cannot be made; a registration
    ///   with runtime arguments fails with ``ResolutionError/Kind/argumentMismatch``.
    public func startEagerSingletons() throws(ResolutionError) {
        for registration in lifecycle.eagerRegistrations() {
            try makeEagerly(registration)
        }
    }

    /// Assembles modules whose records are already in the store, each through a recording view, then makes
    /// their eager singletons.
    func assemble(_ records: [ModuleRecord]) throws(ResolutionError) {
        for record in records {
            record.assembly.assemble(container: Container(viewOf: self, graph: pinnedGraph, module: record))
        }
        let made = Set(records.flatMap(\.registrations).map(ObjectIdentifier.init))
        for registration in lifecycle.eagerRegistrations() where made.contains(ObjectIdentifier(registration)) {
            try makeEagerly(registration)
        }
    }

    /// Applies assemblies the Swinject way (an ``Assembler``): an assembly of a type loaded already adds to
    /// that module instead of failing; a failing eager singleton is logged, and the rest still load.
    func assembleLeniently(_ assemblies: [any Assembly]) {
        let records = lifecycle.state.withLock { state in
            assemblies.map { assembly in
                let id = ObjectIdentifier(type(of: assembly))
                if let existing = state.modules[id] {
                    existing.state.withLock { $0.assembly = assembly }
                    return existing
                }
                let record = ModuleRecord(assembly)
                state.modules[id] = record
                return record
            }
        }
        for (record, assembly) in zip(records, assemblies) {
            assembly.assemble(container: Container(viewOf: self, graph: pinnedGraph, module: record))
        }
        let made = Set(records.flatMap(\.registrations).map(ObjectIdentifier.init))
        for registration in lifecycle.eagerRegistrations() where made.contains(ObjectIdentifier(registration)) {
            do {
                try makeEagerly(registration)
            } catch {
                Container.log(error)
            }
        }
        for assembly in assemblies {
            assembly.loaded(resolver: self)
        }
    }

    private func unloadModule(id: ObjectIdentifier) -> Bool {
        let record = lifecycle.state.withLock { $0.modules.removeValue(forKey: id) }
        guard let record else { return false }
        record.assembly.unload(resolver: self)
        remove(record)
        return true
    }

    /// Removes what `record` registered and forwarded, by registration identity.
    private func remove(_ record: ModuleRecord) {
        removeBindings(owned: record.registrations) { key, binding in
            record.forwarded(key, binding.registration)
        }
    }

    /// Makes the instance of an eager registration in a new resolution of this container.
    private func makeEagerly(_ registration: Registration) throws(ResolutionError) {
        let kind = registration.configuration.kind
        guard kind == .container || kind == .perContainer else { return }
        guard registration.argumentTypes.isEmpty else {
            throw ResolutionError(
                kind: .argumentMismatch, request: registration.request, registrations: [registration.describe()],
                registration: registration.describe()
            )
        }
        let context = ResolutionContext(container: self, graph: pinnedGraph)
        defer { context.finish() }
        _ = try context.instance(
            of: registration, as: registration.serviceType, name: registration.name, arguments: ()
        )
    }
}
