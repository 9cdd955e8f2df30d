/// Builds a container from ``Assembly`` values: all assemble, then each is told it was loaded.
///
/// ```swift
/// let assembler = Assembler([NetworkAssembly(), StorageAssembly()])
/// let client = assembler.resolver.resolve(HTTPClient.self)
///
/// let feature = Assembler([FeatureAssembly()], parent: assembler)  // a child container
/// ```
public final class Assembler: Sendable {
    private let container: Container

    /// Resolves from the assembled container.
    ///
    /// ```swift
    /// let client = assembler.resolver.resolve(HTTPClient.self)
    /// ```
    public var resolver: any Resolver { container }

    /// Creates an assembler over `container` (a new one by default).
    ///
    /// ```swift
    /// let assembler = Assembler(container: Container())
    /// ```
    ///
    /// - Parameter container: The container to assemble into; `nil` makes a new one.
    public init(container: Container? = Container()) {
        self.container = container ?? Container()
    }

    /// Creates an assembler whose container is a child of `parentAssembler`'s.
    ///
    /// ```swift
    /// let feature = Assembler(parentAssembler: app, defaultObjectScope: .transient)
    /// ```
    ///
    /// - Parameters:
    ///   - parentAssembler: The assembler whose container becomes the parent.
    ///   - defaultObjectScope: The new container's default scope.
    ///   - behaviors: The new container's behaviors.
    public init(parentAssembler: Assembler?, defaultObjectScope: ObjectScope = .graph, behaviors: [any Behavior] = []) {
        container = Container(
            parent: parentAssembler?.container, defaultObjectScope: defaultObjectScope, behaviors: behaviors
        )
    }

    /// Creates an assembler over `container` and applies `assemblies`.
    ///
    /// ```swift
    /// let assembler = Assembler([NetworkAssembly(), StorageAssembly()])
    /// ```
    ///
    /// - Parameters:
    ///   - assemblies: The assemblies, assembled in order.
    ///   - container: The container to assemble into.
    public init(_ assemblies: [any Assembly], container: Container = Container()) {
        self.container = container
        run(assemblies)
    }

    /// Creates an assembler whose container is a child of `parent`'s, and applies `assemblies`.
    ///
    /// ```swift
    /// let feature = Assembler([FeatureAssembly()], parent: app)
    /// ```
    ///
    /// - Parameters:
    ///   - assemblies: The assemblies, assembled in order.
    ///   - parent: The assembler whose container becomes the parent.
    ///   - defaultObjectScope: The new container's default scope.
    ///   - behaviors: The new container's behaviors.
    public init(
        _ assemblies: [any Assembly],
        parent: Assembler?,
        defaultObjectScope: ObjectScope = .graph,
        behaviors: [any Behavior] = []
    ) {
        container = Container(parent: parent?.container, defaultObjectScope: defaultObjectScope, behaviors: behaviors)
        run(assemblies)
    }

    /// Swinject's throwing spelling of ``init(_:container:)``; it never throws.
    ///
    /// ```swift fragment
    /// let assembler = try Assembler(assemblies: [NetworkAssembly()])
    /// ```
    @available(*, deprecated, message: "Use init(_:container:), which does not throw.")
    public convenience init(assemblies: [any Assembly], container: Container? = Container()) throws {
        self.init(assemblies, container: container ?? Container())
    }

    /// Swinject's throwing spelling of ``init(_:parent:defaultObjectScope:behaviors:)``; it never throws.
    ///
    /// ```swift fragment
    /// let feature = try Assembler(assemblies: [FeatureAssembly()], parentAssembler: app)
    /// ```
    @available(*, deprecated, message: "Use init(_:parent:), which does not throw.")
    public convenience init(assemblies: [any Assembly], parentAssembler: Assembler?) throws {
        self.init(assemblies, parent: parentAssembler)
    }

    /// Applies one more assembly, then tells it it was loaded.
    ///
    /// ```swift
    /// assembler.apply(assembly: SettingsAssembly())
    /// ```
    ///
    /// - Parameter assembly: The assembly.
    public func apply(assembly: any Assembly) {
        run([assembly])
    }

    /// Applies more assemblies: all assemble, then each is told it was loaded.
    ///
    /// ```swift
    /// assembler.apply(assemblies: [SettingsAssembly(), ProfileAssembly()])
    /// ```
    ///
    /// - Parameter assemblies: The assemblies, assembled in order.
    public func apply(assemblies: [any Assembly]) {
        run(assemblies)
    }

    /// Loads modules into the assembler's container, with the checks of ``Container/load(_:)-([Assembly])``:
    /// a module type loaded already throws, and a failing eager singleton undoes the load and throws.
    ///
    /// ```swift
    /// try assembler.load([SettingsAssembly()])
    /// ```
    ///
    /// - Parameter assemblies: The modules, assembled in order.
    /// - Throws: ``ModuleError``.
    public func load(_ assemblies: [any Assembly]) throws(ModuleError) {
        try container.load(assemblies)
    }

    /// Unloads the module of type `assembly` from the assembler's container; see ``Container/unload(_:)-(Module.Type)``.
    ///
    /// ```swift
    /// assembler.unload(SettingsAssembly.self)
    /// ```
    ///
    /// - Parameter assembly: The module's assembly type.
    /// - Returns: Whether such a module was loaded.
    @discardableResult
    public func unload<Module: Assembly>(_ assembly: Module.Type) -> Bool {
        container.unload(assembly)
    }

    /// Shuts the assembler's container down; see ``Container/shutdown()``. To await asynchronous disposals, shut
    /// the container down through its awaited view: `await assembler.container.async.shutdown()`. The container
    /// then makes none of the instances it keeps until `assembler.container.reopen()`.
    ///
    /// ```swift
    /// assembler.shutdown()
    /// ```
    public func shutdown() {
        container.shutdown()
    }

    /// Assembles, makes the eager singletons (logging failures), then tells each assembly it was loaded.
    private func run(_ assemblies: [any Assembly]) {
        container.assembleLeniently(assemblies)
    }
}
