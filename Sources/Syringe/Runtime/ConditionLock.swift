internal import CSyringeRuntime

/// A mutex with a condition variable, for the rare thread that must wait for another.
///
/// Invariant: both live in one heap object, initialized before it is returned and destroyed only in its
/// deinitializer, so their addresses never change.
final class ConditionLock: @unchecked Sendable {
    // @unchecked Sendable: the buffer is a `let`, and its elements are only passed to the C half's mutex and
    // condition calls, which any thread may make.
    private final class Storage: ManagedBuffer<syringe_condition, syringe_mutex> {
        deinit {
            withUnsafeMutablePointers { condition, mutex in
                syringe_condition_destroy(condition)
                syringe_mutex_destroy(mutex)
            }
        }
    }

    private let storage: Storage

    init() {
        let created = Storage.create(minimumCapacity: 1) { _ in syringe_condition() }
        // `create` is declared to return the base class but allocates an instance of the class it is called on.
        storage = created as! Storage
        storage.withUnsafeMutablePointers { condition, mutex in
            syringe_condition_initialize(condition)
            syringe_mutex_initialize(mutex)
        }
    }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointerToElements { mutex in
            syringe_mutex_lock(mutex)
            defer { syringe_mutex_unlock(mutex) }
            return try body()
        }
    }

    /// Releases the mutex, sleeps until ``broadcast()``, and takes the mutex again. Call only inside ``withLock(_:)``.
    func wait() {
        storage.withUnsafeMutablePointers { condition, mutex in syringe_condition_wait(condition, mutex) }
    }

    /// Wakes every thread sleeping in ``wait()``. Call inside ``withLock(_:)``.
    func broadcast() {
        storage.withUnsafeMutablePointerToHeader { syringe_condition_broadcast($0) }
    }
}
