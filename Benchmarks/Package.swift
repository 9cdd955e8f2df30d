// swift-tools-version: 6.0
import PackageDescription

// Side-by-side benchmarks of Syringe, Swinject 2.10 and hand-written wiring, and the differential test that runs
// the same random programs on Syringe and Swinject and compares what they do. A separate package, so the library
// itself keeps zero dependencies. Run from the repository root:
//
//     swift run -c release --package-path Benchmarks SyringeBenchmarks
//     swift run --package-path Benchmarks --scratch-path .build-benchmarks Differential --seeds 0..<500
/// The programs of scenario group 13 and the library each links.
let codeSizeVariants: [(name: String, library: String?)] = [
    ("Empty", nil), ("Syringe1", "Syringe"), ("Syringe50", "Syringe"), ("Swinject1", "Swinject"),
    ("Swinject50", "Swinject"),
]

let package = Package(
    name: "SyringeBenchmarks",
    platforms: [.macOS(.v10_15)],  // Syringe's minimum (see its Package.swift)
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
        // The differential test. Both libraries name their types `Container`, `Resolver`, `ObjectScope`, …, so
        // each library's runner lives in a module of its own, and the program language, the generator, the
        // traces and their comparison live in a module that imports neither.
        .target(name: "DifferentialCore"),
        .target(
            name: "DifferentialSyringe",
            dependencies: ["DifferentialCore", .product(name: "Syringe", package: "Syringe")]
        ),
        .target(
            name: "DifferentialSwinject",
            dependencies: ["DifferentialCore", .product(name: "Swinject", package: "Swinject")]
        ),
        .executableTarget(
            name: "Differential",
            dependencies: ["DifferentialCore", "DifferentialSyringe", "DifferentialSwinject"]
        ),
    ]
        // Scenario group 13, code size: an empty program and one and 50 `register` + `resolve` sites per library
        // (Sources/CodeSize, written by Scripts/generate-code-size-variants.sh). SyringeBenchmarks builds them.
        + codeSizeVariants.map { name, library in
            .executableTarget(
                name: "CodeSize\(name)", dependencies: library.map { [.product(name: $0, package: $0)] } ?? [],
                path: "Sources/CodeSize/\(name)"
            )
        },
    swiftLanguageModes: [.v6]
)
