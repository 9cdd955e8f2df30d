// ResolutionContext: the `.graph` scope, the instances of one resolution's object graph.

extension ResolutionContext {
    func graphInstance(of registration: Registration) -> Any? {
        let id = ObjectIdentifier(registration)
        if let sharedGraph { return sharedGraph.instance(for: id) }
        return localGraph.isEmpty ? nil : localGraph.instance(for: id)
    }

    /// What the graph holds for `registration`, asked by the typed path: in a graph of its own, the reference
    /// stored as `Service`, an instance stored otherwise, or nothing; a shared graph answers only whether it holds one.
    @inline(__always)
    func typedGraphInstance<Service>(
        of registration: Unretained<Registration>, as serviceType: Service.Type
    ) -> LocalGraph.Found {
        let id = registration.with { ObjectIdentifier($0) }
        if let sharedGraph { return sharedGraph.instance(for: id) != nil ? .stored : .absent }
        return localGraph.find(id, typedAs: ObjectIdentifier(Service.self))
    }

    /// Stores `instance`, made by the typed path as exactly `Service` (a class instance as its one reference, in a
    /// graph of its own). `isNew`: the graph held nothing for the registration when its factory began, and no rerun
    /// has run since.
    @inline(__always)
    func storeInGraph<Service>(typed instance: Service, of registration: Registration, isNew: Bool) {
        storeInGraph(typed: instance, of: ObjectIdentifier(registration), isNew: isNew)
    }

    /// ``storeInGraph(typed:of:isNew:)`` for the registration identified by `id`.
    @inline(__always)
    func storeInGraph<Service>(typed instance: Service, of id: ObjectIdentifier, isNew: Bool) {
        if let sharedGraph {
            sharedGraph.store(instance as Any, for: id)
        } else {
            localGraph.store(typed: instance, for: id, isNew: isNew)
        }
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
