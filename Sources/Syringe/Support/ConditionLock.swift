#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#endif

/// A mutex with a condition variable, for the rare slow path where a thread must wait for another.
///
/// Both live in memory allocated once at initialization, so their addresses never change.
final class ConditionLock: @unchecked Sendable {
    // @unchecked Sendable: the two pointers are written once in `init` and only passed to pthread calls,
    // which are themselves safe to call from any thread.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        _ = pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        _ = pthread_cond_init(condition, nil)
    }

    deinit {
        _ = pthread_cond_destroy(condition)
        _ = pthread_mutex_destroy(mutex)
        condition.deinitialize(count: 1)
        mutex.deinitialize(count: 1)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` while holding the mutex.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        _ = pthread_mutex_lock(mutex)
        defer { _ = pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the mutex, sleeps until ``broadcast()``, and takes the mutex again. Call only inside ``withLock(_:)``.
    func wait() {
        _ = pthread_cond_wait(condition, mutex)
    }

    /// Wakes every thread sleeping in ``wait()``. Call inside ``withLock(_:)``.
    func broadcast() {
        _ = pthread_cond_broadcast(condition)
    }
}
