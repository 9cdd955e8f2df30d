// The context of the doc-comment samples of Sources/SyringeTesting (CONTRIBUTING.md, "Samples in doc
// comments"); Common.context.swift has the rest. Values a `@Test` or `@Suite` trait reads are real: Swift Testing
// evaluates traits when it lists the tests, even those the samples' `.disabled` trait skips.
import SyringeTesting

let app = Container()
enum AppContainer {
    static let live = Container()
}
var test: Test { value() }
var testCase: Test.Case? { value() }
var trait: TestContainerTrait { value() }
var body: @Sendable () async throws -> Void { value() }
var placeholder: PlaceholderResolved { value() }
var record: ResolutionRecord { value() }
var resolution: ResolutionRecord.Resolution { value() }
var traced: TracedResolution<Checkout> { value() }
final class Model: Sendable {
    func load() async {}
}
let model = Model()
final class Report {}
final class ProfileModel {}
final class ProfileLoader {}
protocol PaymentGateway {}
enum Shop {
    static func buy(cents: Int) -> Bool { true }
}
