// The context of the doc-comment samples of Sources/Syringe/DelayedInjection (CONTRIBUTING.md, "Samples
// in doc comments"); Common.context.swift has the rest.

final class Screen {
    let analytics: Lazy<Analytics>
    init(analytics: Lazy<Analytics>) { self.analytics = analytics }
}
var lazyAnalytics: Lazy<Analytics> { value() }
final class Request {}
final class Client {
    let makeRequest: Provider<Request>
    init(makeRequest: Provider<Request>) { self.makeRequest = makeRequest }
}
var client: Client { value() }
var requestProvider: Provider<Request> { value() }
