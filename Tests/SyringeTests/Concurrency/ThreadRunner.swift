import Foundation

/// Runs work on dedicated threads and waits for them with a watchdog, so a deadlock fails a test instead of
/// hanging the test process.
enum ThreadRunner {
    /// How long a stress run may take before it counts as hung. Generous on purpose: it is a deadlock
    /// detector, not a performance check, and must hold under the thread sanitizer on a loaded machine.
    static let watchdog: TimeInterval = 300

    /// Starts `count` threads, each running `body` with its index, and waits until all finished.
    ///
    /// - Returns: `true` if every thread finished before the watchdog fired; `false` means some thread is
    ///   stuck (its thread is left behind; the test reports the failure and goes on).
    static func run(threads count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        let start = StartGate(parties: count)
        for index in 0..<count {
            let thread = Thread {
                start.arriveAndWait()
                body(index)
                done.signal()
            }
            thread.stackSize = 1 << 21
            thread.start()
        }
        let deadline = DispatchTime.now() + watchdog
        for _ in 0..<count where done.wait(timeout: deadline) == .timedOut {
            return false
        }
        return true
    }
}

/// Lets a group of threads start their work at the same moment, so they really race.
final class StartGate: @unchecked Sendable {
    // @unchecked Sendable: `waiting` is only touched while holding `condition`'s lock.
    private let condition = NSCondition()
    private let parties: Int
    private var waiting = 0

    init(parties: Int) {
        self.parties = parties
    }

    func arriveAndWait() {
        condition.lock()
        defer { condition.unlock() }
        waiting += 1
        if waiting == parties {
            condition.broadcast()
            return
        }
        while waiting < parties {
            condition.wait()
        }
    }
}

/// Collects values from many threads.
final class Collected<Value>: @unchecked Sendable {
    // @unchecked Sendable: `values` is only touched under `lock`.
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
