// swift-tools-version: 6.0
import PackageDescription

// Side-by-side benchmarks of Syringe, Swinject 2.10 and hand-written wiring. A separate package, so the
// library itself keeps zero dependencies. Run from the repository root:
//
//     swift run -c release --package-path Benchmarks SyringeBenchmarks
let package = Package(
    name: "SyringeBenchmarks",
    dependencies: [
        // Named, because a package found by path takes the name of its folder (a checkout may be named anything).
        .package(name: "Syringe", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
    ],
    targets: [
        // C support: counts heap allocations by interposing `malloc` and friends (glibc only; elsewhere it
        // counts nothing), and pins a thread to a CPU (Linux).
        .target(name: "BenchmarkSupport"),
        .executableTarget(
            name: "SyringeBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Syringe", package: "Syringe"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
