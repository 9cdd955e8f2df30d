internal import CSyringeRuntime

/// How deep the calling thread's stack may grow before a resolution stops with `stackExhausted`: its lowest address
/// plus a sixteenth of the stack, 32 to 128 KiB (room for the error and the runtime's recursive demangler). Computed
/// once per thread (reading the bounds may read `/proc/self/maps`) and kept in a thread-specific slot.
enum StackLimit {
    /// The address below which the stack must not grow; 0 when the bounds are unknown (nothing is checked).
    static func current() -> UInt {
        if let cached = stackLimitSlot.value {
            return UInt(bitPattern: cached)
        }
        let limit = compute()
        // A stored 0 would read back as "not cached"; 1 is as good as 0 for a limit (nothing is below it).
        _ = stackLimitSlot.set(UnsafeRawPointer(bitPattern: max(limit, 1)))
        return max(limit, 1)
    }

    /// The margin kept free below the limit for a stack of `size` bytes.
    static func margin(forStackOfSize size: UInt) -> UInt {
        min(max(size / 16, 32 * 1024), 128 * 1024)
    }

    private static func compute() -> UInt {
        guard let (lowest, size) = bounds(), size > 0 else { return 0 }
        return lowest + margin(forStackOfSize: size)
    }

    /// The lowest address of the calling thread's stack and its size (`CSyringeRuntime.c` finds the C library's call).
    private static func bounds() -> (lowest: UInt, size: UInt)? {
        var lowest: UInt = 0
        var size: UInt = 0
        guard syringe_thread_stack_bounds(&lowest, &size) else { return nil }
        return (lowest, size)
    }
}

private let stackLimitSlot = ThreadSlot()
