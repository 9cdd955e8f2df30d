public import Syringe
public import Testing

/// A Swift Testing trait that runs each test with its own container, derived from the app's (see
/// ``Syringe/Container/derived(registeringClosure:)``) and bound as ``Syringe/Container/current`` while the test
/// runs: the test body and the code under test reach it, and parallel tests never see each other's.
///
/// Apply ``Testing/Trait/testContainer(from:_:)`` to a suite (every test, and every case of a parameterized
/// test, gets its own container) or to one test; add ``Testing/Trait/overriding(_:)`` to a test for its own
/// replacements on top of the suite's.
///
/// ```swift
/// @Suite(.testContainer(from: AppContainer.live))
/// struct CheckoutTests {
///     @Test(.overriding { c in c.register(Gateway.self) { _ in MockGateway() } })
///     func paysThroughTheGateway() throws {
///         let checkout = try Container.test.require(Checkout.self)
///         #expect(checkout.pay(10) == .approved)
///     }
/// }
/// ```
///
/// When the test ends, its container is shut down (its ``Syringe/Disposable`` instances disposed); the app's
/// container is never changed.
public struct TestContainerTrait: TestTrait, SuiteTrait, TestScoping {
    /// The container to derive from: `nil` derives from the enclosing trait's container.
    let base: (@Sendable () -> Container)?
    /// Registers the test's replacements in its container.
    let overrides: @Sendable (Container) -> Void
    /// Where the trait was applied, for the issue recorded when ``overriding(_:)`` finds no container.
    let sourceLocation: SourceLocation

    /// Applied to every test of the suite and of its nested suites.
    ///
    /// ```swift
    /// assert(TestContainerTrait.testContainer(from: app).isRecursive)
    /// ```
    public var isRecursive: Bool { true }

    /// The trait scopes each test case (each argument of a parameterized test), never a suite as a whole.
    ///
    /// ```swift
    /// let provider = trait.scopeProvider(for: test, testCase: nil)  // nil: suites get no container
    /// ```
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case, `nil` for a suite or a test function as a whole.
    /// - Returns: The trait for a test case, `nil` otherwise.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs one test case with its own container bound as ``Syringe/Container/current``, then shuts it down.
    ///
    /// ```swift
    /// try await trait.provideScope(for: test, testCase: testCase) { try await body() }
    /// ```
    ///
    /// - Parameters:
    ///   - test: The test.
    ///   - testCase: The test case.
    ///   - function: The test case's body.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        guard let from = base?() ?? Container.current else {
            Issue.record(
                """
                .overriding needs a container to derive from: add .testContainer(from: yourAppContainer) to the \
                test or its suite, before .overriding.
                """,
                sourceLocation: sourceLocation
            )
            return
        }
        let container = from.derived(registeringClosure: overrides)
        do {
            try await container.withCurrent { try await function() }
        } catch {
            await container.async.shutdown()
            throw error
        }
        await container.async.shutdown()
    }
}

extension Trait where Self == TestContainerTrait {
    /// Gives each test its own container derived from `container`, with `overrides` registered in it.
    ///
    /// `container` is evaluated for each test, so it may also make a new app container each time.
    ///
    /// ```swift
    /// @Suite(.testContainer(from: AppContainer.live) { c in
    ///     c.register(Clock.self) { _ in FixedClock() }  // for every test of the suite
    /// })
    /// struct ReportTests { /* … */ }
    /// ```
    ///
    /// - Parameters:
    ///   - container: The app's configured container; never changed by the tests.
    ///   - overrides: Registers replacements in each test's container.
    /// - Returns: The trait.
    public static func testContainer(
        from container: @autoclosure @escaping @Sendable () -> Container,
        _ overrides: @escaping @Sendable (Container) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        TestContainerTrait(base: container, overrides: overrides, sourceLocation: sourceLocation)
    }

    /// Adds a test's own replacements to the container the suite's ``testContainer(from:_:)`` gives it: the
    /// test runs with a container derived from that one.
    ///
    /// ```swift
    /// @Test(.overriding { c in
    ///     c.register(Gateway.self) { _ in DecliningGateway() }
    ///     c.register(Clock.self) { _ in FixedClock() }
    /// })
    /// func declinedPayment() throws { /* … */ }
    /// ```
    ///
    /// - Parameter overrides: Registers the replacements.
    /// - Returns: The trait.
    public static func overriding(
        _ overrides: @escaping @Sendable (Container) -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Self {
        TestContainerTrait(base: nil, overrides: overrides, sourceLocation: sourceLocation)
    }
}

extension Container {
    /// The running test's container (``Container/current``), given by ``Testing/Trait/testContainer(from:_:)``.
    ///
    /// Without one (the trait is missing), it records an issue saying so and returns an empty container.
    ///
    /// ```swift
    /// @Test(.testContainer(from: app)) func loads() throws {
    ///     _ = try Container.test.require(ProfileModel.self)
    /// }
    /// ```
    public static var test: Container {
        if let current { return current }
        reportTestFailure(
            """
            No test container: Container.test is given by the .testContainer(from:) trait (on the test or its \
            suite), or inside withOverrides. Add the trait, or resolve from a container you made.
            """,
            at: SourceLocation(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        )
        return Container()
    }
}
