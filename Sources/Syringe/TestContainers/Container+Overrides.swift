extension Container {
    /// Runs `operation` with some services replaced: `overrides` registers the replacements in a container
    /// derived from this one (see ``derived(registeringClosure:)``), which `operation` receives and which is
    /// ``current`` while it runs. Afterwards everything is as it was.
    ///
    /// This container is never changed: the replacements, and every instance made while they are in effect
    /// (singletons that captured a mock included), belong to the override's container, which is shut down
    /// (its ``Disposable`` instances disposed) when `operation` returns or throws. A singleton of this container
    /// made before is therefore back afterwards, untouched; overrides nest (an override of the override's
    /// container) and unwind in order; and an override in one task is never seen by another, since the binding
    /// of ``current`` is task-local.
    ///
    /// ```swift
    /// let total = try app.withOverrides { c in
    ///     c.register(Gateway.self) { _ in MockGateway() }
    ///     c.register(Clock.self) { _ in FixedClock() }
    /// } operation: { c in
    ///     try c.require(Checkout.self).total()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - overrides: Registers the replacements (any registration works, in any scope).
    ///   - operation: Runs with the override's container.
    /// - Returns: What `operation` returns.
    /// - Complexity: O(1) in the number of this container's registrations, plus the overrides.
    public func withOverrides<R>(
        _ overrides: (Container) -> Void, operation: (Container) throws -> R
    ) rethrows -> R {
        let container = derived(registeringClosure: overrides)
        defer { container.shutdown() }
        return try Container.$taskCurrent.withValue(container) { try operation(container) }
    }

    /// Runs the asynchronous `operation` with some services replaced; see
    /// ``withOverrides(_:operation:)``. Child tasks `operation` makes see the override
    /// through ``current``; other tasks do not. The override's container is shut down, its asynchronous
    /// disposals awaited, when `operation` ends.
    ///
    /// ```swift
    /// let profile = try await app.withOverrides { c in
    ///     c.register(API.self) { _ in StubAPI(user: .fixture) }
    /// } operation: { c in
    ///     try await c.require(ProfileLoader.self).load()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - overrides: Registers the replacements.
    ///   - isolation: The actor `operation` runs on; the caller's by default.
    ///   - operation: Runs with the override's container.
    /// - Returns: What `operation` returns.
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

    /// Replaces some services until the returned token is ended: for fixtures set up and torn down in
    /// separate calls (XCTest's `setUp` and `tearDown`), where a closure cannot span both.
    ///
    /// Resolve through the token's ``OverrideToken/container``. Ending the token removes the replacements and
    /// disposes the instances made through it, so the token's container then behaves as this container's
    /// ``derived(registeringClosure:)`` container again; this container is never changed. Nested tokens end
    /// in reverse order.
    ///
    /// ```swift
    /// let token = app.beginOverrides { c in
    ///     c.register(Gateway.self) { _ in MockGateway() }
    /// }
    /// defer { token.end() }
    /// let checkout = token.container.resolve(Checkout.self)  // a Checkout with the mock
    /// ```
    ///
    /// - Parameter overrides: Registers the replacements.
    /// - Returns: The token, whose container resolves with the replacements until it is ended.
    public func beginOverrides(_ overrides: (Container) -> Void) -> OverrideToken {
        OverrideToken(container: derived(registeringClosure: overrides))
    }
}

/// Replacements made by ``Container/beginOverrides(_:)``, in effect until ``end()``.
///
/// ```swift
/// let token = app.beginOverrides { c in c.register(Clock.self) { _ in FixedClock() } }
/// let clock = token.container.resolve(Clock.self)  // FixedClock
/// token.end()
/// ```
public final class OverrideToken: Sendable {
    /// The container that resolves with the replacements: a container derived from the one overridden.
    ///
    /// ```swift
    /// let gateway = token.container.resolve(Gateway.self)  // the mock, until the token ends
    /// ```
    public let container: Container

    init(container: Container) {
        self.container = container
    }

    /// Ends the replacements: removes them from ``container`` and disposes every instance made through it,
    /// so the instances made while they were in effect (which may hold a mock) are not kept. Ending twice
    /// does nothing more.
    ///
    /// ```swift
    /// token.end()
    /// let gateway = token.container.resolve(Gateway.self)  // the overridden container's Gateway again
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
    ///
    /// - Parameter operation: The code to run.
    /// - Returns: What `operation` returns.
    public func withCurrent<R>(operation: () throws -> R) rethrows -> R {
        try container.withCurrent(operation: operation)
    }
}
