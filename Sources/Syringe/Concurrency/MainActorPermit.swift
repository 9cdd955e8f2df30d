/// Lets the synchronous factory of a `@MainActor` registration run, only when a ``MainActorResolver`` call
/// on the main actor started the resolution on this very thread.
enum MainActorPermit {
    /// The thread of the ``MainActorResolver`` call running now, if any: a thread, not a flag, because a task
    /// created meanwhile inherits the value and runs on another thread, where the permit does not count.
    @TaskLocal static var thread: UInt?

    /// Runs `body` as main-actor code with the permit of the current ``MainActorResolver`` call; throws
    /// ``AsyncFactoryRequired`` when no such call runs on this thread.
    static func run(_ body: @MainActor () throws -> InstanceBox) throws -> InstanceBox {
        guard let thread, thread == currentThreadIdentity() else { throw AsyncFactoryRequired() }
        // Set by a `@MainActor` method on this thread, and everything since ran synchronously: cannot fail.
        return try MainActor.assumeIsolated(body)
    }
}

/// A value that a ``MainActorPermit/run(_:)`` body takes onto the main actor: that body runs synchronously on the
/// thread that made it, so the value never leaves its thread (a ``Resolver`` need not be `Sendable`).
struct ThreadBound<Value>: @unchecked Sendable {
    // @unchecked Sendable: read only on the thread that made it, which `value` checks.
    private let wrapped: Value
    private let thread = currentThreadIdentity()

    init(_ value: Value) { wrapped = value }

    var value: Value {
        precondition(thread == currentThreadIdentity(), "a thread-bound value read on another thread")
        return wrapped
    }
}
