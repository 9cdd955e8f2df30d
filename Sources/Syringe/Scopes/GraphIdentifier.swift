/// Identifies one object graph, the graph-scoped instances of one resolution: resolve it in a factory, and pass it
/// to ``Container/withObjectGraph(_:closure:)`` for later resolves to share that graph's instances.
///
/// ```swift
/// container.register(Screen.self) { r in
///     Screen(graph: r.resolve(GraphIdentifier.self)!)
/// }
/// let screen = container.resolve(Screen.self)!
/// let presenter = container.withObjectGraph(screen.graph) { $0.resolve(Presenter.self) }
/// ```
public struct GraphIdentifier: Hashable, Identifiable, Sendable {
    let graph: ObjectGraph

    /// A value that is unique among the graphs that exist at the same time.
    public var id: ObjectIdentifier { ObjectIdentifier(graph) }

    /// Creates the identifier of a new, empty object graph.
    ///
    /// ```swift
    /// container.withObjectGraph(GraphIdentifier()) { _ = $0.resolve(Session.self) }
    /// ```
    public init() {
        graph = ObjectGraph()
    }

    init(graph: ObjectGraph) {
        self.graph = graph
    }

    /// Two identifiers are equal when they name the same graph.
    ///
    /// ```swift
    /// assert(GraphIdentifier() != GraphIdentifier())
    /// ```
    public static func == (lhs: GraphIdentifier, rhs: GraphIdentifier) -> Bool {
        lhs.graph === rhs.graph
    }

    /// Hashes the graph's identity.
    ///
    /// ```swift
    /// let graphs: Set<GraphIdentifier> = [GraphIdentifier()]
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}
