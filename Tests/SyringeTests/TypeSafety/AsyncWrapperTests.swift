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
            // The wrapper was made through the view the `await`ed resolution made for its graph, which is gone now;
            // it falls back on the container viewed.
            #expect(try lazy.require() === lazy.require())
            withExtendedLifetime(container) {}
        }

        @Test("a Provider resolved with await resolves its service after the resolve returned")
        func providerAfterAwait() async throws {
            let container = Container()
            container.register(Engine.self) { _ in Engine() }
            let provider = try await container.async.require(Provider<Engine>.self)
            // As for `Lazy` above: the container viewed answers once the view is gone.
            #expect(try provider.require() !== provider.require())
            withExtendedLifetime(container) {}
        }
    }
}
