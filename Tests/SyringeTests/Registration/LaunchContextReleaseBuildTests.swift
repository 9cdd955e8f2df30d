import Testing

@testable import Syringe

// The release rules of launch contexts, tested in any build configuration: a source bound to
// `LaunchEnvironment.current` with `isReleaseBuild` set (the internal seam) is what `LaunchEnvironment.process` is in a
// release build of Syringe. Benchmarks/Sources/LaunchContextRelease checks the real release build (CI).

private protocol Mode: Sendable {
    var source: String { get }
}

private struct FakeMode: Mode {
    let source: String
}

/// The source of a launch with these arguments and variables, in a debug or a release build of Syringe.
private func launch(
    _ arguments: [String] = [], _ environment: [String: String] = [:], debug: Bool = false, release: Bool
) -> LaunchEnvironment {
    LaunchEnvironment(
        arguments: ["/app/App"] + arguments, environment: environment, isDebugBuild: debug, isReleaseBuild: release)
}

/// Which registration of the mode a container built under `environment` resolves: the live one made outside any
/// context, or the one made in `context`.
private func resolved(in context: LaunchContext, under environment: LaunchEnvironment) -> (String?, ran: Bool) {
    let container = Container()
    container.register((any Mode).self) { _ in FakeMode(source: "live") }
    var ran = false
    let matched = LaunchEnvironment.$current.withValue(environment) {
        container.whenLaunched(context) { c in
            ran = true
            c.register((any Mode).self) { _ in FakeMode(source: "\(context)") }
        }
    }
    #expect(matched == ran)
    return (container.resolve((any Mode).self)?.source, ran)
}

/// A launch that switches every context on, and whether each context matches it in a release build.
private let everything: [String: String] = [
    "API_STAGE": "beta", "XCODE_RUNNING_FOR_PREVIEWS": "1", "XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration",
    "SIMULATOR_DEVICE_NAME": "iPhone 17",
]
private let everyArgument = ["-mockAPI", "-uiTestStubs", "--testing-library", "swift-testing"]

@Suite("Launch contexts in a release build: only what a launch cannot switch on, and arguments the app allows")
struct LaunchContextReleaseBuildTests {
    @Test(
        "in a release build, preview, test, environment and a not-allowed argument never match; an allowed argument, simulator and debug do",
        arguments: [
            (LaunchContext.argument("-mockAPI"), false),
            (.argument("-uiTestStubs", allowedInRelease: true), true),
            (.environment("API_STAGE"), false),
            (.environment("API_STAGE", equals: "beta"), false),
            (.preview, false),
            (.test, false),
            (.simulator, true),
            (.debug, true),
        ]
    )
    func releaseRules(context: LaunchContext, matchesInRelease: Bool) {
        let debugLaunch = launch(everyArgument, everything, debug: true, release: false)
        let releaseLaunch = launch(everyArgument, everything, debug: true, release: true)
        // In a debug build every context matches this launch.
        #expect(debugLaunch.matches(context))
        #expect(resolved(in: context, under: debugLaunch) == ("\(context)", ran: true))
        // In a release build only those that may.
        #expect(releaseLaunch.matches(context) == matchesInRelease)
        let expected = matchesInRelease ? ("\(context)", ran: true) : ("live", ran: false)
        #expect(resolved(in: context, under: releaseLaunch) == expected)
    }

    @Test(
        "in a release build, each way a test run is recognized is ignored",
        arguments: [
            launch([], ["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"], release: true),
            launch([], ["XCTestBundlePath": "/b.xctest"], release: true),
            launch(["--testing-library", "swift-testing"], release: true),
            LaunchEnvironment(arguments: ["/build/AppPackageTests.xctest"], isReleaseBuild: true),
            LaunchEnvironment(arguments: ["/usr/bin/xctest", "Bundle.xctest"], isReleaseBuild: true),
        ]
    )
    func testRunInRelease(environment: LaunchEnvironment) {
        #expect(!environment.matches(.test))
        #expect(resolved(in: .test, under: environment) == ("live", ran: false))
    }

    @Test("an argument allowed in release still matches only when the process was launched with it")
    func allowedArgumentNeedsTheArgument() {
        for release in [false, true] {
            let context = LaunchContext.argument("-uiTestStubs", allowedInRelease: true)
            #expect(resolved(in: context, under: launch(["-uiTestStubsX"], release: release)) == ("live", ran: false))
            #expect(resolved(in: context, under: launch(["-uiTestStubs"], release: release)).ran)
        }
    }

    @Test("in a debug build, allowing an argument in release changes nothing: both forms match the same launches")
    func allowedArgumentInDebug() {
        let allowed = LaunchContext.argument("-mockAPI", allowedInRelease: true)
        let plain = LaunchContext.argument("-mockAPI")
        for arguments in [["-mockAPI"], [], ["-mockAPIs"]] {
            let debugLaunch = launch(arguments, release: false)
            #expect(debugLaunch.matches(allowed) == debugLaunch.matches(plain))
        }
        #expect(allowed != plain)
        #expect(plain == .argument("-mockAPI", allowedInRelease: false))
        #expect(allowed.description == ".argument(\"-mockAPI\", allowedInRelease: true)")
        #expect(plain.description == ".argument(\"-mockAPI\")")
    }

    @Test("in a release build, a contexts list matches by its allowed members only, with the usual precedence")
    func precedenceInRelease() {
        let releaseLaunch = launch(everyArgument, everything, debug: true, release: true)
        LaunchEnvironment.$current.withValue(releaseLaunch) {
            let container = Container()
            container.register((any Mode).self) { _ in FakeMode(source: "live") }
            let contexts: [LaunchContext] = [
                .argument("-mockAPI"), .environment("API_STAGE"), .preview, .test,
                .argument("-uiTestStubs", allowedInRelease: true), .simulator, .debug,
            ]
            for context in contexts {
                container.whenLaunched(context) { c in
                    c.register((any Mode).self) { _ in FakeMode(source: "\(context)") }
                }
            }
            #expect(container.resolve((any Mode).self)?.source == ".argument(\"-uiTestStubs\", allowedInRelease: true)")
            // A list with no member that may match in release does not run its closure.
            var ran = false
            #expect(
                !container.whenLaunched(.preview, .test, .environment("API_STAGE"), .argument("-mockAPI")) { _ in
                    ran = true
                })
            #expect(!ran)
            #expect(container.whenLaunched(.preview, .simulator) { _ in ran = true })
            #expect(ran)
        }
    }

    @Test("a source made from given values applies every context, in any build configuration")
    func givenSourceIsNotRelease() {
        let given = LaunchEnvironment(arguments: ["/app/App", "-mockAPI"], environment: everything)
        #expect(!given.isReleaseBuild)
        for context: LaunchContext in [.argument("-mockAPI"), .environment("API_STAGE"), .preview, .test] {
            #expect(given.matches(context))
        }
    }

    @Test("the process's own source follows Syringe's build configuration")
    func realProcess() {
        let process = LaunchEnvironment.process
        #expect(process.isReleaseBuild == LaunchEnvironment.isReleaseBuildOfSyringe)
        #expect(process.arguments == CommandLine.arguments)
        #expect(process.value(ofVariable: "PATH") != nil)
        #expect(process.value(ofVariable: "SYRINGE_NO_SUCH_VARIABLE_EVER") == nil)
        #expect(!process.matches(.argument("-syringeNoSuchArgument")))
        // `swift test -c release` builds Syringe in release: there neither matches.
        #expect(process.matches(.test) == !LaunchEnvironment.isReleaseBuildOfSyringe)
        #expect(process.matches(.environment("PATH")) == !LaunchEnvironment.isReleaseBuildOfSyringe)

        // The same process read with each configuration's rules.
        let asDebug = LaunchEnvironment(
            processArguments: CommandLine.arguments, isDebugBuild: true, isReleaseBuild: false)
        let asRelease = LaunchEnvironment(
            processArguments: CommandLine.arguments, isDebugBuild: false, isReleaseBuild: true)
        #expect(asDebug.matches(.test) && asDebug.matches(.environment("PATH")))
        #expect(!asRelease.matches(.test) && !asRelease.matches(.environment("PATH")))
        #expect(asRelease.value(ofVariable: "PATH") != nil)
    }
}
