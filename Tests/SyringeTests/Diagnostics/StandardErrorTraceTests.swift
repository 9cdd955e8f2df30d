import Foundation
import Syringe
import Testing

private final class StandardErrorMarker {}

/// Whether this test target (built with the library, in the same configuration) is a debug build.
private let isDebugBuild: Bool = {
    #if DEBUG
        true
    #else
        false
    #endif
}()

/// Whether the environment asks the default logging function to write (as Swinject's variable does).
private let loggingAsked =
    ProcessInfo.processInfo.environment["SYRINGE_LOGGING_ENABLED"] == "1"
    || ProcessInfo.processInfo.environment["SWINJECT_LOGGING_ENABLED"] == "1"

/// What `body` wrote to standard error, read back before standard error is restored or flushed: a write that is
/// buffered instead of made at once is not in it. Other suites may write too; callers filter.
private func standardErrorWritten(during body: () -> Void) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("syringe-stderr-\(UUID().uuidString)").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let file = try #require(FileHandle(forWritingAtPath: path))
    let saved = dup(2)
    dup2(file.fileDescriptor, 2)
    body()
    let written = try String(contentsOfFile: path, encoding: .utf8)
    dup2(saved, 2)
    close(saved)
    try file.close()
    return written
}

@Suite("A failed optional resolve leaves a trace on standard error")
struct StandardErrorTraceTests {
    @Test("With the default logging function, the explanation is on standard error at once in debug builds")
    func defaultSinkWritesToStandardError() throws {
        try loggingSinkLock.run {
            let saved = Container.loggingFunction
            defer { Container.loggingFunction = saved }
            // Another target of the same test process (a documentation sample) may have installed its own.
            Container.loggingFunction = Container.defaultLoggingFunction
            let container = Container()
            let written = try standardErrorWritten {
                #expect(container.resolve(StandardErrorMarker.self) == nil)
            }
            let traced = written.contains("Syringe: cannot resolve StandardErrorMarker: nothing is registered")
            // Release builds keep Swinject's silence unless the environment asks.
            #expect(traced == (isDebugBuild || loggingAsked))
        }
    }

    @Test("A logging function set by the app receives the message instead; nil silences it")
    func customSinkReplacesTheTrace() throws {
        try loggingSinkLock.run {
            let saved = Container.loggingFunction
            defer { Container.loggingFunction = saved }
            Container.loggingFunction = nil
            let container = Container()
            let written = try standardErrorWritten {
                #expect(container.resolve(StandardErrorMarker.self) == nil)
            }
            #expect(!written.contains("StandardErrorMarker"))
        }
    }
}
