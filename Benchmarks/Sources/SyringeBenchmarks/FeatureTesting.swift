import BenchmarkModel
import Syringe

// Scenario group 12, per-test containers: deriving a test's container from the app's configured container
// (`app.derived()`) must not copy the app's registrations, so its cost is flat in the app's size. Each row
// derives a container and resolves one service: a container-scoped service of the app with one dependency,
// which the derived container makes and keeps for itself. Hand-wired: constructing the object directly.

/// The app service the test resolves: a singleton of the app with one dependency.
final class TestedService {
    let dependency: Leaf
    init(dependency: Leaf) { self.dependency = dependency }
}

/// An app container with `count` registrations, `TestedService` and its dependency among them.
private func testingApp(registrations count: Int) -> Container {
    let app = Container()
    app.register(Leaf.self) { _ in Leaf() }
    app.register(TestedService.self) { r in TestedService(dependency: r.resolve(Leaf.self)!) }
        .inObjectScope(.container)
    for index in 0..<max(0, count - 2) {
        app.register(Leaf.self, name: "filler-\(index)") { _ in Leaf() }
    }
    return app
}

/// One row: derive from an app of `count` registrations and resolve `TestedService`.
private func derivationScenario(registrations count: Int, label: String) -> FeatureScenario {
    let app = testingApp(registrations: count)
    _ = app.resolve(TestedService.self)  // the app's own singleton exists before the tests, as in a real app
    return FeatureScenario(
        "12 derive a per-test container from \(label) registrations and resolve one service",
        handWired: { n in
            for _ in 0..<n { blackHole(TestedService(dependency: Leaf())) }
        },
        syringe: { n in
            for _ in 0..<n {
                let test = app.derived()
                blackHole(test.resolve(TestedService.self))
            }
        },
        check: {
            var failures: [String] = []
            let appService = app.resolve(TestedService.self)
            let test = app.derived { c in c.register(Leaf.self) { _ in Leaf() } }
            let testService = test.resolve(TestedService.self)
            if testService == nil { failures.append("the derived container did not resolve the app's service") }
            if testService === appService { failures.append("the derived container shared the app's singleton") }
            if test.resolve(TestedService.self) !== testService {
                failures.append("the derived container did not keep its own singleton")
            }
            if app.resolve(TestedService.self) !== appService { failures.append("deriving changed the app") }
            return failures
        }
    )
}

/// The per-test container rows: 10, 1,000 and 10,000 registrations, to show the cost is flat.
func testingScenarios() -> [FeatureScenario] {
    [
        derivationScenario(registrations: 1_000, label: "1,000"),
        derivationScenario(registrations: 10, label: "10"),
        derivationScenario(registrations: 10_000, label: "10,000"),
    ]
}
