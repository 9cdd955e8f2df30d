import Syringe

/// Scenario 12, the dependency graph: `container.dependencyGraph().mermaid` for 1,000 registrations.
///
/// The registrations are one service type under 1,000 names (`s0000`…`s0999`); `s<i>` depends on `s<i/2>` and
/// `s<i/3>` (a DAG of about 2,000 edges, each resolution a few levels deep). Syringe walks them as `verify()` does
/// (one throwaway resolution per registration, factories run) and renders the Mermaid text.
///
/// Hand-wired column: the same Mermaid text built by hand from a prepared list of the registrations and their
/// dependencies (a depth-first walk of the list in the order the container's walk visits them, then string
/// building): what an app would write to draw its wiring without the container's help. The check requires the
/// two texts to be identical, so neither side can skip work.
func dependencyGraphScenarios() -> [FeatureScenario] {
    let count = 1_000
    let names = (0..<count).map { (index: Int) -> String in
        let digits = String(index)
        return "s" + String(repeating: "0", count: 4 - digits.count) + digits
    }
    let dependencies = (0..<count).map { (index: Int) -> [Int] in
        var found: [Int] = []
        for dependency in [index / 2, index / 3] where dependency < index && !found.contains(dependency) {
            found.append(dependency)
        }
        return found
    }

    let container = Container()
    for index in 0..<count {
        let wanted = dependencies[index].map { names[$0] }
        container.register(GraphService.self, name: names[index]) { r in
            for name in wanted { _ = try r.require(GraphService.self, name: name) }
            return GraphService()
        }
    }

    /// The Mermaid text written by hand from `names` and `dependencies`.
    func handWrittenMermaid() -> String {
        var lines = ["flowchart LR"]
        lines.reserveCapacity(count * 3)
        for index in 0..<count {
            lines.append("    n\(index)[\"GraphService(name: #quot;\(names[index])#quot;)<br/>graph\"]")
        }
        // Edges in the order the container's walk first meets them: each registration in name order, then its
        // dependencies depth first, each made once per walk (the `.graph` scope).
        var seen = Set<Int>()
        func visit(_ node: Int, _ made: inout Set<Int>) {
            for dependency in dependencies[node] {
                if seen.insert(node << 16 | dependency).inserted { lines.append("    n\(node) --> n\(dependency)") }
                if made.insert(dependency).inserted { visit(dependency, &made) }
            }
        }
        for root in 0..<count {
            var made: Set<Int> = [root]
            visit(root, &made)
        }
        lines += [
            "    classDef failed fill:#fde2e2,stroke:#c62828,color:#000",
            "    classDef missing fill:#fff,stroke:#c62828,stroke-dasharray:4 3,color:#c62828",
            "    classDef notWalked fill:#f5f5f5,stroke:#757575,stroke-dasharray:4 3,color:#000",
            "    classDef inherited fill:#e8eaf6,stroke:#3949ab,color:#000",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    return [
        FeatureScenario(
            "12 dependency graph of 1,000 registrations, exported as Mermaid",
            handWired: { iterations in
                for _ in 0..<iterations { blackHole(handWrittenMermaid()) }
            },
            syringe: { iterations in
                for _ in 0..<iterations { blackHole(container.dependencyGraph().mermaid) }
            },
            check: {
                var failures: [String] = []
                let graph = container.dependencyGraph()
                let edgeCount = dependencies.reduce(0) { $0 + $1.count }
                if graph.nodes.count != count { failures.append("\(graph.nodes.count) nodes, expected \(count)") }
                if graph.edges.count != edgeCount {
                    failures.append("\(graph.edges.count) edges, expected \(edgeCount)")
                }
                if graph.mermaid != handWrittenMermaid() {
                    failures.append("the Mermaid text differs from the one written by hand")
                }
                do {
                    try container.verify()
                } catch {
                    failures.append("the container does not verify: \(error)")
                }
                return failures
            }
        )
    ]
}

/// The service of the dependency-graph scenario.
final class GraphService {}
