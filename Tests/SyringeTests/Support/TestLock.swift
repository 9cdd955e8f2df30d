import Foundation

/// A small lock for test fixtures that record from many threads.
final class TestLock: @unchecked Sendable {
    // @unchecked Sendable: NSLock is thread-safe; this class only wraps it.
    private let lock = NSLock()

    func run<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A thread-safe counter for factory calls.
final class CallCounter: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    private let lock = TestLock()
    private var count = 0

    func increment() { lock.run { count += 1 } }
    func decrement() { lock.run { count -= 1 } }
    var value: Int { lock.run { count } }
}
