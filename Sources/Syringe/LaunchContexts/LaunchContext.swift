/// How the process was launched: a condition under which registrations apply (``Container/whenLaunched(_:register:)``).
///
/// A UI test passes a launch argument (`app.launchArguments = ["-mockAPI"]`) or an environment variable, Xcode
/// sets `XCODE_RUNNING_FOR_PREVIEWS=1` for SwiftUI previews, test runners load XCTest or Swift Testing, and the
/// simulator sets `SIMULATOR_DEVICE_NAME`: the same binary then registers mocks without a code change.
///
/// When registrations of one service apply in several contexts, the one of the context with the highest
/// precedence wins, whatever the order they were made in; a registration made outside any context applies only
/// where no context's does. From highest to lowest: ``argument(_:)``, ``environment(_:equals:)``, ``preview``,
/// ``test``, ``simulator``, ``debug``.
///
/// ```swift
/// container.register(API.self) { _ in LiveAPI() }
/// container.whenLaunched(.argument("-mockAPI"), .preview) { c in
///     c.register(API.self) { _ in MockAPI() }
/// }
/// ```
public struct LaunchContext: Sendable, Hashable, CustomStringConvertible {
    enum Condition: Sendable, Hashable {
        case argument(String)
        case environment(String, equals: String?)
        case preview, test, simulator, debug
    }

    let condition: Condition

    /// The process was launched with `argument` among its arguments, as UI tests pass them
    /// (`app.launchArguments = ["-mockAPI"]`).
    ///
    /// ```swift
    /// container.whenLaunched(.argument("-mockAPI")) { c in c.register(API.self) { _ in MockAPI() } }
    /// ```
    ///
    /// - Parameter argument: The whole argument, as passed (`"-mockAPI"`).
    /// - Returns: The context.
    public static func argument(_ argument: String) -> LaunchContext {
        LaunchContext(condition: .argument(argument))
    }

    /// The environment variable `name` is set: to `value` if one is given, else to anything but the empty string.
    ///
    /// ```swift
    /// container.whenLaunched(.environment("API_STAGE", equals: "staging")) { c in
    ///     c.register(API.self) { _ in StagingAPI() }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The variable's name.
    ///   - value: The value it must have; `nil` for any value but the empty string.
    /// - Returns: The context.
    public static func environment(_ name: String, equals value: String? = nil) -> LaunchContext {
        LaunchContext(condition: .environment(name, equals: value))
    }

    /// A SwiftUI preview: Xcode sets `XCODE_RUNNING_FOR_PREVIEWS=1`.
    ///
    /// ```swift
    /// container.whenLaunched(.preview) { c in c.register(API.self) { _ in PreviewAPI() } }
    /// ```
    public static let preview = LaunchContext(condition: .preview)

    /// A test run: XCTest or Swift Testing runs the process.
    ///
    /// Recognized by what test runners set: Xcode's `XCTestConfigurationFilePath`, `XCTestBundlePath` or
    /// `XCTestSessionIdentifier` variables, a process that is an `.xctest` bundle or the `xctest` tool, or Swift
    /// Testing's `--testing-library` argument (`swift test`).
    ///
    /// ```swift
    /// container.whenLaunched(.test) { c in c.register(Analytics.self) { _ in SilentAnalytics() } }
    /// ```
    public static let test = LaunchContext(condition: .test)

    /// The iOS, tvOS, watchOS or visionOS simulator: it sets `SIMULATOR_DEVICE_NAME` (or `SIMULATOR_UDID`).
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
        case .argument(let argument): ".argument(\"\(argument)\")"
        case .environment(let name, let value):
            ".environment(\"\(name)\"" + (value.map { ", equals: \"\($0)\"" } ?? "") + ")"
        case .preview: ".preview"
        case .test: ".test"
        case .simulator: ".simulator"
        case .debug: ".debug"
        }
    }
}

/// Where launch contexts are read from: the process's arguments and environment, or values given by a test.
///
/// ``current`` is the source ``Container/whenLaunched(_:register:)`` reads, the real process's unless a test binds
/// another with `$current.withValue`, so that every context can be tested on any platform.
///
/// ```swift
/// let uiTest = LaunchEnvironment(arguments: ["App", "-mockAPI"])
/// LaunchEnvironment.$current.withValue(uiTest) {
///     AppAssembler.register(into: container)  // sees the "-mockAPI" launch argument
/// }
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

    /// The given variables, or `nil` for the process's own.
    private let variables: [String: String]?

    /// A source with these arguments and environment variables, for tests of launch contexts.
    ///
    /// ```swift
    /// let preview = LaunchEnvironment(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"])
    /// ```
    ///
    /// - Parameters:
    ///   - arguments: The launch arguments, the executable's path first.
    ///   - environment: The environment variables.
    ///   - isDebugBuild: Whether ``LaunchContext/debug`` applies.
    public init(arguments: [String] = [], environment: [String: String] = [:], isDebugBuild: Bool = false) {
        self.arguments = arguments
        self.variables = environment
        self.isDebugBuild = isDebugBuild
    }

    private init(processArguments: [String], isDebugBuild: Bool) {
        self.arguments = processArguments
        self.variables = nil
        self.isDebugBuild = isDebugBuild
    }

    /// The running process: `CommandLine.arguments`, its environment variables, and whether this build has
    /// assertions on.
    ///
    /// ```swift
    /// let launchedForUITests = LaunchEnvironment.process.matches(.argument("-mockAPI"))
    /// ```
    public static var process: LaunchEnvironment {
        LaunchEnvironment(processArguments: CommandLine.arguments, isDebugBuild: _isDebugAssertConfiguration())
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
    ///
    /// - Parameter name: The variable's name.
    /// - Returns: Its value.
    public func value(ofVariable name: String) -> String? {
        guard let variables else { return ProcessEnvironment.value(of: name) }
        return variables[name]
    }

    /// Whether `context` applies to this launch.
    ///
    /// ```swift
    /// if LaunchEnvironment.current.matches(.preview) { print("in a SwiftUI preview") }
    /// ```
    ///
    /// - Parameter context: The context.
    /// - Returns: Whether it applies.
    public func matches(_ context: LaunchContext) -> Bool {
        switch context.condition {
        case .argument(let argument):
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
