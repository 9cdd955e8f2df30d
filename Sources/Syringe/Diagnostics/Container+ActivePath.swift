extension Container {
    /// The path of the resolution of this container running on the calling thread, from the top-level request
    /// to the innermost one (the registration whose factory is running), or empty when none runs: for a
    /// factory that reports where it was reached from (`SyringeTesting`'s placeholders). `package` access: the
    /// path is the resolution's own state, read only by the thread that runs it.
    package func activeResolutionPath() -> [ServiceRequest] {
        guard let thread = ResolvingThread.installed,
            let active = thread.with({ $0.activeContext(of: self) })
        else { return [] }
        return active.with { $0.currentPath() }
    }
}
