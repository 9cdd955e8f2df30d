import BenchmarkModel
import Syringe

// Scenario group 12, autoregistration and multi-injection: what `autoregister` and `resolveAll` cost next to the
// code they replace.

/// A plugin for the multi-injection scenario: ten registrations of `any BenchmarkPlugin`.
protocol BenchmarkPlugin: AnyObject {
    var index: Int { get }
}

final class IndexedPlugin: BenchmarkPlugin {
    let index: Int
    init(_ index: Int) { self.index = index }
}

/// The autoregistration scenarios: an autoregistered service with three dependencies against the hand-written
/// closure registration (the same container layout, so the two Syringe columns compare directly) and against
/// hand-wired code; and `resolveAll` of ten registrations against building the array by hand.
func autoregistrationScenarios() -> [FeatureScenario] {
    func dependencies(in container: Container) {
        container.register(DependencyA.self) { _ in DependencyA() }.inObjectScope(.transient)
        container.register(DependencyB.self) { _ in DependencyB() }.inObjectScope(.transient)
        container.register(DependencyC.self) { _ in DependencyC() }.inObjectScope(.transient)
    }
    func three() -> ThreeDependencies { ThreeDependencies(a: DependencyA(), b: DependencyB(), c: DependencyC()) }

    let autoregistered = Container()
    dependencies(in: autoregistered)
    autoregistered.autoregister(ThreeDependencies.self, initializer: ThreeDependencies.init).inObjectScope(.transient)

    let handWritten = Container()
    dependencies(in: handWritten)
    handWritten.register(ThreeDependencies.self) { r in
        ThreeDependencies(
            a: r.resolve(DependencyA.self)!, b: r.resolve(DependencyB.self)!, c: r.resolve(DependencyC.self)!)
    }.inObjectScope(.transient)

    func checkThree(_ container: Container) -> [String] {
        guard let first = container.resolve(ThreeDependencies.self),
            let second = container.resolve(ThreeDependencies.self)
        else { return ["ThreeDependencies does not resolve"] }
        return first === second || first.a === second.a ? ["transient services were shared"] : []
    }

    let plugins = pluginContainer()

    return [
        FeatureScenario(
            "12 autoregistered service, three dependencies",
            handWired: { n in for _ in 0..<n { blackHole(three()) } },
            syringe: { n in for _ in 0..<n { blackHole(autoregistered.resolve(ThreeDependencies.self)!) } },
            check: { checkThree(autoregistered) }
        ),
        FeatureScenario(
            "12 hand-written closure, three dependencies (autoregistration's baseline)",
            handWired: { n in for _ in 0..<n { blackHole(three()) } },
            syringe: { n in for _ in 0..<n { blackHole(handWritten.resolve(ThreeDependencies.self)!) } },
            check: { checkThree(handWritten) }
        ),
        FeatureScenario(
            "12 resolveAll of 10 registrations",
            handWired: { n in for _ in 0..<n { blackHole(handWiredPlugins()) } },
            syringe: { n in for _ in 0..<n { blackHole(plugins.resolveAll((any BenchmarkPlugin).self)) } },
            check: {
                let all = plugins.resolveAll((any BenchmarkPlugin).self)
                let again = plugins.resolveAll((any BenchmarkPlugin).self)
                var failures: [String] = []
                if all.map(\.index) != Array(0..<10) { failures.append("order \(all.map(\.index))") }
                if zip(all, again).contains(where: { $0 === $1 }) { failures.append("transient plugins were shared") }
                if handWiredPlugins().map(\.index) != Array(0..<10) { failures.append("hand-wired order") }
                return failures
            }
        ),
    ]
}

/// A container with ten transient registrations of `any BenchmarkPlugin`, named `plugin0` to `plugin9`.
private func pluginContainer() -> Container {
    let plugins = Container()
    for index in 0..<10 {
        plugins.register((any BenchmarkPlugin).self, name: "plugin\(index)") { _ in IndexedPlugin(index) }
            .inObjectScope(.transient)
    }
    return plugins
}

/// The ten plugins, built by hand.
private func handWiredPlugins() -> [any BenchmarkPlugin] {
    [
        IndexedPlugin(0), IndexedPlugin(1), IndexedPlugin(2), IndexedPlugin(3), IndexedPlugin(4),
        IndexedPlugin(5), IndexedPlugin(6), IndexedPlugin(7), IndexedPlugin(8), IndexedPlugin(9),
    ]
}

/// `resolveAll`'s baseline: the same ten registrations resolved one by one, by name, into an array. Listed last in
/// group 12, so that the indices of the other rows (`--profile feature-N`) stay as they were.
func multiInjectionBaselineScenarios() -> [FeatureScenario] {
    let plugins = pluginContainer()
    let names = (0..<10).map { "plugin\($0)" }
    func oneByOne() -> [any BenchmarkPlugin] {
        var all: [any BenchmarkPlugin] = []
        all.reserveCapacity(names.count)
        for name in names { all.append(plugins.resolve((any BenchmarkPlugin).self, name: name)!) }
        return all
    }
    return [
        FeatureScenario(
            "12 resolve the same 10 registrations one by one (resolveAll's baseline)",
            handWired: { n in for _ in 0..<n { blackHole(handWiredPlugins()) } },
            syringe: { n in for _ in 0..<n { blackHole(oneByOne()) } },
            check: {
                let all = oneByOne()
                let again = oneByOne()
                var failures: [String] = []
                if all.map(\.index) != Array(0..<10) { failures.append("order \(all.map(\.index))") }
                if zip(all, again).contains(where: { $0 === $1 }) { failures.append("transient plugins were shared") }
                return failures
            }
        )
    ]
}
