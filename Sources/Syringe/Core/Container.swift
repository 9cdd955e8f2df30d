/// The dependency-injection container: it maps service types (with a name and runtime argument types) to
/// factories, and resolves services with their dependencies.
///
/// A container is safe to use from any number of threads at once, for registering and resolving alike;
/// ``synchronize()`` exists only for Swinject source compatibility.
///
/// ```swift
/// let container = Container()
/// container.register(Animal.self) { _ in Cat(name: "Mimi") }
/// container.register(PetOwner.self) { r in
///     PetOwner(pet: r.resolve(Animal.self)!)
/// }
/// let owner = container.resolve(PetOwner.self)!
/// ```
///
/// A child container (`Container(parent:)`) resolves its parent's registrations too; its own come first,
/// also for the dependencies its parent's factories resolve. Registering in a child never changes the parent.
public final class Container: Sendable {
    /// One key's entry in the registry: the registration and the type it answers as (the registration's own
    /// type, or the type it is forwarded to).
    struct Binding {
        let registration: Registration
        let serviceType: Any.Type
        let name: String?
        /// The key's place in its container's registration order (see ``BindingMap``); set by the map that holds
        /// the binding.
        var order: UInt64 = 0

        /// Whether this binding is the registration's own key (not a type forwarded to it). The arguments
        /// always agree: a forwarded key takes the registration's argument types.
        var isOwnKey: Bool {
            ObjectIdentifier(registration.serviceType) == ObjectIdentifier(serviceType) && registration.name == name
        }
    }

    struct Registry {
        /// Changed only through ``bind(_:as:for:)``, ``setBinding(_:for:)`` and ``removeBinding(for:)``, which
        /// keep `changedKeys`, `version`, `fullTable` and `released` up to date.
        private(set) var bindings = BindingMap()
        var behaviors: [any Behavior] = []
        /// Which keys registrations made in a launch context hold (LaunchContexts/Container+LaunchContexts.swift).
        var launch = LaunchPrecedences()
        /// Every change counts in `version`, so ``RegistryStore`` knows to withdraw the published table.
        private(set) var version: UInt = 0
        /// The keys bound since `fullTable` was built; none of them is in it.
        private(set) var changedKeys: Set<ServiceKey> = []
        /// The last table built from all of `bindings`, for later tables to be layers over it; kept only while
        /// every binding it holds is still current. The first change of a key it holds (a replacement or a
        /// removal) lets it go, so that it never keeps a replaced registration alive: the next table is a full
        /// one again.
        private(set) var fullTable: RegistryTable?
        /// The table built from `bindings` and published for resolves, if one is.
        var table: RegistryTable?
        /// The tables changes unpublished, until no resolve can still read them; released only by writes and by the
        /// registry's own release, never by a resolve (see ``Reclamation``).
        var retired = RetiredObjects()
        /// For each registration bound under keys other than its own (forwarded types), how many; registrations
        /// without forwards have no entry. Tells, when a key is unbound, whether its registration is still bound.
        private var forwardCounts = [ObjectIdentifier: Int]()
        /// What the changes made under the lock let go of, for ``RegistryStore`` to release once it is released;
        /// `nil` until a change lets go of something (a replacement or a removal, never a new key).
        private(set) var released: Released?

        /// What changes of the bindings let go of: released outside the registry's lock, since releasing a
        /// registration may run the deinitializers of what its factory captured, and a removed registration's
        /// ``Disposable`` instances are disposed. A class, so that the registry's fast path checks one word.
        final class Released {
            /// The registrations no key binds any more (replaced or removed), in the order they were unbound.
            var registrations: [Registration] = []
            /// A full table that held a binding since changed.
            var fullTable: RegistryTable?
        }

        init() {}

        /// Binds `key` to `binding`, replacing what it was bound to.
        mutating func setBinding(_ binding: Binding, for key: ServiceKey) {
            if !binding.isOwnKey { forwardCounts[ObjectIdentifier(binding.registration), default: 0] += 1 }
            noteChange(of: key)
            if let replaced = bindings.updateValue(binding, forKey: key) { noteUnbinding(replaced) }
        }

        /// Binds `key`, `registration`'s own key, to `registration`, answering as `serviceType`, replacing what it
        /// was bound to. The key is consumed (kept by the binding without a copy of its name).
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

        /// Unbinds `key`, and returns what it was bound to.
        @discardableResult
        mutating func removeBinding(for key: ServiceKey) -> Binding? {
            guard let removed = bindings.removeValue(forKey: key) else { return nil }
            noteChange(of: key)
            noteUnbinding(removed)
            return removed
        }

        /// Records `table`, just built from all of `bindings`, as the full table later tables lie over. The full
        /// table it replaces was published, and not retired when a change unpublished it, since this registry kept
        /// it: a resolve that read it then may still be reading it, so it is retired now, for a write to release.
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
            // `fullTable` holds only current bindings, so it holds `key` only if `key` is bound and not changed
            // since: this change strands a binding in it. Let it go; keeping it would keep the old registration.
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
    /// The container whose registrations this one falls back on.
    let parent: Container?
    /// The scope of new registrations.
    let defaultObjectScope: ObjectScope
    /// The configuration new registrations start with: `defaultObjectScope`, no `initCompleted` closures.
    let defaultConfiguration: Registration.Configuration
    /// The object graph every resolve of this container joins (only for views made by `withObjectGraph`).
    let pinnedGraph: ObjectGraph?
    /// Instances to dispose, eager registrations, loaded modules and per-container instances; shared with views.
    let lifecycle: LifecycleStore
    /// The module whose `assemble` registers through this view, if any (see `Container+Modules.swift`).
    let module: ModuleRecord?
    /// For a view (``withObjectGraph(_:closure:)``, a module's, an `await`ed resolution's), the container it
    /// views: what a ``Lazy`` or ``Provider`` made through the view falls back on once the view is gone.
    let viewed: Container?
    /// Property injection's state: auto-creation, re-injection watchers (see the `Injection` folder); shared with
    /// views (it is kept by the registry they share), made on first need (see ``RegistryStore/injectionStore()``).
    var injection: InjectionStore { registry.injectionStore() }

    /// Whether any object watches for re-injection here: one load, and no injection state made.
    var hasInjectionWatches: Bool { registry.hasInjectionWatches }

    /// Creates a container.
    ///
    /// ```swift
    /// let app = Container()
    /// let feature = Container(parent: app, defaultObjectScope: .transient) { c in
    ///     c.register(FeatureModel.self) { r in FeatureModel(api: r.resolve(API.self)!) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - parent: The container to fall back on for services this one does not register.
    ///   - defaultObjectScope: The scope of registrations that do not set one; ``ObjectScope/graph`` by default.
    ///   - behaviors: Behaviors told about every registration made from now on.
    ///   - registeringClosure: Registers services in the new container.
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

    /// A container derived from `parent` (see ``derived(registeringClosure:)``): a child whose instances of
    /// `parent`'s shared-scope registrations are its own.
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

    /// Removes every registration of this container (not of its parent), with the instances they keep.
    ///
    /// Kept instances that are ``Disposable`` are disposed, newest first; behaviors hear of each removal, and
    /// loaded modules are forgotten (without their unload hooks).
    ///
    /// ```swift
    /// container.removeAll()
    /// assert(container.resolve(Animal.self) == nil)  // unless a parent registers Animal
    /// ```
    public func removeAll() {
        // Nothing to re-inject from an emptied container (Injection/Reinjection.swift): its watches go first.
        if hasInjectionWatches { injection.forgetWatches() }
        removeBindings(owned: ownRegistrations()) { _, _ in true }
        lifecycle.forgetModules()
    }

    /// Returns this container: every container is already safe to use from many threads at once.
    ///
    /// Kept for Swinject source compatibility; the returned resolver is the container itself.
    ///
    /// ```swift
    /// let resolver = container.synchronize()
    /// ```
    ///
    /// - Returns: The container, as a ``Resolver``.
    public func synchronize() -> any Resolver {
        self
    }

    /// Adds a behavior, told about every registration made from now on.
    ///
    /// ```swift
    /// container.addBehavior(RegistrationLogger())
    /// ```
    ///
    /// - Parameter behavior: The behavior.
    public func addBehavior(_ behavior: any Behavior) {
        registry.withLock { $0.behaviors.append(behavior) }
    }

    /// Tells whether this container or an ancestor has a registration of `serviceType` under `name`, with any
    /// runtime arguments.
    ///
    /// ```swift
    /// if !container.hasAnyRegistration(of: Analytics.self) {
    ///     container.register(Analytics.self) { _ in NoAnalytics() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - serviceType: The service type.
    ///   - name: The registration name.
    /// - Returns: Whether such a registration exists.
    public func hasAnyRegistration<Service>(of serviceType: Service.Type, name: String? = nil) -> Bool {
        let type = ObjectIdentifier(serviceType)
        let here = registry.withLock { registry in
            registry.bindings.contains { $0.key.serviceType == type && $0.key.name == name }
        }
        return here || parent?.hasAnyRegistration(of: serviceType, name: name) == true
    }

    /// Runs `closure` with a view of this container in which every resolve joins the object graph
    /// `identifier`: graph-scoped services already made in that graph (and still alive) are reused.
    ///
    /// ```swift
    /// container.register(Screen.self) { r in Screen(graph: r.resolve(GraphIdentifier.self)!) }
    /// let screen = container.resolve(Screen.self)!
    /// let presenter = container.withObjectGraph(screen.graph) { $0.resolve(Presenter.self) }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The object graph to join.
    ///   - closure: Receives a container that shares this one's registrations.
    /// - Returns: What `closure` returns.
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
