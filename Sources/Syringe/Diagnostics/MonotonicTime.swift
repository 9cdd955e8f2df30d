// The time source of resolution traces (`ResolutionTracer`): nanoseconds of a monotonic clock, on every supported
// OS. The standard library's `ContinuousClock` needs macOS 13 / iOS 16 / tvOS 16 / watchOS 9, and nothing else in
// it reads a clock at macOS 10.15 / iOS 13. The source for every OS is `clock_gettime(CLOCK_MONOTONIC)` (POSIX on
// Linux and Apple platforms), to come from the C runtime target as `syringe_monotonic_nanoseconds()`.
//
// NB: until that C function is in Sources/CSyringeRuntime, this reads `ContinuousClock` where the OS has it and
// returns 0 below (traced durations read 0 on macOS 10.15-12, iOS 13-15, tvOS 13-15, watchOS 6-8). With it, the
// body becomes `syringe_monotonic_nanoseconds()` (and `internal import CSyringeRuntime`), and `traceClockAnchor`
// goes.

/// Nanoseconds of a monotonic clock since an unspecified fixed point: only differences mean something.
///
/// Never decreases between two calls, on any thread.
func monotonicNanoseconds() -> UInt64 {
    guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *),
        let anchor = traceClockAnchor as? ContinuousClock.Instant
    else { return 0 }
    let (seconds, attoseconds) = anchor.duration(to: .now).components
    // The anchor is taken before `.now`, so neither part is negative; clamped rather than trusted.
    return UInt64(clamping: seconds) &* 1_000_000_000 &+ UInt64(clamping: attoseconds / 1_000_000_000)
}

/// The instant ``monotonicNanoseconds()`` counts from, taken at its first call; typed `Any` because a global
/// cannot have a type that needs a newer OS (`()` where `ContinuousClock` does not exist).
private let traceClockAnchor: any Sendable = {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) { return ContinuousClock.now }
    return ()
}()
