extension Container {
    /// The path of this container's resolution running on the calling thread, top-level request first, or empty
    /// when none runs (for `SyringeTesting`'s placeholders). Read only by the thread that runs the resolution.
    package func activeResolutionPath() -> [ServiceRequest] {
        guard let thread = ResolvingThread.installed,
            let active = thread.with({ $0.activeContext(of: self) })
        else { return [] }
        return active.with { $0.currentPath() }
    }
}
