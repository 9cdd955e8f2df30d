/// A picture of a container's wiring: one node per registration, one edge per dependency a factory resolved while
/// ``Container/dependencyGraph(samples:)`` walked it. ``mermaid`` and ``dot`` render it for Mermaid and Graphviz.
///
/// ```swift
/// print(container.dependencyGraph().mermaid)  // paste into a ```mermaid block
/// ```
public struct DependencyGraph: Sendable {
    /// One registration, or one request that matched none.
    ///
    /// ```swift
    /// for node in graph.nodes where node.isInherited { print(node.title, "comes from a parent") }
    /// ```
    public struct Node: Sendable, Identifiable {
        /// The node's position in ``DependencyGraph/nodes``, which edges refer to.
        ///
        /// ```swift
        /// let dependencies = graph.edges.filter { $0.from == node.id }
        /// ```
        public let id: Int
        /// The registration (the type it was registered as), or `nil` for a request that matched none.
        ///
        /// ```swift
        /// print(node.registration?.scope ?? "missing")
        /// ```
        public let registration: RegistrationDescription?
        /// The request the node stands for: the registered one, or the one that matched nothing.
        ///
        /// ```swift
        /// print(node.request)  // Animal(name: "cat")
        /// ```
        public let request: ServiceRequest
        /// The other types and names the registration answers, through `implements`.
        ///
        /// ```swift
        /// print(node.forwardedAs.map(\.description))  // ["Animal"]
        /// ```
        public let forwardedAs: [ServiceRequest]
        /// The type name of the `Assembly` that registered it, when loaded with ``Container/load(_:)-([Assembly])``.
        ///
        /// ```swift
        /// print(node.module ?? "-")  // NetworkAssembly
        /// ```
        public let module: String?
        /// Whether the registration belongs to an ancestor container.
        ///
        /// ```swift
        /// if node.isInherited { print(node.title, "is the parent's") }
        /// ```
        public let isInherited: Bool
        /// What the walk found.
        ///
        /// ```swift
        /// if case .failed(let error) = node.status { print(error) }
        /// ```
        public let status: Status
        /// The label of the declared key the registration was made from, if it has one.
        ///
        /// ```swift
        /// if let key = node.key { print("ServiceKeys.\(key) makes", node.title) }
        /// ```
        public let key: String?

        /// The request as text: `Animal(name: "cat")`.
        ///
        /// ```swift
        /// print(node.title)
        /// ```
        public var title: String { request.description }

        /// Creates a node. ``Container/dependencyGraph(samples:)`` creates these.
        ///
        /// ```swift
        /// let node = DependencyGraph.Node(id: 0, request: ServiceRequest(serviceType: Cat.self), status: .missing)
        /// ```
        public init(
            id: Int, registration: RegistrationDescription? = nil, request: ServiceRequest,
            forwardedAs: [ServiceRequest] = [], module: String? = nil, isInherited: Bool = false, status: Status,
            key: String? = nil
        ) {
            self.key = key
            self.id = id
            self.registration = registration
            self.request = request
            self.forwardedAs = forwardedAs
            self.module = module
            self.isInherited = isInherited
            self.status = status
        }
    }

    /// What the walk found for a node.
    ///
    /// ```swift
    /// let failed = graph.nodes.filter { if case .failed = $0.status { true } else { false } }
    /// ```
    public enum Status: Sendable {
        /// It resolved.
        case resolved
        /// Its resolution failed, or the failure of a resolution that went through it started here.
        case failed(ResolutionError)
        /// The walk could not run it.
        case notWalked(NotWalkedReason)
        /// No registration answers this request.
        case missing

        /// A word for the status, as the renderings show it.
        ///
        /// ```swift
        /// print(node.status.label)  // "failed"
        /// ```
        public var label: String {
            switch self {
            case .resolved: "resolved"
            case .failed: "failed"
            case .notWalked(let reason): reason.rawValue
            case .missing: "missing"
            }
        }
    }

    /// Why the walk did not resolve a registration.
    ///
    /// ```swift
    /// if case .notWalked(.needsArguments) = node.status { print("provide a sample for", node.title) }
    /// ```
    public enum NotWalkedReason: String, Sendable, Hashable {
        /// The factory is `async` or isolated to a global actor other than the main one.
        case async
        /// The factory is `@MainActor` (or depends on one), and the walk did not run on the main actor.
        case mainActor = "main actor"
        /// The factory takes runtime arguments and no sample was provided.
        case needsArguments = "needs arguments"
        /// It is, or depends on, a value each request provides, and the walk ran outside a request scope.
        case providedByRequest = "provided by request"
    }

    /// A dependency observed while a factory ran: `from`'s factory (or `initCompleted` closures) resolved `to`.
    ///
    /// ```swift
    /// for edge in graph.edges where edge.isCycle { print(graph.nodes[edge.from].title, "->", graph.nodes[edge.to].title) }
    /// ```
    public struct Edge: Sendable, Hashable {
        /// The ``Node/id`` of the dependent.
        ///
        /// ```swift
        /// print(graph.nodes[edge.from].title)
        /// ```
        public let from: Int
        /// The ``Node/id`` of the dependency.
        ///
        /// ```swift
        /// print(graph.nodes[edge.to].title)
        /// ```
        public let to: Int
        /// Whether the edge lies on a cycle (both ends are in one strongly connected part of the graph).
        ///
        /// ```swift
        /// let cycles = graph.edges.filter(\.isCycle)
        /// ```
        public let isCycle: Bool
        /// Whether the edge lies on the path from a singleton to a shorter-lived service it captures.
        ///
        /// ```swift
        /// let captures = graph.edges.filter(\.isCaptive)
        /// ```
        public let isCaptive: Bool

        /// Creates an edge. ``Container/dependencyGraph(samples:)`` creates these.
        ///
        /// ```swift
        /// let edge = DependencyGraph.Edge(from: 0, to: 1)
        /// ```
        public init(from: Int, to: Int, isCycle: Bool = false, isCaptive: Bool = false) {
            self.from = from
            self.to = to
            self.isCycle = isCycle
            self.isCaptive = isCaptive
        }
    }

    /// The container's registrations, then its ancestors', each sorted, then the requests that matched nothing.
    ///
    /// ```swift
    /// print(graph.nodes.count)
    /// ```
    public let nodes: [Node]
    /// The dependencies, in the order the walk first observed them.
    ///
    /// ```swift
    /// print(graph.edges.count)
    /// ```
    public let edges: [Edge]

    /// Creates a graph. ``Container/dependencyGraph(samples:)`` creates these.
    ///
    /// ```swift
    /// let empty = DependencyGraph(nodes: [], edges: [])
    /// ```
    public init(nodes: [Node], edges: [Edge]) {
        self.nodes = nodes
        self.edges = edges
    }
}
