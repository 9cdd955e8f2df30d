extension AsyncContainerResolver {
    /// ``Container/shutdown()`` that awaits each ``AsyncDisposable`` in turn, in the same newest-first order; it
    /// closes the container as that does, until ``Container/reopen()``.
    ///
    /// ```swift
    /// await container.async.shutdown()
    /// ```
    public func shutdown() async {
        await container.shutdownAwaitingDisposals()
    }
}

extension Container {
    /// The notice of a synchronous ``shutdown()`` that left `unawaited` to a task it does not wait for.
    func unawaitedShutdownNotice(_ unawaited: [any AsyncDisposable]) -> String {
        let types = unawaited.map { typeName(type(of: $0)) }
        return
            "Syringe: shutdown() did not wait for the disposal of \(unawaited.count) AsyncDisposable instance\(unawaited.count == 1 ? "" : "s") (\(types.joined(separator: ", "))): it runs in a task that may not finish before the program ends. To wait for it: await container.async.shutdown()."
    }
}
