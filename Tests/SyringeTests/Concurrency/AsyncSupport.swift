import Foundation

/// Awaits `body` in a task of its own and gives up after the watchdog's time, so a hang fails a test
/// instead of blocking the test run.
/// - Returns: Whether `body` finished in time.
func finishesBeforeWatchdog(_ body: @escaping @Sendable () async -> Void) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let once = ResumeOnce(continuation)
        Task {
            await body()
            once.resume(true)
        }
        Task {
            try? await Task.sleep(nanoseconds: UInt64(ThreadRunner.watchdog * 1_000_000_000))
            once.resume(false)
        }
    }
}

/// Resumes a continuation at most once, from whichever task gets there first.
final class ResumeOnce: @unchecked Sendable {
    // @unchecked Sendable: `continuation` is only touched under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Bool, Never>?

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = continuation
    }

    func resume(_ value: Bool) {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(returning: value)
    }
}

/// A gate tasks wait at until it opens.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var arrivals = 0

    func wait() async {
        arrivals += 1
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
