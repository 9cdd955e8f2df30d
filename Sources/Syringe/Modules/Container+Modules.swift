extension Container {
    /// Loads modules: each assembles, then their eager singletons are made, then each is told it was loaded.
    ///
    /// A module is identified by its assembly type: loading one that is loaded already throws
    /// ``ModuleError/alreadyLoaded(module:)`` and loads nothing. A failing eager singleton undoes the load and
    /// throws ``ModuleError/eagerSingletonFailed(_:)``. `assemble(container:)` receives a recording view of this
    /// container: another object, sharing its registrations and instances.
    ///
    /// ```swift
    /// try container.load(NetworkAssembly(), StorageAssembly())
    /// ```
    public func load(_ assemblies: any Assembly...) throws(ModuleError) {
        try load(assemblies)
    }

    /// Loads modules given as an array; see ``load(_:)-(Assembly...)``.
    ///
    /// ```swift
    /// try container.load([NetworkAssembly(), StorageAssembly()])
    /// ```
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
            for registration in assemble(assemblies, into: records) {
                try makeEagerly(registration)
            }
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

    /// Unloads the module of type `assembly`: calls its ``Assembly/unload(resolver:)``, then removes exactly the
    /// registrations and forwards it made (not later ones under the same keys), disposing their instances. Returns
    /// whether it was loaded.
    ///
    /// ```swift
    /// container.unload(StorageAssembly.self)
    /// ```
    @discardableResult
    public func unload<Module: Assembly>(_ assembly: Module.Type) -> Bool {
        unloadModule(id: ObjectIdentifier(assembly))
    }

    /// Unloads the module of the same type as `assembly`; see ``unload(_:)-(Module.Type)``.
    ///
    /// ```swift
    /// container.unload(StorageAssembly())
    /// ```
    @discardableResult
    public func unload(_ assembly: any Assembly) -> Bool {
        unloadModule(id: ObjectIdentifier(type(of: assembly)))
    }

    /// Tells whether a module of type `assembly` is loaded in this container.
    ///
    /// ```swift
    /// if !container.isLoaded(StorageAssembly.self) { try container.load(StorageAssembly()) }
    /// ```
    public func isLoaded<Module: Assembly>(_ assembly: Module.Type) -> Bool {
        let id = ObjectIdentifier(assembly)
        return lifecycle.state.withLock { $0.modules[id] != nil }
    }

    /// Makes every registration of this container marked ``ServiceEntry/eager()`` that is not made yet, in the
    /// order marked. Throws the ``ResolutionError`` of the first that fails (one with runtime arguments:
    /// ``ResolutionError/Kind/argumentMismatch``).
    ///
    /// ```swift
    /// try container.startEagerSingletons()
    /// ```
    public func startEagerSingletons() throws(ResolutionError) {
        for registration in lifecycle.eagerRegistrations() {
            try makeEagerly(registration)
        }
    }

    /// Applies assemblies the Swinject way (an ``Assembler``): a type loaded already adds to its module; a failing
    /// eager singleton is logged, and the rest still load.
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
        for registration in assemble(assemblies, into: records) {
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

    /// Assembles `assemblies` into their `records`, each through a recording view, and returns the eager
    /// registrations they made, in the order marked.
    private func assemble(_ assemblies: [any Assembly], into records: [ModuleRecord]) -> [Registration] {
        for (record, assembly) in zip(records, assemblies) {
            assembly.assemble(container: Container(viewOf: self, graph: pinnedGraph, module: record))
        }
        let made = Set(records.flatMap(\.registrations).map(ObjectIdentifier.init))
        return lifecycle.eagerRegistrations().filter { made.contains(ObjectIdentifier($0)) }
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
