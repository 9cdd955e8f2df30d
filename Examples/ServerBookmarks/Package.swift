// swift-tools-version: 6.2
import PackageDescription

// A Hummingbird 2 service built on Syringe: the example of Documentation/ServerSide.md. A package of its own, so the
// library keeps zero dependencies. CI builds and tests it:
//
//     swift test --package-path Examples/ServerBookmarks --scratch-path .build-server-example
//
// Run it with `swift run --package-path Examples/ServerBookmarks --scratch-path .build-server-example`.
let package = Package(
    name: "ServerBookmarks",
    // macOS 15 for `Synchronization.Mutex`; Hummingbird needs 14.
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, because a package found by path takes the name of its folder (a checkout may be named anything).
        .package(name: "Syringe", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // The service: composition root, routes, request scope, lifecycle and logging.
        .target(
            name: "BookmarksApp",
            dependencies: [
                .product(name: "Syringe", package: "Syringe"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `main`: builds the app and runs it until SIGTERM or SIGINT.
        .executableTarget(
            name: "ServerBookmarks", dependencies: ["BookmarksApp", .product(name: "Syringe", package: "Syringe")]),
        .testTarget(
            name: "BookmarksAppTests",
            dependencies: [
                "BookmarksApp",
                .product(name: "SyringeTesting", package: "Syringe"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
