/// The dependency-injection container: it maps service types (with a name and runtime argument types) to
/// factories, and resolves services with their dependencies. Any number of threads may register and resolve at once.
///
/// ```swift
/// let container = Container()
/// container.register(Animal.self) { _ in Cat(name: "Mimi") }
/// container.register(PetOwner.self) { r in PetOwner(pet: r.resolve(Animal.self)!) }
/// let owner = container.resolve(PetOwner.self)!
/// ```
public final class Container: Sendable {
    /// One key's entry in the registry: the registration and the type it answers as (its own, or a forwarded one).
    struct Binding {
        let registration: Registration
        let serviceType: Any.Type
        let name: String?
        /// The key's place in its container's registration order, set by the ``BindingMap`` that holds it.
        var order: UInt64 = 0

        /// Whether this is the registration's own key, not a forwarded type (whose arguments are always the same).
        var isOwnKey: Bool {
            ObjectIdentifier(registration.serviceType) == ObjectIdentifier(serviceType) && registration.name == name
        }
    }

    struct Registry {
        /// Changed only through ``bind(_:as:for:)``, ``setBinding(_:for:)`` and ``removeBinding(for:)``, which
        /// keep `changedKeys`, `version`, `fullTable` and `released` up to date.
        private(set) var bindings = BindingMap()
        var behaviors: [any Behavior] = []
        /// Which keys registrations made in a launch context hold (LaunchContexts/).
        var launch = LaunchPrecedences()
        /// Every change counts in `version`, so ``RegistryStore`` knows to withdraw the published table.
        private(set) var version: UInt = 0
        /// The keys bound since `fullTable` was built; none of them is in it.
        private(set) var changedKeys: Set<ServiceKey> = []
        /// The last table built from all of `bindings`, for later tables to layer over. The first change of a key
        /// it holds lets it go, so it never keeps a replaced registration alive (the next table is a full one).
        private(set) var fullTable: RegistryTable?
        /// The table built from `bindings` and published for resolves, if one is.
        var table: RegistryTable?
        /// The tables changes unpublished, until no resolve can still read them; released only by writes and by the
        /// registry's own release, never by a resolve (see ``Reclamation``).
        var retired = RetiredObjects()
        /// How many forwarded keys bind each registration that has any: tells, when a key is unbound, whether its
        /// registration is still bound.
        private var forwardCounts = [ObjectIdentifier: Int]()
        /// What changes under the lock let go of, for ``RegistryStore`` to release after it; `nil` until one does.
        private(set) var released: Released?

        /// What changes of the bindings let go of, released outside the lock (deinitializers and `dispose()` may
        /// run). A class, so that the registry's fast path checks one word.
        final class Released {
            /// The registrations no key binds any more, in the order they were unbound.
            var registrations: [Registration] = []
            /// A full table that held a binding since changed.
            var fullTable: RegistryTable?
        }

        init() {}

        mutating func setBinding(_ binding: Binding, for key: ServiceKey) {
            if !binding.isOwnKey { forwardCounts[ObjectIdentifier(binding.registration), default: 0] += 1 }
            noteChange(of: key)
            if let replaced = bindings.updateValue(binding, forKey: key) { noteUnbinding(replaced) }
        }

        /// Binds `key`, `registration`'s own key, to it, replacing what it was bound to; the key is consumed.
        mutating func bind(
            _ registration: consuming Registration, as serviceType: Any.Type, for key: consuming ServiceKey
        ) {
            noteChange(of: key)
            if let replaced = bindings.updateValue(registration, as: serviceType, forKey: key) {
                noteUnbinding(replaced)
            }
        }

        /// Unbinds every key and returns the bindings: for the registry's teardown only, so no change is noted.
        mutating func takeAllBindings() -> BindingMap {
            var taken = BindingMap()
            swap(&taken, &bindings)
            forwardCounts.removeAll()
            return taken
        }

        @discardableResult
        mutating func removeBinding(for key: ServiceKey) -> Binding? {
            guard let removed = bindings.removeValue(forKey: key) else { return nil }
            noteChange(of: key)
            noteUnbinding(removed)
            return removed
        }

        /// Records `table`, just built from all of `bindings`, as the full table later tables lie over. The one it
        /// replaces was kept here, not retired when unpublished, and a resolve may still read it: retired now.
        mutating func adoptFullTable(_ table: RegistryTable) {
            if let previous = fullTable { retired.add(CollectionOfOne<AnyObject>(previous)) }
            fullTable = table
            changedKeys = []
        }

        /// Hands over what the changes let go of, to release once the lock is released.
        mutating func takeReleased() -> Released? {
            released.take()
        }

        /// What the change under way lets go of, made on first need.
        private mutating func releasing() -> Released {
            if let released { return released }
            let made = Released()
            released = made
            return made
        }

        @inline(__always)
        private mutating func noteChange(of key: ServiceKey) {
            version &+= 1
            if fullTable != nil { noteChangeOverFullTable(of: key) }
        }

        @inline(never)
        private mutating func noteChangeOverFullTable(of key: ServiceKey) {
            guard let full = fullTable else { return }
            // `fullTable` holds only current bindings: if it holds `key`, this change strands one. Let it go.
            if full.index(of: key) != nil {
                releasing().fullTable = full
                fullTable = nil
                changedKeys = []
            } else {
                changedKeys.insert(key)
            }
        }

        /// Notes that `old` is no longer bound; its registration is released if no other key binds it.
        @inline(never)
        private mutating func noteUnbinding(_ old: Binding) {
            let registration = old.registration
            let id = ObjectIdentifier(registration)
            if !old.isOwnKey, let count = forwardCounts[id] {
                forwardCounts[id] = count > 1 ? count - 1 : nil
            }
            if forwardCounts[id] != nil { return }
            if bindings[registration.ownKey]?.registration === registration { return }
            releasing().registrations.append(registration)
        }
    }

    /// The registrations and behaviors; shared with the views ``withObjectGraph(_:closure:)`` makes.
    let registry: RegistryStore
    let parent: Container?
    let defaultObjectScope: ObjectScope
    /// The configuration new registrations start with: `defaultObjectScope`, no `initCompleted` closures.
    let defaultConfiguration: Registration.Configuration
    /// The object graph every resolve of this view joins (`withObjectGraph`).
    let pinnedGraph: ObjectGraph?
    /// Instances to dispose, eager registrations, loaded modules and per-container instances; shared with views.
    let lifecycle: LifecycleStore
    /// The module whose `assemble` registers through this view, if any (see `Container+Modules.swift`).
    let module: ModuleRecord?
    /// For a view (`withObjectGraph`, a module's, an awaited resolution's), the container it views: what a ``Lazy``
    /// or ``Provider`` made through the view falls back on once the view is gone.
    let viewed: Container?
    /// Property injection's state (Injection/), kept by the registry views share, made on first need.
    var injection: InjectionStore { registry.injectionStore() }

    /// Whether any object watches for re-injection here: one load, and no injection state made.
    var hasInjectionWatches: Bool { registry.hasInjectionWatches }

    /// Creates a container that falls back on `parent`'s registrations; new registrations take
    /// `defaultObjectScope`, and `behaviors` hear of each.
    ///
    /// ```swift
    /// let app = Container()
    /// let feature = Container(parent: app, defaultObjectScope: .transient) { c in
    ///     c.register(FeatureModel.self) { r in FeatureModel(api: r.resolve(API.self)!) }
    /// }
    /// ```
    public init(
        parent: Container? = nil,
        defaultObjectScope: ObjectScope = .graph,
        behaviors: [any Behavior] = [],
        registeringClosure: (Container) -> Void = { _ in }
    ) {
        let lifecycle = LifecycleStore()
        self.registry = RegistryStore(behaviors: behaviors, lifecycle: lifecycle)
        self.parent = parent
        self.defaultObjectScope = defaultObjectScope
        self.defaultConfiguration = .of(scope: defaultObjectScope, completions: [])
        self.pinnedGraph = nil
        self.lifecycle = lifecycle
        self.module = nil
        self.viewed = nil
        registeringClosure(self)
    }

    /// A child whose instances of `parent`'s shared-scope registrations are its own (``derived(registeringClosure:)``).
    init(derivingFrom parent: Container, recorder: ResolutionRecorder? = nil) {
        let lifecycle = LifecycleStore()
        self.registry = RegistryStore(
            behaviors: [], lifecycle: lifecycle,
            derivation: Derivation(lifecycle: lifecycle, recorder: recorder)
        )
        self.parent = parent
        self.defaultObjectScope = parent.defaultObjectScope
        self.defaultConfiguration = parent.defaultConfiguration
        self.pinnedGraph = nil
        self.lifecycle = lifecycle
        self.module = nil
        self.viewed = nil
    }

    /// A view of `container` whose resolves all share `graph`, and whose registrations `module` records.
    init(viewOf container: Container, graph: ObjectGraph?, module: ModuleRecord?) {
        self.registry = container.registry
        self.parent = container.parent
        self.defaultObjectScope = container.defaultObjectScope
        self.defaultConfiguration = container.defaultConfiguration
        self.pinnedGraph = graph
        self.lifecycle = container.lifecycle
        self.module = module
        self.viewed = container.viewed ?? container
    }

    /// Removes every registration of this container (not of its parent), with the instances they keep: those
    /// that are ``Disposable`` are disposed, newest first. Loaded modules are forgotten (without their unload hooks).
    ///
    /// ```swift
    /// container.removeAll()
    /// assert(container.resolve(Animal.self) == nil)  // unless a parent registers Animal
    /// ```
    public func removeAll() {
        // Nothing to re-inject from an emptied container: its watches go first.
        if hasInjectionWatches { injection.forgetWatches() }
        removeBindings(owned: ownRegistrations()) { _, _ in true }
        lifecycle.forgetModules()
    }

    /// Returns this container, already safe to use from many threads at once (kept for Swinject compatibility).
    ///
    /// ```swift
    /// let resolver = container.synchronize()
    /// ```
    public func synchronize() -> any Resolver {
        self
    }

    /// Adds a behavior, told about every registration made from now on.
    ///
    /// ```swift
    /// container.addBehavior(RegistrationLogger())
    /// ```
    public func addBehavior(_ behavior: any Behavior) {
        registry.withLock { $0.behaviors.append(behavior) }
    }

    /// Whether this container or an ancestor registers `serviceType` under `name`, with any runtime arguments.
    ///
    /// ```swift
    /// if !container.hasAnyRegistration(of: Analytics.self) {
    ///     container.register(Analytics.self) { _ in NoAnalytics() }
    /// }
    /// ```
    public func hasAnyRegistration<Service>(of serviceType: Service.Type, name: String? = nil) -> Bool {
        let type = ObjectIdentifier(serviceType)
        let here = registry.withLock { registry in
            registry.bindings.contains { $0.key.serviceType == type && $0.key.name == name }
        }
        return here || parent?.hasAnyRegistration(of: serviceType, name: name) == true
    }

    /// Runs `closure` with a view of this container whose resolves join the object graph `identifier`, reusing its
    /// graph-scoped services that are still alive.
    ///
    /// ```swift
    /// container.register(Screen.self) { r in Screen(graph: r.resolve(GraphIdentifier.self)!) }
    /// let screen = container.resolve(Screen.self)!
    /// let presenter = container.withObjectGraph(screen.graph) { $0.resolve(Presenter.self) }
    /// ```
    public func withObjectGraph<T>(
        _ identifier: GraphIdentifier, closure: (Container) throws -> T
    ) rethrows -> T {
        try closure(Container(viewOf: self, graph: identifier.graph, module: module))
    }
}

extension Container: CustomStringConvertible {
    /// Lists this container's registrations (not its parent's), one a line, sorted.
    ///
    /// ```swift
    /// print(container)
    /// // [
    /// //     { Service: Animal, Name: "cat", Factory: (any Resolver) -> Animal, ObjectScope: graph }
    /// // ]
    /// ```
    public var description: String {
        let lines = registry.withLock { $0.bindings }.map { _, binding in
            let registration = binding.registration
            let configuration = registration.configuration
            let (scope, completions) = (configuration.scope.scopeDescription, configuration.completions.count)
            var text = "Service: \(typeName(binding.serviceType))"
            if let name = binding.name { text += ", Name: \"\(name)\"" }
            text += ", Factory: \(typeName(registration.argumentsType.type)) -> \(typeName(registration.serviceType))"
            text += ", ObjectScope: \(scope)"
            if completions > 0 { text += ", InitCompleted: Specified \(completions) closures" }
            return "\n    { \(text) }"
        }
        return "[" + lines.sorted(byKey: { $0 }).joined(separator: ",") + "\n]"
    }
}
