internal import CSyringeRuntime

/// Nanoseconds of a monotonic clock since an unspecified point (only differences mean something), for resolution
/// traces: `clock_gettime(CLOCK_MONOTONIC)` through the C half, where `ContinuousClock` needs macOS 13 / iOS 16.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    syringe_monotonic_nanoseconds()
}
