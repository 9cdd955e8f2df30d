// swift-tools-version: 6.1
import PackageDescription

// Side-by-side benchmarks of Syringe, Swinject 2.10 and hand-written wiring, and the differential test that runs
// the same random programs on Syringe and Swinject and compares what they do. A separate package, so the library
// itself keeps zero dependencies. Run from the repository root:
//
//     swift run -c release --package-path Benchmarks SyringeBenchmarks
//     swift run --package-path Benchmarks --scratch-path .build-benchmarks Differential --seeds 0..<500
//
// A second harness, ordo-one's package-benchmark, times the same model and registrations (Benchmarks/ResolutionHarness
// here; tools version 6.1 for the dependency's traits). Run it and print its ratios with
//
//     bash Benchmarks/Scripts/second-harness.sh
/// The programs of scenario group 13 and the library each links.
let codeSizeVariants: [(name: String, library: String?)] = [
    ("Empty", nil), ("Syringe1", "Syringe"), ("Syringe50", "Syringe"), ("Swinject1", "Swinject"),
    ("Swinject50", "Swinject"),
]

let package = Package(
    name: "SyringeBenchmarks",
    // package-benchmark's minimum (it needs `Duration`), above Syringe's own (10.15, see its Package.swift): a package
    // whose minimum is below a dependency's does not build on macOS.
    platforms: [.macOS(.v13)],
    dependencies: [
        // Named, because a package found by path takes the name of its folder (a checkout may be named anything).
        .package(name: "Syringe", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject.git", exact: "2.10.0"),
        // The second harness, with none of its traits: not the default `RuntimeInterposer`, whose package (Linux,
        // Swift 6.3) the offline mirror does not hold, and not `MallocInterposer`, whose library, linked into the
        // harness, takes every malloc and free of the process (a 16-byte header on each): with it the hand-written
        // diamond took 101 ns, without it 85. So the harness has no malloc metrics; it times.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: []),
    ],
    targets: [
        // C support: counts heap allocations by interposing `malloc` and friends (glibc only; elsewhere it
        // counts nothing), and pins a thread to a CPU (Linux).
        .target(name: "BenchmarkSupport"),
        // The object graph and the registrations both harnesses time, one source of truth: the model classes and,
        // for each library, the function that registers them in a container.
        .target(
            name: "BenchmarkModel",
            dependencies: [
                .product(name: "Syringe", package: "Syringe"),
                .product(name: "Swinject", package: "Swinject"),
            ]
        ),
        .executableTarget(
            name: "SyringeBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                "BenchmarkModel",
                "ColdStartChecks",
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
        // The cold-start scenario (Documentation/Internals/PerformanceRecord.md, "Launch"): a generated app of N services
        // (Scripts/generate-cold-start.py; the committed files are N = 100), its registrations one text compiled
        // against each library, and the same objects wired by hand. `ColdStart` runs one cold start per process.
        .target(name: "ColdStartModel"),
        .target(
            name: "ColdStartSyringe",
            dependencies: ["ColdStartModel", .product(name: "Syringe", package: "Syringe")]
        ),
        .target(
            name: "ColdStartSwinject",
            dependencies: ["ColdStartModel", .product(name: "Swinject", package: "Swinject")]
        ),
        .target(name: "ColdStartHandWritten", dependencies: ["ColdStartModel"]),
        .target(
            name: "ColdStartChecks",
            dependencies: ["ColdStartModel", "ColdStartSyringe", "ColdStartSwinject", "ColdStartHandWritten"]
        ),
        .executableTarget(
            name: "ColdStart",
            dependencies: [
                "ColdStartModel", "ColdStartSyringe", "ColdStartSwinject", "ColdStartHandWritten", "ColdStartChecks",
            ]
        ),
        // Launch contexts in a release build, in a real process launched with every argument and variable they read
        // (.ci/run): built in release with the scratch path of the release builds here, so it shares their Syringe.
        .executableTarget(
            name: "LaunchContextRelease",
            dependencies: [.product(name: "Syringe", package: "Syringe")]
        ),
        // The second harness: ordo-one's package-benchmark times scenarios 1, 4, 6 and the default-scope one of
        // SyringeBenchmarks on `BenchmarkModel`. Its plugin finds benchmark targets by their folder: `Benchmarks/<Name>`
        // in the package root. Scripts/second-harness.sh runs it and prints the ratios to hand-written wiring.
        .executableTarget(
            name: "ResolutionHarness",
            dependencies: [
                "BenchmarkModel",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Syringe", package: "Syringe"),
                .product(name: "Swinject", package: "Swinject"),
            ],
            path: "Benchmarks/ResolutionHarness",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
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
