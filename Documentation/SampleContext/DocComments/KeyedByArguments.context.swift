// The context of the doc-comment samples of Sources/Syringe/KeyedByArguments (CONTRIBUTING.md, "Samples
// in doc comments"); Common.context.swift has the rest.

final class ItemViewModel {
    init(id: Int, api: any API) {}
}
var error: ResolutionError { value() }
var keyed: KeyedByArgumentsError { value() }
