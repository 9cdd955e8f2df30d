import Testing

/// Type-checks small client programs against the built `Syringe` module, to show what the compiler rejects.
///
/// Each rejected snippet has an accepted twin that differs only in the point under test, so a broken set-up
/// (no compiler, no module) fails the accepted twin instead of passing the rejected one.
@Suite("Actor isolation is checked by the compiler")
struct IsolationCompileTests {
    private func typecheck(_ source: String) throws -> (ok: Bool, output: String) {
        try ClientProgram.typecheck(source)
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
