import BenchmarkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanoseconds of a monotonic clock.
@inline(__always)
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Takes a value the optimizer cannot see through, so the work that made it cannot be deleted.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// Holds a value as an object, so a workload can hand back what it built (a dictionary, say) for the caller to
/// release when it chooses.
final class Kept<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Returns its argument through a call the optimizer cannot see through (opaque inputs).
@inline(never) @_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// A timed body: runs the operation `n` times.
typealias Body = (Int) -> Void

/// The nanoseconds one run of `body(iterations)` takes, per operation.
func timePerOperation(_ iterations: Int, _ body: Body) -> Double {
    let start = now()
    body(iterations)
    return Double(now() - start) / Double(iterations)
}

/// The iteration count that makes one sample of `body` last about `target` nanoseconds (after a warm-up).
func calibrate(_ body: Body, target: Double) -> Int {
    var iterations = 1
    while true {
        let start = now()
        body(iterations)
        let elapsed = Double(now() - start)
        if elapsed >= target / 8 || iterations >= 1 << 26 {
            return max(1, Int(Double(iterations) * target / max(elapsed, 1)))
        }
        iterations *= 2
    }
}

/// Runs `body(index)` on `count` new threads with the given stack size (0: the default), waits for all, and
/// returns the wall-clock nanoseconds from the moment all threads passed a common start barrier to the moment
/// the last one finished. With `pinned`, thread `index` runs on CPU `index` only.
func runOnThreads(
    _ count: Int, stackSize: Int = 0, pinned: Bool = false, _ body: @escaping @Sendable (Int) -> Void
) -> UInt64 {
    final class Job: @unchecked Sendable {
        // @unchecked Sendable: `start`/`end` are written by one thread each and read after `pthread_join`, which
        // orders the accesses; the barrier is a pthread object made for sharing.
        let body: @Sendable (Int) -> Void
        let index: Int
        let barrier: UnsafeMutablePointer<pthread_barrier_t>
        let pinned: Bool
        var start: UInt64 = 0
        var end: UInt64 = 0

        init(
            body: @escaping @Sendable (Int) -> Void, index: Int, barrier: UnsafeMutablePointer<pthread_barrier_t>,
            pinned: Bool
        ) {
            self.body = body
            self.index = index
            self.barrier = barrier
            self.pinned = pinned
        }
    }

    let barrier = UnsafeMutablePointer<pthread_barrier_t>.allocate(capacity: 1)
    pthread_barrier_init(barrier, nil, UInt32(count))
    defer {
        pthread_barrier_destroy(barrier)
        barrier.deallocate()
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if stackSize > 0 { pthread_attr_setstacksize(&attributes, stackSize) }

    var jobs: [Job] = []
    var threads: [pthread_t] = []
    for index in 0..<count {
        let job = Job(body: body, index: index, barrier: barrier, pinned: pinned)
        jobs.append(job)
        var thread = pthread_t()
        let result = pthread_create(
            &thread, &attributes,
            { raw in
                let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                if job.pinned { _ = benchmark_pin_thread(Int32(job.index)) }
                pthread_barrier_wait(job.barrier)
                job.start = now()
                job.body(job.index)
                job.end = now()
                return nil
            }, Unmanaged.passRetained(job).toOpaque())
        precondition(result == 0, "pthread_create failed: \(result)")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
    let start = jobs.map(\.start).min() ?? 0
    let end = jobs.map(\.end).max() ?? 0
    return end - start
}

/// Median, minimum and maximum of samples.
struct Summary {
    let median: Double
    let min: Double
    let max: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        // No samples (a system that cannot do the scenario): 0, which the report prints as "–".
        median =
            sorted.isEmpty
            ? 0 : sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted.first ?? 0
        max = sorted.last ?? 0
    }
}
