// Launch contexts in a release build of Syringe, in a real process (CI, .ci/run, "Launch contexts in a release
// build"): run with every launch a context reads switched on, it checks that only the contexts a shipped app's launch
// cannot switch on, and the argument the app allows, apply. Exits non-zero on a wrong result.
//
//     XCODE_RUNNING_FOR_PREVIEWS=1 XCTestConfigurationFilePath=/tmp/none API_STAGE=beta \
//         swift run -c release --package-path Benchmarks --scratch-path .build-benchmarks LaunchContextRelease \
//         -mockAPI -uiTestStubs --testing-library swift-testing

import Foundation
import Syringe

protocol Mode: Sendable {
    var name: String { get }
}

struct NamedMode: Mode {
    let name: String
}

let process = LaunchEnvironment.process
var failures = 0

@MainActor func check(_ what: String, _ holds: Bool) {
    print("\(holds ? "ok  " : "FAIL") \(what)")
    if !holds { failures += 1 }
}

// The launch must switch every context on, or the checks below prove nothing.
let arguments = ["-mockAPI", "-uiTestStubs", "--testing-library"]
let variables = ["XCODE_RUNNING_FOR_PREVIEWS": "1", "XCTestConfigurationFilePath": nil, "API_STAGE": "beta"]
for argument in arguments {
    check("launched with \(argument)", process.arguments.contains(argument))
}
for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
    let actual = process.value(ofVariable: name)
    check("launched with \(name)=\(actual ?? "(unset)")", actual != nil && (value == nil || actual == value))
}
check("assertions are off (a release build)", !process.isDebugBuild)

let expectations: [(LaunchContext, matches: Bool)] = [
    (.preview, false),
    (.test, false),
    (.environment("API_STAGE"), false),
    (.environment("API_STAGE", equals: "beta"), false),
    (.argument("-mockAPI"), false),
    (.argument("-uiTestStubs", allowedInRelease: true), true),
    (.argument("-notPassed", allowedInRelease: true), false),
    (.debug, false),
]

let container = Container()
container.register((any Mode).self) { _ in NamedMode(name: "live") }
for (context, expected) in expectations {
    let matched = container.whenLaunched(context) { c in
        c.register((any Mode).self) { _ in NamedMode(name: "\(context)") }
    }
    check(
        "\(context) \(matched ? "matches" : "does not match") (expected: \(expected ? "matches" : "does not"))",
        matched == expected && process.matches(context) == expected)
}
let resolved = container.resolve((any Mode).self)?.name ?? "nothing"
check(
    "resolves the allowed argument's registration: \(resolved)",
    resolved == "\(LaunchContext.argument("-uiTestStubs", allowedInRelease: true))")

if failures > 0 {
    print("\(failures) failed check(s): launch contexts do not follow the release rules")
    exit(1)
}
print("launch contexts follow the release rules")
