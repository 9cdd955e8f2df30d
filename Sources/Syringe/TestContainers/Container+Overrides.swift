extension Container {
    /// Runs `operation` with some services replaced: `overrides` registers them in a container
    /// ``derived(registeringClosure:)`` from this one, which `operation` receives and which is ``current`` while
    /// it runs. That container, and every instance made in it, is shut down when `operation` returns or throws;
    /// this container is never changed. Overrides nest, and are never seen by another task.
    ///
    /// ```swift
    /// let total = try app.withOverrides { c in c.register(Gateway.self) { _ in MockGateway() } } operation: { c in
    ///     try c.require(Checkout.self).total()
    /// }
    /// ```
    public func withOverrides<R>(
        _ overrides: (Container) -> Void, operation: (Container) throws -> R
    ) rethrows -> R {
        let container = derived(registeringClosure: overrides)
        defer { container.shutdown() }
        return try Container.$taskCurrent.withValue(container) { try operation(container) }
    }

    /// Runs the asynchronous `operation` with some services replaced, as ``withOverrides(_:operation:)``; the
    /// override's container is shut down, its asynchronous disposals awaited, when `operation` ends.
    ///
    /// ```swift
    /// let profile = try await app.withOverrides { c in
    ///     c.register(API.self) { _ in StubAPI(user: .fixture) }
    /// } operation: { c in
    ///     try await c.require(ProfileLoader.self).load()
    /// }
    /// ```
    public func withOverrides<R>(
        _ overrides: (Container) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: (Container) async throws -> R
    ) async rethrows -> R {
        let container = derived(registeringClosure: overrides)
        do {
            let result = try await Container.$taskCurrent.withValue(
                container, operation: { try await operation(container) }, isolation: isolation)
            await container.async.shutdown()
            return result
        } catch {
            await container.async.shutdown()
            throw error
        }
    }

    /// Replaces some services until the returned token is ended: for fixtures set up and torn down in separate
    /// calls (XCTest's `setUp` and `tearDown`). Resolve through the token's ``OverrideToken/container``.
    ///
    /// ```swift
    /// let token = app.beginOverrides { c in c.register(Gateway.self) { _ in MockGateway() } }
    /// let checkout = token.container.resolve(Checkout.self)  // a Checkout with the mock
    /// ```
    public func beginOverrides(_ overrides: (Container) -> Void) -> OverrideToken {
        OverrideToken(container: derived(registeringClosure: overrides))
    }
}

/// Replacements made by ``Container/beginOverrides(_:)``, in effect until ``end()``.
///
/// ```swift
/// let token = app.beginOverrides { c in c.register(Clock.self) { _ in FixedClock() } }
/// token.end()
/// ```
public final class OverrideToken: Sendable {
    /// The container that resolves with the replacements, derived from the one overridden.
    ///
    /// ```swift
    /// let gateway = token.container.resolve(Gateway.self)  // the mock, until the token ends
    /// ```
    public let container: Container

    init(container: Container) {
        self.container = container
    }

    /// Ends the replacements: removes them from ``container`` and disposes every instance made through it.
    /// Ending twice does nothing more.
    ///
    /// ```swift
    /// token.end()  // token.container resolves the overridden container's Gateway again
    /// ```
    public func end() {
        container.removeAll()
        container.disposeKeptInstances()  // not closed: the container resolves as a derived one again
    }

    /// Runs `operation` with ``container`` bound as ``Container/current`` for the current task.
    ///
    /// ```swift
    /// token.withCurrent { model.refresh() }  // code under test that asks Container.current sees the mocks
    /// ```
    public func withCurrent<R>(operation: () throws -> R) rethrows -> R {
        try container.withCurrent(operation: operation)
    }
}
