internal import CSyringeRuntime

/// Nanoseconds of a monotonic clock since an unspecified fixed point: only differences mean something. The time
/// source of resolution traces, on every supported OS: `clock_gettime(CLOCK_MONOTONIC)` (POSIX, the same on Linux
/// and Apple's systems) through the runtime's C half, where the standard library's `ContinuousClock` needs
/// macOS 13 / iOS 16.
///
/// Never decreases between two calls, on any thread.
///
/// ```swift fragment
/// let start = monotonicNanoseconds()
/// let elapsed = monotonicNanoseconds() - start
/// ```
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    syringe_monotonic_nanoseconds()
}
