// The `.graph` scope: the instances of one resolution's object graph.
// Part of ``ResolutionContext`` (Runtime/ResolutionContext.swift holds its state and lifecycle).

extension ResolutionContext {
    func graphInstance(of registration: Registration) -> Any? {
        let id = ObjectIdentifier(registration)
        if let sharedGraph { return sharedGraph.instance(for: id) }
        return localGraph.isEmpty ? nil : localGraph.instance(for: id)
    }

    /// Whether this resolution's graph holds an instance of `registration`; asks without copying it (an `Any?`
    /// that is `nil` still costs a call to destroy it).
    func graphHoldsInstance(of registration: Registration) -> Bool {
        let id = ObjectIdentifier(registration)
        if let sharedGraph { return sharedGraph.instance(for: id) != nil }
        return !localGraph.isEmpty && localGraph.contains(id)
    }

    func storeInGraph(_ instance: consuming Any, of registration: Registration) {
        let id = ObjectIdentifier(registration)
        if let sharedGraph {
            sharedGraph.store(instance, for: id)
        } else {
            localGraph.store(instance, for: id)
        }
    }

    /// The identifier of this resolution's graph; from now on the graph's instances are shared.
    func graphIdentifier() -> GraphIdentifier {
        if let sharedGraph { return GraphIdentifier(graph: sharedGraph) }
        let graph = ObjectGraph()
        graph.enter()
        graph.store(contentsOf: localGraph.all)
        localGraph = LocalGraph()
        sharedGraph = graph
        return GraphIdentifier(graph: graph)
    }
}
