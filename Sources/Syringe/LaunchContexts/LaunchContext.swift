/// How the process was launched: a condition under which registrations apply (``Container/whenLaunched(_:register:)``).
///
/// When registrations of one service apply in several contexts, the highest precedence wins, whatever the order
/// they were made in: ``argument(_:allowedInRelease:)``, ``environment(_:equals:)``, ``preview``, ``test``,
/// ``simulator``, ``debug``; a registration made outside any context applies only where no context's does.
///
/// ```swift
/// container.whenLaunched(.argument("-mockAPI"), .preview) { c in c.register(API.self) { _ in MockAPI() } }
/// ```
public struct LaunchContext: Sendable, Hashable, CustomStringConvertible {
    enum Condition: Sendable, Hashable {
        case argument(String, allowedInRelease: Bool)
        case environment(String, equals: String?)
        case preview, test, simulator, debug
    }

    let condition: Condition

    /// The process was launched with `argument` among its arguments, as UI tests pass them.
    ///
    /// In a release build of Syringe (no `DEBUG` condition) it matches only if `allowedInRelease`: anyone can launch
    /// a shipped app with any argument, so allow only what a UI test of it needs and is safe in a user's hands.
    ///
    /// ```swift
    /// container.whenLaunched(.argument("-uiTestStubs", allowedInRelease: true)) { c in
    ///     c.register(API.self) { _ in StubAPI() }
    /// }
    /// ```
    public static func argument(_ argument: String, allowedInRelease: Bool = false) -> LaunchContext {
        LaunchContext(condition: .argument(argument, allowedInRelease: allowedInRelease))
    }

    /// The environment variable `name` is set: to `value` if one is given, else to anything but the empty string.
    ///
    /// Never matches in a release build of Syringe (anyone can launch a shipped app with any environment).
    ///
    /// ```swift
    /// container.whenLaunched(.environment("API_STAGE")) { c in c.register(API.self) { _ in StagingAPI() } }
    /// ```
    public static func environment(_ name: String, equals value: String? = nil) -> LaunchContext {
        LaunchContext(condition: .environment(name, equals: value))
    }

    /// A SwiftUI preview: Xcode sets `XCODE_RUNNING_FOR_PREVIEWS=1`. Never matches in a release build of Syringe.
    ///
    /// ```swift
    /// container.whenLaunched(.preview) { c in c.register(API.self) { _ in PreviewAPI() } }
    /// ```
    public static let preview = LaunchContext(condition: .preview)

    /// A test run: XCTest or Swift Testing runs the process (recognized by what the test runners set).
    ///
    /// Never matches in a release build of Syringe, `swift test -c release` included.
    ///
    /// ```swift
    /// container.whenLaunched(.test) { c in c.register(Analytics.self) { _ in SilentAnalytics() } }
    /// ```
    public static let test = LaunchContext(condition: .test)

    /// The iOS, tvOS, watchOS or visionOS simulator (`SIMULATOR_DEVICE_NAME` is set); matches in release builds too.
    ///
    /// ```swift
    /// container.whenLaunched(.simulator) { c in c.register(Camera.self) { _ in StillCamera() } }
    /// ```
    public static let simulator = LaunchContext(condition: .simulator)

    /// A debug build: assertions are on (`-Onone`), as in Xcode's Debug configuration and `swift build`.
    ///
    /// ```swift
    /// container.whenLaunched(.debug) { c in c.register(Logger.self) { _ in VerboseLogger() } }
    /// ```
    public static let debug = LaunchContext(condition: .debug)

    /// Whether the context can match in a release build of Syringe: none a launch could switch on, unless allowed.
    var appliesInRelease: Bool {
        switch condition {
        case .argument(_, let allowedInRelease): allowedInRelease
        case .environment, .preview, .test: false
        case .simulator, .debug: true
        }
    }

    /// The rank of the context when several apply to one service: higher wins.
    var precedence: Int {
        switch condition {
        case .argument: 6
        case .environment: 5
        case .preview: 4
        case .test: 3
        case .simulator: 2
        case .debug: 1
        }
    }

    /// The context as written in code: `.argument("-mockAPI")`, `.preview`.
    ///
    /// ```swift
    /// print(LaunchContext.argument("-mockAPI"))  // .argument("-mockAPI")
    /// ```
    public var description: String {
        switch condition {
        case .argument(let argument, let allowedInRelease):
            ".argument(\"\(argument)\"" + (allowedInRelease ? ", allowedInRelease: true)" : ")")
        case .environment(let name, let value):
            ".environment(\"\(name)\"" + (value.map { ", equals: \"\($0)\"" } ?? "") + ")"
        case .preview, .test, .simulator, .debug: ".\(condition)"
        }
    }
}

/// Where launch contexts are read from: the process's arguments and environment (``process``, with the rules of a
/// release build in one), or values a test gives, which apply every context as given in any build. A test binds
/// one to ``current`` with `$current.withValue`.
///
/// ```swift
/// let uiTest = LaunchEnvironment(arguments: ["App", "-mockAPI"])
/// LaunchEnvironment.$current.withValue(uiTest) { AppAssembler.register(into: container) }  // sees "-mockAPI"
/// ```
public struct LaunchEnvironment: Sendable {
    /// The launch arguments, the executable's path first, as `CommandLine.arguments` gives them.
    ///
    /// ```swift
    /// let mocked = LaunchEnvironment.current.arguments.contains("-mockAPI")
    /// ```
    public let arguments: [String]

    /// Whether assertions are on in this build (`-Onone`).
    ///
    /// ```swift
    /// if LaunchEnvironment.current.isDebugBuild { print("debug") }
    /// ```
    public let isDebugBuild: Bool

    /// Whether only the contexts that apply in release do (``LaunchContext/appliesInRelease``): the process's source
    /// in a release build of Syringe, or a test's of those rules.
    let isReleaseBuild: Bool

    /// `nil` for the process's own.
    private let variables: [String: String]?

    /// A source with these arguments (the executable's path first) and environment variables, for tests; it
    /// applies every context as given, in any build configuration.
    ///
    /// ```swift
    /// let preview = LaunchEnvironment(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"])
    /// ```
    public init(arguments: [String] = [], environment: [String: String] = [:], isDebugBuild: Bool = false) {
        self.init(arguments: arguments, environment: environment, isDebugBuild: isDebugBuild, isReleaseBuild: false)
    }

    /// A source with these values that applies the release rules if `isReleaseBuild` (tests of those rules).
    init(
        arguments: [String] = [], environment: [String: String] = [:], isDebugBuild: Bool = false, isReleaseBuild: Bool
    ) {
        self.arguments = arguments
        self.variables = environment
        self.isDebugBuild = isDebugBuild
        self.isReleaseBuild = isReleaseBuild
    }

    /// The running process's source, with the release rules if `isReleaseBuild` (``process`` passes this build's).
    init(processArguments: [String], isDebugBuild: Bool, isReleaseBuild: Bool) {
        self.arguments = processArguments
        self.variables = nil
        self.isDebugBuild = isDebugBuild
        self.isReleaseBuild = isReleaseBuild
    }

    /// Whether Syringe itself is a release build: compiled without the `DEBUG` condition.
    static var isReleaseBuildOfSyringe: Bool {
        #if DEBUG
            false
        #else
            true
        #endif
    }

    /// Whether Syringe itself is built with assertions on (`-Onone`): `assert` evaluates its condition only then.
    static var assertsInSyringe: Bool {
        var on = false
        assert(
            {
                on = true
                return true
            }())
        return on
    }

    /// The running process: `CommandLine.arguments`, its environment variables, and whether this build has
    /// assertions on, with the rules of a release build in one (see ``LaunchContext``).
    ///
    /// ```swift
    /// let launchedForUITests = LaunchEnvironment.process.matches(.argument("-mockAPI"))
    /// ```
    public static var process: LaunchEnvironment {
        LaunchEnvironment(
            processArguments: CommandLine.arguments, isDebugBuild: assertsInSyringe,
            isReleaseBuild: isReleaseBuildOfSyringe
        )
    }

    /// The source launch contexts are read from: ``process`` unless a test binds another.
    ///
    /// ```swift
    /// LaunchEnvironment.$current.withValue(LaunchEnvironment(arguments: ["App", "-mockAPI"])) {
    ///     container.whenLaunched(.argument("-mockAPI")) { c in c.register(API.self) { _ in MockAPI() } }
    /// }
    /// ```
    @TaskLocal public static var current: LaunchEnvironment = .process

    /// The value of the environment variable `name`, or `nil` when it is not set.
    ///
    /// ```swift
    /// let stage = LaunchEnvironment.current.value(ofVariable: "API_STAGE")
    /// ```
    public func value(ofVariable name: String) -> String? {
        guard let variables else { return ProcessEnvironment.value(of: name) }
        return variables[name]
    }

    /// Whether `context` applies to this launch (for ``process`` in a release build, see ``LaunchContext``).
    ///
    /// ```swift
    /// if LaunchEnvironment.current.matches(.preview) { print("in a SwiftUI preview") }
    /// ```
    public func matches(_ context: LaunchContext) -> Bool {
        if isReleaseBuild && !context.appliesInRelease { return false }
        switch context.condition {
        case .argument(let argument, _):
            return arguments.contains(argument)
        case .environment(let name, let expected):
            guard let value = value(ofVariable: name) else { return false }
            return expected.map { value == $0 } ?? !value.isEmpty
        case .preview:
            return value(ofVariable: "XCODE_RUNNING_FOR_PREVIEWS") == "1"
        case .test:
            return isTestRun
        case .simulator:
            return isSet("SIMULATOR_DEVICE_NAME") || isSet("SIMULATOR_UDID")
        case .debug:
            return isDebugBuild
        }
    }

    private func isSet(_ name: String) -> Bool {
        value(ofVariable: name).map { !$0.isEmpty } ?? false
    }

    private var isTestRun: Bool {
        if isSet("XCTestConfigurationFilePath") || isSet("XCTestBundlePath") || isSet("XCTestSessionIdentifier") {
            return true
        }
        if let executable = arguments.first {
            // The `xctest` tool, an `.xctest` bundle's executable, or a path through a bundle (macOS).
            let components = executable.split(separator: "/")
            if components.last == "xctest" || components.contains(where: { $0.hasSuffix(".xctest") }) { return true }
        }
        return arguments.contains("--testing-library")
    }
}
