// The context of the doc-comment samples of Sources/Syringe/DependencyGraph (CONTRIBUTING.md, "Samples
// in doc comments"); Common.context.swift has the rest.

var graph: DependencyGraph { value() }
var node: DependencyGraph.Node { value() }
var edge: DependencyGraph.Edge { value() }
