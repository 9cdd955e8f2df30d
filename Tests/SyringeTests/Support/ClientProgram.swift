import Foundation

/// Type-checks a small client program against the built `Syringe` module, as an app that depends on it would be
/// compiled: for the claims that a call does not compile, and what the compiler then says.
enum ClientProgram {
    /// The directory holding `Syringe.swiftmodule`: next to the test bundle SwiftPM built.
    private static var modulesDirectory: URL {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Syringe.swiftmodule").path) {
                return candidate
            }
            directory = directory.deletingLastPathComponent()
        }
        return executable.deletingLastPathComponent().appendingPathComponent("Modules")
    }

    /// The headers of the runtime's C half (`CSyringeRuntime`), which the `Syringe` module imports: a client's
    /// compiler loads its module map from there, as SwiftPM arranges for a package that depends on Syringe.
    private static var runtimeHeadersDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CSyringeRuntime/include")
    }

    /// Type-checks `source` in the given Swift language mode. - Returns: whether it compiled, and the compiler's
    /// messages.
    static func typecheck(_ source: String, swiftVersion: Int = 6) throws -> (ok: Bool, output: String) {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("syringe-client-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "\(swiftVersion)", "-I", modulesDirectory.path,
            "-I", runtimeHeadersDirectory.path, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, output)
    }
}
