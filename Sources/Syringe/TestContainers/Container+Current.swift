extension Container {
    @TaskLocal static var taskCurrent: Container?

    /// The container bound to the current task, if one is: by ``withCurrent(operation:)``, an override, or
    /// `SyringeTesting`'s test trait. A task-local value: child tasks inherit it, other tasks never see it.
    ///
    /// ```swift
    /// let checkout = (Container.current ?? app).resolve(Checkout.self)
    /// ```
    public static var current: Container? {
        taskCurrent
    }

    /// Runs `operation` with this container bound as ``current`` for the current task.
    ///
    /// ```swift
    /// test.withCurrent { assert(Container.current === test) }
    /// ```
    public func withCurrent<R>(operation: () throws -> R) rethrows -> R {
        try Container.$taskCurrent.withValue(self, operation: operation)
    }

    /// Runs the asynchronous `operation` with this container bound as ``current`` for the current task and the
    /// child tasks it makes.
    ///
    /// ```swift
    /// await test.withCurrent { await model.load() }  // model resolves through Container.current
    /// ```
    public func withCurrent<R>(
        isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
    ) async rethrows -> R {
        try await Container.$taskCurrent.withValue(self, operation: operation, isolation: isolation)
    }
}
