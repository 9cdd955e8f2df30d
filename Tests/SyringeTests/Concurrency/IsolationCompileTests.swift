import Foundation
import Testing

/// Type-checks small client programs against the built `Syringe` module, to show what the compiler rejects.
///
/// Each rejected snippet has an accepted twin that differs only in the point under test, so a broken set-up
/// (no compiler, no module) fails the accepted twin instead of passing the rejected one.
@Suite("Actor isolation is checked by the compiler")
struct IsolationCompileTests {
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

    /// Type-checks `source` in Swift 6 mode. - Returns: whether it compiled, and the compiler's messages.
    private func typecheck(_ source: String) throws -> (ok: Bool, output: String) {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("syringe-isolation-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", Self.modulesDirectory.path,
            "-I", Self.runtimeHeadersDirectory.path, file.path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus == 0, output)
    }

    private static let prelude = """
        import Syringe
        @MainActor final class ViewModel { init() {} }
        func register(_ container: Container) {
            container.register(ViewModel.self, isolatedTo: MainActor.self) { _ in ViewModel() }
        }

        """

    @Test("Main-actor code may resolve a @MainActor registration synchronously")
    func acceptedOnMainActor() throws {
        let result = try typecheck(
            Self.prelude + """
                @MainActor func make(_ container: Container) -> ViewModel? {
                    container.mainActor.resolve(ViewModel.self)
                }
                func load(_ container: Container) async throws -> ViewModel {
                    try await container.async.require(ViewModel.self)
                }
                """)
        #expect(result.ok, "\(result.output)")
    }

    @Test("Nonisolated synchronous code may not resolve through the main-actor view")
    func rejectedOffMainActor() throws {
        let result = try typecheck(
            Self.prelude + """
                func make(_ container: Container) -> ViewModel? {
                    container.mainActor.resolve(ViewModel.self)
                }
                """)
        #expect(!result.ok)
        #expect(result.output.contains("main actor-isolated"), "\(result.output)")
    }

    @Test("A global-actor factory cannot be registered as a plain synchronous one")
    func rejectedIsolatedSyncFactory() throws {
        let result = try typecheck(
            Self.prelude + """
                func registerBadly(_ container: Container) {
                    container.register(ViewModel.self) { @MainActor _ in ViewModel() }
                }
                """)
        #expect(!result.ok)
        #expect(result.output.contains("MainActor"), "\(result.output)")
    }
}
