/// Builds a container from ``Assembly`` values: all assemble, then each is told it was loaded.
///
/// ```swift
/// let assembler = Assembler([NetworkAssembly(), StorageAssembly()])
/// let client = assembler.resolver.resolve(HTTPClient.self)
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
    public init(container: Container? = Container()) {
        self.container = container ?? Container()
    }

    /// Creates an assembler whose container is a child of `parentAssembler`'s.
    ///
    /// ```swift
    /// let feature = Assembler(parentAssembler: app, defaultObjectScope: .transient)
    /// ```
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
    public init(_ assemblies: [any Assembly], container: Container = Container()) {
        self.container = container
        container.assembleLeniently(assemblies)
    }

    /// Creates an assembler whose container is a child of `parent`'s, and applies `assemblies`.
    ///
    /// ```swift
    /// let feature = Assembler([FeatureAssembly()], parent: app)
    /// ```
    public init(
        _ assemblies: [any Assembly],
        parent: Assembler?,
        defaultObjectScope: ObjectScope = .graph,
        behaviors: [any Behavior] = []
    ) {
        container = Container(parent: parent?.container, defaultObjectScope: defaultObjectScope, behaviors: behaviors)
        container.assembleLeniently(assemblies)
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
    public func apply(assembly: any Assembly) {
        container.assembleLeniently([assembly])
    }

    /// Applies more assemblies: all assemble, then each is told it was loaded.
    ///
    /// ```swift
    /// assembler.apply(assemblies: [SettingsAssembly(), ProfileAssembly()])
    /// ```
    public func apply(assemblies: [any Assembly]) {
        container.assembleLeniently(assemblies)
    }

    /// Loads modules into the assembler's container with the checks of ``Container/load(_:)-([Assembly])``.
    ///
    /// ```swift
    /// try assembler.load([SettingsAssembly()])
    /// ```
    public func load(_ assemblies: [any Assembly]) throws(ModuleError) {
        try container.load(assemblies)
    }

    /// Unloads the module of type `assembly` from the assembler's container; see ``Container/unload(_:)-(Module.Type)``.
    ///
    /// ```swift
    /// assembler.unload(SettingsAssembly.self)
    /// ```
    @discardableResult
    public func unload<Module: Assembly>(_ assembly: Module.Type) -> Bool {
        container.unload(assembly)
    }

    /// Shuts the assembler's container down; see ``Container/shutdown()``.
    ///
    /// ```swift
    /// assembler.shutdown()
    /// ```
    public func shutdown() {
        container.shutdown()
    }
}
