extension Container {
    /// The container bound to the current task by ``withCurrent(operation:)`` (or by an override, or
    /// by `SyringeTesting`'s test trait), if any.
    @TaskLocal static var taskCurrent: Container?

    /// The container bound to the current task, if one is: the test's own container while a test runs with
    /// `SyringeTesting`'s trait, the override's inside ``withOverrides(_:operation:)``.
    ///
    /// Code under test that asks for it resolves from the test's container, while the app, run without a
    /// binding, resolves from its own. The binding is a task-local value: child tasks (`async let`, task
    /// groups, `Task { }`) inherit it, other tasks never see it, and no global state is changed.
    ///
    /// ```swift
    /// enum AppContainer {
    ///     static let shared = Container()
    ///     static var resolver: Container { Container.current ?? shared }
    /// }
    /// let checkout = AppContainer.resolver.resolve(Checkout.self)
    /// ```
    public static var current: Container? {
        taskCurrent
    }

    /// Runs `operation` with this container bound as ``current`` for the current task.
    ///
    /// ```swift
    /// let test = app.derived()
    /// test.withCurrent {
    ///     assert(Container.current === test)
    /// }
    /// ```
    ///
    /// - Parameter operation: The code to run.
    /// - Returns: What `operation` returns.
    public func withCurrent<R>(operation: () throws -> R) rethrows -> R {
        try Container.$taskCurrent.withValue(self, operation: operation)
    }

    /// Runs the asynchronous `operation` with this container bound as ``current`` for the current task and the
    /// child tasks it makes.
    ///
    /// ```swift
    /// await test.withCurrent {
    ///     await model.load()  // resolves through Container.current, which is `test`
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The actor `operation` runs on; the caller's by default.
    ///   - operation: The code to run.
    /// - Returns: What `operation` returns.
    public func withCurrent<R>(
        isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
    ) async rethrows -> R {
        try await Container.$taskCurrent.withValue(self, operation: operation, isolation: isolation)
    }
}
