// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Syringe",
    // The Apple minimums the code needs: a generic type with a parameter pack (ArgumentConverter<each Argument>)
    // needs the Swift 5.9 runtime (macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1); Duration and
    // ContinuousClock need macOS 13. Synchronization.Mutex/Atomic (macOS 15) are used on Linux only. Linux has
    // no minimum here: it builds with the Swift 6 toolchain.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Syringe", targets: ["Syringe"]),
        .library(name: "SyringeTesting", targets: ["SyringeTesting"]),
        // The same library as one shared copy, for apps whose several frameworks each use Syringe
        // (Documentation/Versioning.md, "One copy of the library"). .ci/run builds and links it.
        .library(name: "SyringeDynamic", type: .dynamic, targets: ["Syringe"]),
    ],
    targets: [
        .target(name: "Syringe"),
        .target(name: "SyringeTesting", dependencies: ["Syringe"]),
        .executableTarget(name: "BasicUsage", dependencies: ["Syringe"], path: "Examples/BasicUsage"),
        .executableTarget(name: "AsyncTopLevel", dependencies: ["Syringe"], path: "Examples/AsyncTopLevel"),
        // Examples that check what they print and exit non-zero when a check fails; .ci/run runs them.
        .executableTarget(name: "FeatureModules", dependencies: ["Syringe"], path: "Examples/FeatureModules"),
        .executableTarget(name: "AsyncServices", dependencies: ["Syringe"], path: "Examples/AsyncServices"),
        // Written for Swinject 2.10 and kept so, but for `import Syringe`: Swift 5 mode, `Animal.self` spelling.
        .executableTarget(
            name: "SwinjectApp",
            dependencies: ["Syringe"],
            path: "Examples/SwinjectApp",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "SyringeTests", dependencies: ["Syringe", "SyringeTesting"]),
        // The ```swift blocks of README.md, Documentation/ and the DocC catalog, compiled and run as written
        // (Documentation/README.md, "Writing samples").
        .executableTarget(name: "SampleExtractor", path: "Sources/SampleExtractor"),
        .plugin(name: "DocumentationSamples", capability: .buildTool(), dependencies: ["SampleExtractor"]),
        .testTarget(
            name: "SyringeDocumentationTests",
            // TestingExample: Documentation/Testing.md shows that example's tests, which import it.
            dependencies: ["Syringe", "SyringeTesting", "TestingExample"],
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
for target in package.targets where target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    // The documentation's samples and the Swinject example compile as a user's code does: Swinject-style
    // `Animal.self` stays legal there.
    if !["SyringeDocumentationTests", "SwinjectApp"].contains(target.name) {
        settings.append(.enableUpcomingFeature("ExistentialAny"))
    }
    target.swiftSettings = settings
}
