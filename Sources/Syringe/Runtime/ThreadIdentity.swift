internal import CSyringeRuntime

/// A number that identifies the calling thread for as long as it runs.
@inline(__always)
func currentThreadIdentity() -> UInt {
    syringe_thread_identity()
}

/// A number that identifies the calling thread and no other thread of the process, ever: where a thread is
/// remembered past its life (a re-injection watch remembers the thread of the main actor it was made on), a later
/// thread must not be mistaken for it, as one reusing a finished thread's `pthread_t` would be by
/// ``currentThreadIdentity()``.
@inline(__always)
func currentThreadSerial() -> UInt {
    syringe_thread_serial()
}
