internal import CSyringeRuntime

/// A number that identifies the calling thread for as long as it runs.
@inline(__always)
func currentThreadIdentity() -> UInt {
    syringe_thread_identity()
}

/// A number that identifies the calling thread and no other thread of the process, ever: unlike
/// ``currentThreadIdentity()``, never that of a later thread reusing a finished one's `pthread_t`.
@inline(__always)
func currentThreadSerial() -> UInt {
    syringe_thread_serial()
}
