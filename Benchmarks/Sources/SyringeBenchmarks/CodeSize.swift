#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scenario group 13: what linking the library, and each `register` + `resolve` call, adds to an app.
///
/// Five small programs of this package (`Sources/CodeSize`, written by `Scripts/generate-code-size-variants.sh`):
/// an empty one, and one and 50 sites for Syringe and for Swinject 2.10, each site a distinct service class
/// registered and resolved once, in the same source text for both libraries. They are built as SwiftPM builds an
/// app: the library linked in statically from its package, the standard library and Foundation dynamically, in
/// the configuration of this executable and into its build folder (`swift build --product CodeSize…`), so they
/// are as fresh as the library this run measures.
///
/// A program's size is the bytes of its ELF sections that are loaded from the file: every `SHF_ALLOC` section
/// but `.bss` (`SHT_NOBITS`), i.e. code, read-only data, Swift metadata, unwind tables, relocations and data as
/// `size -A` lists them. Not counted: symbol tables and debug sections (what `strip` removes) and the alignment
/// padding between segments (up to a page per segment, which would make a 49-site difference noisy). Then:
/// - library size = one site − empty program;
/// - bytes per additional site = (50 sites − one site) / 49.
enum CodeSize {
    struct Variant {
        /// The executable product.
        let product: String
        /// Its sites (0 for the empty program).
        let sites: Int
    }

    static let empty = Variant(product: "CodeSizeEmpty", sites: 0)
    /// Per library, as the report names it: its one-site and 50-site programs.
    static let libraries: [(name: String, one: Variant, fifty: Variant)] = [
        ("Syringe", Variant(product: "CodeSizeSyringe1", sites: 1), Variant(product: "CodeSizeSyringe50", sites: 50)),
        (
            "Swinject 2.10", Variant(product: "CodeSizeSwinject1", sites: 1),
            Variant(product: "CodeSizeSwinject50", sites: 50)
        ),
    ]
    static var variants: [Variant] { [empty] + libraries.flatMap { [$0.one, $0.fifty] } }

    /// One library's row.
    struct Row {
        let library: String
        /// One site − empty, in bytes.
        let librarySize: Int
        /// (50 sites − one site) / 49.
        let bytesPerSite: Double
    }

    /// What a run measured: the configuration built, each program's size, and the rows.
    struct Measurement {
        let configuration: String
        let sizes: [(product: String, bytes: Int)]
        let rows: [Row]
    }

    /// Builds every program, runs it (it must print that it resolved all its sites), and measures it. Returns the
    /// measurement, or the failures.
    static func measure() -> Result<Measurement, Failures> {
        guard let location = BuildLocation.current() else {
            return .failure(Failures(["cannot tell this executable's build folder from its path"]))
        }
        var failures: [String] = []
        var sizes: [(product: String, bytes: Int)] = []
        for variant in variants {
            let (status, log) = runProcess([
                "swift", "build", "-c", location.configuration, "--package-path", location.package, "--scratch-path",
                location.scratch, "--product", variant.product,
            ])
            guard status == 0 else {
                failures.append(
                    "swift build --product \(variant.product) failed (\(status)):\n\(log.suffix(2_000))")
                continue
            }
            let executable = location.products + "/" + variant.product
            let (ran, printed) = runProcess([executable])
            let expected = "resolved \(variant.sites) of \(variant.sites)"
            guard ran == 0, printed.contains(expected) else {
                failures.append("\(variant.product) printed \(printed.debugDescription), not \(expected) (\(ran))")
                continue
            }
            guard let bytes = loadedBytes(ofELF: executable) else {
                failures.append("\(executable) is not an ELF file: the code size is measured on Linux only")
                continue
            }
            sizes.append((variant.product, bytes))
        }
        guard failures.isEmpty else { return .failure(Failures(failures)) }
        let size = Dictionary(uniqueKeysWithValues: sizes.map { ($0.product, $0.bytes) })
        let rows = libraries.map { library in
            let one = size[library.one.product]!  // measured above, or a failure returned
            let fifty = size[library.fifty.product]!
            return Row(
                library: library.name, librarySize: one - size[empty.product]!,
                bytesPerSite: Double(fifty - one) / Double(library.fifty.sites - library.one.sites))
        }
        return .success(Measurement(configuration: location.configuration, sizes: sizes, rows: rows))
    }

    struct Failures: Error {
        let messages: [String]
        init(_ messages: [String]) { self.messages = messages }
    }

    /// Where this executable was built: `SCRATCH/TRIPLE/CONFIGURATION/SyringeBenchmarks`, and the benchmark
    /// package, two folders above this source file's.
    struct BuildLocation {
        let package: String
        let scratch: String
        let configuration: String
        /// The folder the products are in (this executable's).
        let products: String

        static func current() -> BuildLocation? {
            var path = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/exe", &path, path.count - 1)
            let executable =
                length > 0
                ? String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                : CommandLine.arguments[0]
            let folders = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            let source = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3)
            guard folders.count > 3, executable.hasPrefix("/"), !source.isEmpty else { return nil }
            return BuildLocation(
                package: source.joined(separator: "/"), scratch: folders.dropLast(2).joined(separator: "/"),
                configuration: String(folders.last!), products: folders.joined(separator: "/"))
        }
    }

    /// The bytes of the file's sections that are loaded into memory from it (`SHF_ALLOC`, not `SHT_NOBITS`);
    /// `nil` if it is not a 64-bit little-endian ELF file.
    static func loadedBytes(ofELF path: String) -> Int? {
        let bytes = readBytes(path)
        func integer(at offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, offset + width <= bytes.count else { return nil }
            var value = 0
            for index in (0..<width).reversed() { value = value << 8 | Int(bytes[offset + index]) }
            return value
        }
        // "\u{7F}ELF", 64-bit, little-endian.
        guard bytes.starts(with: [0x7F, 0x45, 0x4C, 0x46, 2, 1]), let sectionHeaders = integer(at: 0x28, 8),
            let entrySize = integer(at: 0x3A, 2), let count = integer(at: 0x3C, 2)
        else { return nil }
        var total = 0
        for index in 0..<count {
            let header = sectionHeaders + index * entrySize
            guard let type = integer(at: header + 4, 4), let flags = integer(at: header + 8, 8),
                let size = integer(at: header + 32, 8)
            else { return nil }
            let allocated = flags & 0x2 != 0  // SHF_ALLOC
            let noBits = type == 8  // SHT_NOBITS
            if allocated, !noBits { total += size }
        }
        return total
    }

    /// Prints the group's table.
    static func printTable(_ measurement: Measurement) {
        print("\n## Scenario 13: code size (\(measurement.configuration) build, bytes of loaded ELF sections)\n")
        print("| library | library size (one site − empty program) | bytes per additional site ((50 − 1) / 49) |")
        print("|---|---:|---:|")
        for row in measurement.rows {
            print("| \(row.library) | \(kilobytes(row.librarySize)) KB | \(Int(row.bytesPerSite.rounded())) B |")
        }
        print("\nprograms: " + measurement.sizes.map { "\($0.product) \($0.bytes) B" }.joined(separator: ", "))
        if measurement.configuration != "release" {
            print("(a \(measurement.configuration) build: the sizes that count are those of a release build)")
        }
    }

    /// The group's JSON value.
    static func json(_ measurement: Measurement) -> String {
        let sizes = measurement.sizes.map { "\(quoted($0.product)): \($0.bytes)" }.joined(separator: ", ")
        let rows = measurement.rows.map {
            "{\"library\": \(quoted($0.library)), \"libraryBytes\": \($0.librarySize), \"bytesPerSite\": \($0.bytesPerSite)}"
        }
        return
            "{\"configuration\": \(quoted(measurement.configuration)), \"programBytes\": {\(sizes)}, \"rows\": [\(rows.joined(separator: ", "))]}"
    }

    static func kilobytes(_ bytes: Int) -> String {
        String(Int((Double(bytes) / 1024).rounded()))
    }
}

/// Runs a program (found on `PATH`) with its standard output and error into a file; returns its exit status
/// (-1 when it could not start, 128 + the signal when one ended it) and what it printed.
func runProcess(_ arguments: [String]) -> (status: Int32, output: String) {
    let output = "/tmp/syringe-benchmarks-\(getpid()).txt"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else {
        return (-1, "could not start \(arguments[0])")
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let printed = readText(output)
    unlink(output)
    let signal = status & 0x7f
    return (signal != 0 ? 128 + signal : (status >> 8) & 0xff, printed)
}

func readBytes(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "r") else { return [] }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes += buffer[0..<count]
    }
    return bytes
}
