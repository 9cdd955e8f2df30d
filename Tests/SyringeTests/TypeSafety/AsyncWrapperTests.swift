import Syringe
import Testing

private final class Engine: Sendable {}

extension TypeSafety {
    /// `Lazy` and `Provider` resolved with `await`, used after the resolve returns.
    @Suite("Wrappers resolved with await")
    struct AsyncWrapperTests {
        @Test("a Lazy resolved with await resolves its service after the resolve returned")
        func lazyAfterAwait() async throws {
            let container = Container()
            container.register(Engine.self) { _ in Engine() }
            let lazy = try await container.async.require(Lazy<Engine>.self)
            // KNOWN ISSUE (found by the type-pair tests, left to the owners of Lazy.swift and AsyncResolution.swift):
            // the wrapper keeps, weakly, the container view the `await`ed resolution made for its graph
            // (`AsyncResolution.Root.view`), which is released when the resolution ends. `require()` then throws
            // `containerReleased` although `container` is alive, and `instance` stops the program.
            withKnownIssue("a Lazy resolved with await refers to the resolution's own container view") {
                _ = try lazy.require()
            }
            withExtendedLifetime(container) {}
        }

        @Test("a Provider resolved with await resolves its service after the resolve returned")
        func providerAfterAwait() async throws {
            let container = Container()
            container.register(Engine.self) { _ in Engine() }
            let provider = try await container.async.require(Provider<Engine>.self)
            // KNOWN ISSUE: as for `Lazy` above.
            withKnownIssue("a Provider resolved with await refers to the resolution's own container view") {
                _ = try provider.require()
            }
            withExtendedLifetime(container) {}
        }
    }
}
