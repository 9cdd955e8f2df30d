internal import CSyringeRuntime

/// A number that identifies the calling thread for as long as it runs.
@inline(__always)
func currentThreadIdentity() -> UInt {
    syringe_thread_identity()
}
