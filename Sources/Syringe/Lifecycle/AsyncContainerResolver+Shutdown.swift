extension AsyncContainerResolver {
    /// Disposes the instances the container keeps, newest first, awaiting each ``AsyncDisposable`` in turn.
    ///
    /// The same instances and order as ``Container/shutdown()``; asynchronous disposals are awaited, interleaved
    /// with the synchronous ones, and it closes the container as that does, until ``Container/reopen()``. Reached through ``Container/async`` as awaited resolves are, so that the
    /// spelling, not the context, says whether the call waits: `container.shutdown()` never awaits anything, in
    /// an `async` function, in top-level code or anywhere else.
    ///
    /// ```swift
    /// // main.swift, an async function, a Task: the same awaited shutdown everywhere.
    /// await container.async.shutdown()
    /// ```
    public func shutdown() async {
        await container.shutdownAwaitingDisposals()
    }
}

extension Container {
    /// The message of a synchronous ``shutdown()`` that left `unawaited` instances to a task it does not wait for.
    func unawaitedShutdownNotice(_ unawaited: [any AsyncDisposable]) -> String {
        let types = unawaited.map { typeName(type(of: $0)) }
        return
            "Syringe: shutdown() did not wait for the disposal of \(unawaited.count) AsyncDisposable instance\(unawaited.count == 1 ? "" : "s") (\(types.joined(separator: ", "))): it runs in a task that may not finish before the program ends. To wait for it: await container.async.shutdown()."
    }
}
