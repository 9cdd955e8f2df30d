/// What a thread computed, handed to the thread that waits for it.
final class ThreadResult<T>: @unchecked Sendable {
    // @unchecked Sendable: written by the thread before it signals a semaphore, read after the wait.
    var value: T?
}
