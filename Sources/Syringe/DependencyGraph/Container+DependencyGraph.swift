extension Container {
    /// The container's wiring as a graph, from the walk ``verify(samples:)`` makes (factories run; no singleton is
    /// kept). It does not throw: failures, cycles and captive dependencies are drawn.
    ///
    /// ```swift
    /// let graph = container.dependencyGraph { $0.provide(Animal.self, name: "dog", argument: "Hachi") }
    /// ```
    public func dependencyGraph(samples: (VerificationSamples) -> Void = { _ in }) -> DependencyGraph {
        VerificationWalk(of: self, drawing: true).walked(samples: samples).graph
    }
}

/// Turns a verification walk's findings into a ``DependencyGraph``.
struct DependencyGraphBuilder {
    /// What the walk found for one registration, merged over the types it answers.
    struct Entry {
        let registration: Registration
        var descriptions: [RegistrationDescription] = []
        var failure: ResolutionError?
        var notWalked: DependencyGraph.NotWalkedReason?
        var resolved = false
    }

    var entries: [ObjectIdentifier: Entry] = [:]
    var missing: [ServiceRequest: [ObjectIdentifier]] = [:]
    let graph: DependencyGraph

    /// The graph of a walk of `container`, `owner`'s registrations drawn as its own (a walk with declared keys
    /// walks a child of it), the defaults of keys not used yet in the group ``Container/unusedKeyGroup``.
    init(
        container: Container, owner: Container, unusedKeys: [RegistrationDescription], recorder: VerificationRecorder,
        visits: [VerificationWalk.Visit]
    ) {
        // A stand-in (of a derived container, a `.perContainer` resolve) is drawn as its original: one node each.
        var originals: [ObjectIdentifier: ObjectIdentifier] = [:]
        for (id, registration) in recorder.registrations {
            let original = Self.original(of: registration)
            if original !== registration { originals[id] = ObjectIdentifier(original) }
        }
        func node(_ id: ObjectIdentifier) -> ObjectIdentifier { originals[id] ?? id }
        for visit in visits {
            let registration = Self.original(of: visit.registration)
            let id = ObjectIdentifier(registration)
            entries[id, default: Entry(registration: registration)].descriptions.append(visit.description)
            switch visit.outcome {
            case .verified:
                entries[id]?.resolved = true
            case .notWalked(let reason):
                entries[id]?.notWalked = reason
            case .failed(let error, let origin):
                if entries[id]?.failure == nil { entries[id]?.failure = error }
                guard let origin = origin.map(Self.original(of:)) else { break }
                let originID = ObjectIdentifier(origin)
                entries[originID, default: Entry(registration: origin)].failure = entries[originID]?.failure ?? error
                guard Self.isMiss(error.code), error.path.count > 1 else { break }
                if !missing[error.request, default: []].contains(originID) {
                    missing[error.request, default: []].append(originID)
                }
            }
        }
        // Registrations reached only as dependencies (none should be, but never drop an edge's end).
        for registration in recorder.registrations.values.map(Self.original(of:)) {
            let id = ObjectIdentifier(registration)
            guard entries[id] == nil else { continue }
            entries[id] = Entry(registration: registration, descriptions: [registration.describe()], resolved: true)
        }

        let own = Set(owner.ownRegistrations().map(ObjectIdentifier.init))
        let unusedKeys = Set(unusedKeys)
        let modules = container.moduleNames()
        // Each sort key is made once, not in every comparison.
        let sorted = entries.values.map { entry in
            let primary = Self.primary(of: entry)
            let isUnusedKey = unusedKeys.contains(primary)
            return (
                entry: entry, primary: primary, key: primary.description, isUnusedKey: isUnusedKey,
                inherited: !isUnusedKey && !own.contains(ObjectIdentifier(entry.registration))
            )
        }.sorted { lhs, rhs in
            if lhs.inherited != rhs.inherited { return !lhs.inherited }
            return lhs.key < rhs.key
        }
        var nodes: [DependencyGraph.Node] = []
        var index: [ObjectIdentifier: Int] = [:]
        for (entry, primary, _, isUnusedKey, inherited) in sorted {
            let id = ObjectIdentifier(entry.registration)
            index[id] = nodes.count
            let status: DependencyGraph.Status =
                if let failure = entry.failure {
                    .failed(failure)
                } else if let reason = entry.notWalked, !entry.resolved {
                    .notWalked(reason)
                } else {
                    .resolved
                }
            let forwarded = entry.descriptions.map(\.request).filter { $0 != primary.request }
            nodes.append(
                DependencyGraph.Node(
                    id: nodes.count, registration: primary, request: primary.request,
                    forwardedAs: Array(Set(forwarded)).sorted { $0.description < $1.description },
                    module: isUnusedKey ? Container.unusedKeyGroup : modules[id], isInherited: inherited,
                    status: status,
                    key: entry.registration.stateIfMade?.withLock { $0.keyLabel }
                ))
        }
        var edges: [(from: Int, to: Int)] = []
        var seenEdges: Set<[Int]> = []
        for dependency in recorder.dependencies {
            guard let from = index[node(dependency.dependent)], let to = index[node(dependency.dependency)],
                seenEdges.insert([from, to]).inserted
            else { continue }
            edges.append((from, to))
        }
        let captive = Set(
            recorder.captiveDependencies.compactMap { dependency -> [Int]? in
                guard let from = index[node(dependency.dependent)], let to = index[node(dependency.dependency)] else {
                    return nil
                }
                return [from, to]
            })
        for request in missing.keys.sorted(by: { $0.description < $1.description }) {
            let id = nodes.count
            nodes.append(DependencyGraph.Node(id: id, request: request, status: .missing))
            for origin in missing[request] ?? [] {
                if let from = index[origin] { edges.append((from, id)) }
            }
        }
        let component = stronglyConnectedComponents(nodeCount: nodes.count, edges: edges)
        var componentSize: [Int: Int] = [:]
        for value in component { componentSize[value, default: 0] += 1 }
        graph = DependencyGraph(
            nodes: nodes,
            edges: edges.map { edge in
                let sameComponent = component[edge.from] == component[edge.to]
                let isCycle =
                    sameComponent && (edge.from == edge.to || componentSize[component[edge.from], default: 0] > 1)
                return DependencyGraph.Edge(
                    from: edge.from, to: edge.to, isCycle: isCycle, isCaptive: captive.contains([edge.from, edge.to]))
            }
        )
    }

    /// The description a node shows: the registration as registered, if the walk saw it so, or as first seen.
    static func primary(of entry: Entry) -> RegistrationDescription {
        let registration = entry.registration
        let own = entry.descriptions.first {
            $0.request.serviceType == registration.serviceType && $0.request.name == registration.name
        }
        return own ?? entry.descriptions.first ?? registration.describe()
    }

    /// The registration a node stands for: the original of a stand-in.
    static func original(of registration: Registration) -> Registration {
        var current = registration
        while let standIn = current as? StandInRegistration { current = standIn.original }
        return current
    }

    static func isMiss(_ code: ResolutionError.Code) -> Bool {
        switch code {
        case .notRegistered, .argumentMismatch, .ambiguousArguments, .nameMismatch, .optionalityMismatch: true
        default: false
        }
    }
}

extension Container {
    /// The type name of the loaded module that made each registration, this container's modules first.
    fileprivate func moduleNames() -> [ObjectIdentifier: String] {
        var names: [ObjectIdentifier: String] = [:]
        var container: Container? = self
        while let current = container {
            let records = current.lifecycle.state.withLock { Array($0.modules.values) }
            for record in records {
                let name = typeName(type(of: record.assembly))
                for registration in record.registrations where names[ObjectIdentifier(registration)] == nil {
                    names[ObjectIdentifier(registration)] = name
                }
            }
            container = current.parent
        }
        return names
    }
}

/// The strongly connected component of each node (Tarjan's algorithm, iterative so deep graphs cannot overflow the
/// stack).
private func stronglyConnectedComponents(nodeCount: Int, edges: [(from: Int, to: Int)]) -> [Int] {
    var successors = [[Int]](repeating: [], count: nodeCount)
    for edge in edges { successors[edge.from].append(edge.to) }
    var index = [Int](repeating: -1, count: nodeCount)
    var lowLink = [Int](repeating: 0, count: nodeCount)
    var onStack = [Bool](repeating: false, count: nodeCount)
    var component = [Int](repeating: -1, count: nodeCount)
    var stack: [Int] = []
    var nextIndex = 0
    var nextComponent = 0
    func visit(_ node: Int) {
        index[node] = nextIndex
        lowLink[node] = nextIndex
        nextIndex += 1
        stack.append(node)
        onStack[node] = true
    }
    for root in 0..<nodeCount where index[root] == -1 {
        // Each frame: a node and how many of its successors were visited.
        var frames: [(node: Int, next: Int)] = [(root, 0)]
        visit(root)
        while let frame = frames.last {
            let node = frame.node
            if frame.next < successors[node].count {
                frames[frames.count - 1].next += 1
                let successor = successors[node][frame.next]
                if index[successor] == -1 {
                    visit(successor)
                    frames.append((successor, 0))
                } else if onStack[successor] {
                    lowLink[node] = min(lowLink[node], index[successor])
                }
                continue
            }
            frames.removeLast()
            if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
            if lowLink[node] == index[node] {
                while let member = stack.popLast() {
                    onStack[member] = false
                    component[member] = nextComponent
                    if member == node { break }
                }
                nextComponent += 1
            }
        }
    }
    return component
}
