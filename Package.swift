// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Syringe",
    products: [
        .library(name: "Syringe", targets: ["Syringe"]),
        .library(name: "SyringeTesting", targets: ["SyringeTesting"]),
    ],
    targets: [
        .target(name: "Syringe"),
        .target(name: "SyringeTesting", dependencies: ["Syringe"]),
        .executableTarget(name: "BasicUsage", dependencies: ["Syringe"], path: "Examples/BasicUsage"),
        .testTarget(name: "SyringeTests", dependencies: ["Syringe", "SyringeTesting"]),
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
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    target.swiftSettings = settings
}
