// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Syringe",
    // The Apple minimums: those Swift concurrency back-deploys to. The code uses nothing newer without
    // `@available` (ResolutionTrace.Step.duration needs macOS 13); Scripts/apple-availability.sh checks it, at
    // these versions, on every CI run (Documentation/Versioning.md). Atomics and locks come from the C target
    // CSyringeRuntime (C11 and POSIX), the same on every platform. Linux has no minimum here.
    // Tools 6.2: `AutoCreatable: SendableMetatype` needs the Swift 6.2 compiler.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "Syringe", targets: ["Syringe"]),
        .library(name: "SyringeTesting", targets: ["SyringeTesting"]),
        // The same library as one shared copy, for apps whose several frameworks each use Syringe
        // (Documentation/Versioning.md, "One copy of the library"). .ci/run builds and links it.
        .library(name: "SyringeDynamic", type: .dynamic, targets: ["Syringe"]),
    ],
    targets: [
        // The C half of the runtime (Sources/Syringe/Runtime/README.md): C11 atomics and POSIX threads, one
        // implementation for every platform.
        .target(name: "CSyringeRuntime"),
        .target(name: "Syringe", dependencies: ["CSyringeRuntime"], exclude: ["Runtime/README.md"]),
        .target(name: "SyringeTesting", dependencies: ["Syringe"]),
        .executableTarget(name: "BasicUsage", dependencies: ["Syringe"], path: "Examples/BasicUsage"),
        .executableTarget(name: "AsyncTopLevel", dependencies: ["Syringe"], path: "Examples/AsyncTopLevel"),
        // Examples that check what they print and exit non-zero when a check fails; .ci/run runs them.
        .executableTarget(name: "FeatureModules", dependencies: ["Syringe"], path: "Examples/FeatureModules"),
        .executableTarget(name: "AsyncServices", dependencies: ["Syringe"], path: "Examples/AsyncServices"),
        .executableTarget(name: "DeclaredKeys", dependencies: ["Syringe"], path: "Examples/DeclaredKeys"),
        // Written for Swinject 2.10 and kept so, but for `import Syringe`: Swift 5 mode, `Animal.self` spelling.
        .executableTarget(
            name: "SwinjectApp",
            dependencies: ["Syringe"],
            path: "Examples/SwinjectApp",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "SyringeTests", dependencies: ["Syringe", "SyringeTesting"]),
        // The ```swift blocks of README.md, Documentation/ and the DocC catalog, compiled and run as written
        // (CONTRIBUTING.md, "Writing samples").
        .executableTarget(name: "SampleExtractor", path: "Sources/SampleExtractor"),
        .plugin(name: "DocumentationSamples", capability: .buildTool(), dependencies: ["SampleExtractor"]),
        .testTarget(
            name: "SyringeDocumentationTests",
            // TestingExample: Documentation/Testing.md shows that example's tests, which import it.
            dependencies: ["Syringe", "SyringeTesting", "TestingExample"],
            plugins: ["DocumentationSamples"]
        ),
        // The ```swift blocks of the `///` comments of Sources/Syringe and Sources/SyringeTesting, compiled (not
        // run) by the same plugin: one program per folder (CONTRIBUTING.md, "Samples in doc comments").
        // A module of their own, so their #sourceLocation paths never share a file name with the pages'.
        .testTarget(
            name: "SyringeDocCommentTests",
            dependencies: ["Syringe", "SyringeTesting"],
            plugins: ["DocumentationSamples"]
        ),
        // A user's library and its tests with SyringeTesting, run by `swift test`.
        .target(name: "TestingExample", dependencies: ["Syringe"], path: "Examples/TestingExample/Sources"),
        .testTarget(
            name: "TestingExampleTests", dependencies: ["TestingExample", "SyringeTesting"],
            path: "Examples/TestingExample/Tests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming language features, switched on for every target so the code base stays ready for them.
// - ExistentialAny: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
// - MemberImportVisibility: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
// - InternalImportsByDefault: https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
// - NonisolatedNonsendingByDefault, in the library: every non-isolated `async` function and closure type of its
//   runs on its caller's executor (an `async` factory awaited from main-actor code stays on the main actor), unless
//   marked `@concurrent`. https://github.com/swiftlang/swift-evolution/blob/main/proposals/0461-async-function-isolation.md
for target in package.targets where target.type != .plugin && target.name != "CSyringeRuntime" {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    // The documentation's samples and the Swinject example compile as a user's code does: Swinject-style
    // `Animal.self` stays legal there.
    if !["SyringeDocumentationTests", "SyringeDocCommentTests", "SwinjectApp"].contains(target.name) {
        settings.append(.enableUpcomingFeature("ExistentialAny"))
    }
    if target.name == "Syringe" {
        settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))
    }
    target.swiftSettings = settings
}
