/// The quick read of a kept `.container` instance for property injection: `inject(into:)` fills an unnamed
/// class-typed property from the instance a top-level `resolve(_:)` would return, with no resolution.
///
/// **Invariant.** It returns what ``Container/quickSharedObject(_:miss:)`` returns, and on a miss closes the reading
/// section the read left open, so the thread's sections are as before the call (checked in debug builds).
/// `exactReference` may then be used on the object for the same type only.
extension Container {
    /// The kept `.container` instance of exactly the class type `serviceType` (no name, no arguments), if made;
    /// `nil` otherwise, with no reading section left open.
    func quickKeptObject(_ serviceType: ObjectIdentifier) -> AnyObject? {
        var miss = QuickReadMiss()
        if let object = quickSharedObject(serviceType, miss: &miss) { return object }
        if let thread = miss.thread { thread.with { $0.leaveReading() } }
        #if DEBUG
            // The section is closed: a resolve now enters the outermost one.
            if let thread = ResolvingThread.installed, miss.isOutermost {
                precondition(thread.with { $0.enterReadingWithQuickRead() }, "a quick read left its section open")
                thread.with { $0.leaveReading() }
            }
        #endif
        return nil
    }
}
