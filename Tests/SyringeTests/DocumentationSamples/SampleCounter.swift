import Synchronization

/// Counts events (instances made, closures run) from `@Sendable` factories in the documentation samples.
final class SampleCounter: Sendable {
    private let count = Mutex(0)

    /// Adds one and returns the new count.
    @discardableResult
    func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }

    /// The current count.
    var value: Int { count.withLock { $0 } }
}

/// Collects strings (log messages, event names) from `@Sendable` closures in the documentation samples.
final class SampleRecorder: Sendable {
    private let entries = Mutex<[String]>([])

    /// Appends `entry`.
    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    /// Everything recorded so far, in order.
    var all: [String] { entries.withLock { $0 } }
}
