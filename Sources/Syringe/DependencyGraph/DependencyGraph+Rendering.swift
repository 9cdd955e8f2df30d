extension DependencyGraph {
    /// The graph as a Mermaid flowchart, for a `mermaid` code block in Markdown, problems highlighted.
    ///
    /// ```swift
    /// print("```mermaid\n" + container.dependencyGraph().mermaid + "```")
    /// ```
    public var mermaid: String {
        var lines = ["flowchart LR"]
        lines += declarations(group: ["subgraph parent[\"Inherited from a parent container\"]"], end: "end") { node in
            let label = labelLines(of: node).map(mermaidEscaped).joined(separator: "<br/>")
            let className = styleClass(of: node).map { ":::\($0)" } ?? ""
            return "n\(node.id)[\"\(label)\"]\(className)"
        }
        var highlighted = [[String]](repeating: [], count: Self.highlightColors.count)
        for (index, edge) in edges.enumerated() {
            let label = edgeLabel(of: edge).map { "|\($0)|" } ?? ""
            let arrow = nodes[edge.to].isMissing ? "-.->" : "-->"
            lines.append("    n\(edge.from) \(arrow)\(label) n\(edge.to)")
            if let highlight = highlight(of: edge) { highlighted[highlight].append(String(index)) }
        }
        lines += [
            "    classDef failed fill:#fde2e2,stroke:#c62828,color:#000",
            "    classDef missing fill:#fff,stroke:#c62828,stroke-dasharray:4 3,color:#c62828",
            "    classDef notWalked fill:#f5f5f5,stroke:#757575,stroke-dasharray:4 3,color:#000",
            "    classDef inherited fill:#e8eaf6,stroke:#3949ab,color:#000",
        ]
        for (links, color) in zip(highlighted, Self.highlightColors) where !links.isEmpty {
            lines.append("    linkStyle \(links.joined(separator: ",")) stroke:\(color),stroke-width:2px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The graph in Graphviz's DOT language: `dot -Tsvg wiring.dot -o wiring.svg`.
    ///
    /// The same nodes, edges and highlights as ``mermaid``.
    ///
    /// ```swift
    /// try container.dependencyGraph().dot.write(toFile: "wiring.dot", atomically: true, encoding: .utf8)
    /// ```
    public var dot: String {
        var lines = [
            "digraph Dependencies {",
            "    rankdir=LR;",
            "    node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\"];",
        ]
        let group = [
            "subgraph cluster_parent {", "    label=\"Inherited from a parent container\";", "    style=dashed;",
        ]
        lines += declarations(group: group, end: "}") { node in
            let label = labelLines(of: node).map(dotEscaped).joined(separator: "\\n")
            var attributes = ["label=\"\(label)\""]
            switch styleClass(of: node) {
            case "failed": attributes += ["fillcolor=\"#fde2e2\"", "color=\"#c62828\""]
            case "missing": attributes += ["style=\"rounded,dashed\"", "color=\"#c62828\"", "fontcolor=\"#c62828\""]
            case "notWalked":
                attributes += ["style=\"rounded,dashed,filled\"", "fillcolor=\"#f5f5f5\"", "color=\"#757575\""]
            case "inherited": attributes += ["fillcolor=\"#e8eaf6\"", "color=\"#3949ab\""]
            default: break
            }
            return "n\(node.id) [\(attributes.joined(separator: ", "))];"
        }
        for edge in edges {
            var attributes: [String] = []
            if let label = edgeLabel(of: edge) { attributes.append("label=\"\(label)\"") }
            if let highlight = highlight(of: edge) {
                attributes += ["color=\"\(Self.highlightColors[highlight])\"", "penwidth=2"]
            }
            if nodes[edge.to].isMissing { attributes.append("style=dashed") }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("    n\(edge.from) -> n\(edge.to)\(suffix);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines declaring the nodes, `declare` making each one's: own nodes, those of ancestors between `group` and
    /// `end`, then the requests that matched nothing.
    private func declarations(group: [String], end: String, _ declare: (Node) -> String) -> [String] {
        var lines = nodes.filter { !$0.isInherited && !$0.isMissing }.map { "    " + declare($0) }
        let inherited = nodes.filter(\.isInherited)
        if !inherited.isEmpty {
            lines += group.map { "    " + $0 } + inherited.map { "        " + declare($0) } + ["    " + end]
        }
        return lines + nodes.filter(\.isMissing).map { "    " + declare($0) }
    }

    /// The lines of a node's label, unescaped: the request (or `ServiceKeys.<label>`, the request then first among
    /// the details), then scope, module, status and forwarded types.
    private func labelLines(of node: Node) -> [String] {
        var lines = [node.title]
        var details: [String] = []
        if let key = node.key {
            lines = ["ServiceKeys.\(key)"]
            details.append(node.title)
        }
        if let registration = node.registration { details.append(registration.scope) }
        if let module = node.module { details.append(module) }
        switch node.status {
        case .resolved: break
        case .failed(let error): details.append("failed: \(error.code)")
        default: details.append(node.status.label)
        }
        if !details.isEmpty { lines.append(details.joined(separator: " · ")) }
        if !node.forwardedAs.isEmpty {
            lines.append("also " + node.forwardedAs.map(\.description).joined(separator: ", "))
        }
        return lines
    }

    /// The style of a node, by precedence: failed, missing, not walked, inherited.
    private func styleClass(of node: Node) -> String? {
        switch node.status {
        case .failed: return "failed"
        case .missing: return "missing"
        case .notWalked: return "notWalked"
        case .resolved: return node.isInherited ? "inherited" : nil
        }
    }

    /// The colours of the edge highlights: a cycle that failed, a cycle that resolved, a captive dependency's path.
    private static let highlightColors = ["#c62828", "#1565c0", "#ef6c00"]

    /// The index in ``highlightColors`` of `edge`'s highlight, by precedence, if it has one.
    private func highlight(of edge: Edge) -> Int? {
        if edge.isCycle, isBroken(edge) { return 0 }
        if edge.isCycle, !edge.isCaptive { return 1 }
        return edge.isCaptive ? 2 : nil
    }

    /// Whether `edge` lies on a cycle that failed (one of its ends failed); a cycle that resolved was closed
    /// legally (property injection, `Lazy`, `Provider`).
    private func isBroken(_ edge: Edge) -> Bool {
        func failed(_ node: Node) -> Bool {
            if case .failed = node.status { return true }
            return false
        }
        return failed(nodes[edge.from]) || failed(nodes[edge.to])
    }

    private func edgeLabel(of edge: Edge) -> String? {
        let cycle = edge.isCycle && !isBroken(edge) ? "resolved cycle" : "cycle"
        switch (edge.isCycle, edge.isCaptive) {
        case (true, true): return "\(cycle), captive"
        case (true, false): return cycle
        case (false, true): return "captive"
        case (false, false): return nil
        }
    }
}

extension DependencyGraph.Node {
    fileprivate var isMissing: Bool {
        if case .missing = status { return true }
        return false
    }
}

/// `text` for a quoted Mermaid label: quotes and angle brackets as Mermaid's entity codes.
private func mermaidEscaped(_ text: String) -> String {
    escaped(text, ["\"": "#quot;", "<": "#lt;", ">": "#gt;", "#": "#35;"])
}

/// `text` for a quoted DOT string.
private func dotEscaped(_ text: String) -> String {
    escaped(text, ["\"": "\\\"", "\\": "\\\\", "\n": "\\n"])
}

/// `text` with each character that has a replacement in `replacements` replaced by it.
private func escaped(_ text: String, _ replacements: [Character: String]) -> String {
    var result = ""
    for character in text {
        if let replacement = replacements[character] { result += replacement } else { result.append(character) }
    }
    return result
}
