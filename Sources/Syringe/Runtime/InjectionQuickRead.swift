/// The quick read of a kept `.container` instance for property injection: `inject(into:)` fills a property whose
/// type is a class, unnamed, from the instance `resolve(_:)` would return at the top level, with no resolution.
///
/// ```swift fragment
/// if let object = container.quickKeptObject(ObjectIdentifier(Value.self)) {
///     box.store(exactReference(object, as: Value.self), ...)
/// }
/// ```
///
/// **Invariant.** It returns what ``Container/quickSharedObject(_:miss:)`` returns (see QuickSharedRead.swift: the
/// kept instance of exactly the requested class type, retained inside the thread's quick read, safe against a
/// concurrent replacement, reset or `unregister`), and on a miss it closes the reading section the read left
/// open, as the continuation of `resolve(_:)` does, without resolving: the thread's reading sections are as
/// before the call either way (checked in debug builds). `exactReference` may then be used on the object for the
/// same type only. Like `resolve(_:)`'s, the read succeeds only outside any resolution on the thread (its
/// outermost reading section), so a property filled this way gets what a nested resolve would: a kept
/// `.container` instance belongs to no object graph.
extension Container {
    /// The kept `.container` instance registered for `serviceType` (no name, no arguments), if it is already made
    /// and of exactly that class type; `nil` otherwise, with no reading section left open.
    func quickKeptObject(_ serviceType: ObjectIdentifier) -> AnyObject? {
        var miss = QuickReadMiss()
        if let object = quickSharedObject(serviceType, miss: &miss) { return object }
        if let thread = miss.thread { thread.with { $0.leaveReading() } }
        #if DEBUG
            // The section the read entered is closed: a resolve now enters the outermost one, or the running
            // resolution's as before.
            if let thread = ResolvingThread.installed, miss.isOutermost {
                precondition(thread.with { $0.enterReadingWithQuickRead() }, "a quick read left its section open")
                thread.with { $0.leaveReading() }
            }
        #endif
        return nil
    }
}
