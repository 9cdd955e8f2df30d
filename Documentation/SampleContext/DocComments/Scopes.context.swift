// The context of the doc-comment samples of Sources/Syringe/Scopes (CONTRIBUTING.md, "Samples in doc
// comments"); Common.context.swift has the rest.

let app = Container()
let sessionScope = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
final class Screen {
    let graph: GraphIdentifier
    init(graph: GraphIdentifier) { self.graph = graph }
}
final class Presenter {}
let graph = GraphIdentifier()
var storage: any InstanceStorage { value() }
var service: Any { value() }
final class Request {}
final class UnitOfWork {}
final class ImageCache {}
