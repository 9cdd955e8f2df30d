import Syringe
import Testing

private protocol API: Sendable {
    var source: String { get }
}

private struct FakeAPI: API {
    let source: String
}

/// The source of a launch made with these arguments and variables.
private func launch(
    _ arguments: [String] = [], _ environment: [String: String] = [:], debug: Bool = false
) -> LaunchEnvironment {
    LaunchEnvironment(arguments: ["/app/App"] + arguments, environment: environment, isDebugBuild: debug)
}

/// Registers `source` as the API in `context`.
private func register(_ source: String, in context: LaunchContext, on container: Container) {
    container.whenLaunched(context) { c in
        c.register((any API).self) { _ in FakeAPI(source: source) }
    }
}

private func source(_ container: Container) -> String? {
    container.resolve((any API).self)?.source
}

@Suite("Launch contexts: registrations that apply only when the process was launched a certain way")
struct LaunchContextTests {
    @Test(
        "each context matches its launch and no other",
        arguments: [
            (LaunchContext.argument("-mockAPI"), launch(["-mockAPI"]), launch(["-mockAPIs", "mockAPI"])),
            (.environment("API_STAGE"), launch([], ["API_STAGE": "beta"]), launch([], ["API_STAGE": ""])),
            (
                .environment("API_STAGE", equals: "beta"), launch([], ["API_STAGE": "beta"]),
                launch([], ["API_STAGE": "prod"])
            ),
            (
                .preview, launch([], ["XCODE_RUNNING_FOR_PREVIEWS": "1"]),
                launch([], ["XCODE_RUNNING_FOR_PREVIEWS": "0"])
            ),
            (.test, launch([], ["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"]), launch()),
            (.test, LaunchEnvironment(arguments: ["/build/AppPackageTests.xctest"]), launch(["-xctest"])),
            (.test, LaunchEnvironment(arguments: ["/usr/bin/xctest", "Bundle.xctest"]), launch()),
            (.test, launch(["--testing-library", "swift-testing"]), launch(["--testing"])),
            (.simulator, launch([], ["SIMULATOR_DEVICE_NAME": "iPhone 17"]), launch([], ["SIMULATOR_DEVICE_NAME": ""])),
            (.simulator, launch([], ["SIMULATOR_UDID": "1234"]), launch([], ["SIMULATOR_HOST_HOME": "/Users/a"])),
            (.debug, launch(debug: true), launch(debug: false)),
        ]
    )
    func matches(context: LaunchContext, matching: LaunchEnvironment, other: LaunchEnvironment) {
        #expect(matching.matches(context))
        #expect(!other.matches(context))
        let container = Container()
        LaunchEnvironment.$current.withValue(matching) { register("in \(context)", in: context, on: container) }
        #expect(source(container) == "in \(context)")
        let unmatched = Container()
        LaunchEnvironment.$current.withValue(other) { register("in \(context)", in: context, on: unmatched) }
        #expect(unmatched.resolve((any API).self) == nil)
    }

    @Test("the closure runs only in a matching launch, and the call says whether it did")
    func runsOnlyWhenMatching() {
        let container = Container()
        var runs = 0
        let matched = LaunchEnvironment.$current.withValue(launch()) {
            container.whenLaunched(.argument("-mockAPI"), .preview) { _ in runs += 1 }
        }
        #expect(!matched && runs == 0)
        let matchedPreview = LaunchEnvironment.$current.withValue(launch([], ["XCODE_RUNNING_FOR_PREVIEWS": "1"])) {
            container.whenLaunched(.argument("-mockAPI"), .preview) { _ in runs += 1 }
        }
        #expect(matchedPreview && runs == 1)
    }

    @Test("a context's registration wins over the one made outside any context, made before or after it")
    func orderIndependent() {
        LaunchEnvironment.$current.withValue(launch(["-mockAPI"])) {
            let before = Container()
            before.register((any API).self) { _ in FakeAPI(source: "live") }
            register("mock", in: .argument("-mockAPI"), on: before)
            #expect(source(before) == "mock")

            let after = Container()
            register("mock", in: .argument("-mockAPI"), on: after)
            after.register((any API).self) { _ in FakeAPI(source: "live") }.inObjectScope(.container)
            #expect(source(after) == "mock")
            // Other services and names are registered as usual.
            after.register((any API).self, name: "other") { _ in FakeAPI(source: "live") }
            #expect(after.resolve((any API).self, name: "other")?.source == "live")
        }
    }

    @Test(
        "when several contexts apply, the highest precedence wins whatever the order: argument, environment, preview, test, simulator, debug"
    )
    func precedence() {
        let all = launch(
            ["-mockAPI"],
            [
                "API_STAGE": "beta", "XCODE_RUNNING_FOR_PREVIEWS": "1", "XCTestBundlePath": "/b.xctest",
                "SIMULATOR_DEVICE_NAME": "iPhone",
            ],
            debug: true
        )
        let ranked: [LaunchContext] = [
            .argument("-mockAPI"), .environment("API_STAGE"), .preview, .test, .simulator, .debug,
        ]
        LaunchEnvironment.$current.withValue(all) {
            for winner in ranked.indices {
                let candidates = Array(ranked[winner...])
                // Lowest first, then highest first: the same winner.
                for order in [candidates.reversed(), candidates] {
                    let container = Container()
                    container.register((any API).self) { _ in FakeAPI(source: "live") }
                    for context in order { register("\(context)", in: context, on: container) }
                    #expect(source(container) == "\(ranked[winner])")
                }
            }
        }
    }

    @Test("a registration in a context of equal precedence replaces the earlier one, as registering again does")
    func equalPrecedence() {
        LaunchEnvironment.$current.withValue(launch(["-a", "-b"])) {
            let container = Container()
            register("a", in: .argument("-a"), on: container)
            register("b", in: .argument("-b"), on: container)
            #expect(source(container) == "b")
        }
    }

    @Test("a context's registration that is unregistered no longer holds the key")
    func unregistered() {
        LaunchEnvironment.$current.withValue(launch(["-mockAPI"])) {
            let container = Container()
            register("mock", in: .argument("-mockAPI"), on: container)
            container.unregister((any API).self)
            container.register((any API).self) { _ in FakeAPI(source: "live") }
            #expect(source(container) == "live")
        }
    }

    @Test("another container registered into inside the closure is not affected by the context")
    func otherContainer() {
        LaunchEnvironment.$current.withValue(launch(["-mockAPI"])) {
            let container = Container()
            let other = Container()
            container.whenLaunched(.argument("-mockAPI")) { _ in
                other.register((any API).self) { _ in FakeAPI(source: "mock") }
            }
            other.register((any API).self) { _ in FakeAPI(source: "live") }
            #expect(source(other) == "live")
        }
    }

    @Test("an override limited to a context applies only in that launch")
    func overrides() {
        let app = Container()
        app.register((any API).self) { _ in FakeAPI(source: "live") }
        for (environment, expected) in [(launch(["-mockAPI"]), "mock"), (launch(), "live")] {
            let seen = LaunchEnvironment.$current.withValue(environment) {
                app.withOverrides { c in
                    register("mock", in: .argument("-mockAPI"), on: c)
                } operation: { c in
                    source(c)
                }
            }
            #expect(seen == expected)
        }
        #expect(source(app) == "live")
    }

    @Test("a context prints as written in code")
    func description() {
        #expect(LaunchContext.environment("A", equals: "b").description == ".environment(\"A\", equals: \"b\")")
        #expect(LaunchContext.argument("-mockAPI").description == ".argument(\"-mockAPI\")")
    }
}
