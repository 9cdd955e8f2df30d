internal import CSyringeRuntime

/// One pointer per thread in a thread-specific slot of the C library (`pthread_key_t`), for values read off the
/// hot path: each thread's ``StackLimit``.
///
/// Invariant: the slot is used only if it was made; a process out of slots gets a `ThreadSlot` on which every read
/// misses and every write fails, never another slot's values.
struct ThreadSlot: Sendable {
    private let slot: syringe_thread_slot

    /// Makes a slot; `destructor` receives a thread's non-nil value when that thread exits.
    init(destructor: (@convention(c) (UnsafeMutableRawPointer?) -> Void)? = nil) {
        slot = syringe_thread_slot_make(destructor)
    }

    /// The calling thread's value, `nil` when it has none.
    var value: UnsafeMutableRawPointer? {
        syringe_thread_slot_value(slot)
    }

    /// Sets the calling thread's value; returns whether it could.
    func set(_ value: UnsafeRawPointer?) -> Bool {
        syringe_thread_slot_set(slot, value)
    }
}
