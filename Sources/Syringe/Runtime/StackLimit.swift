internal import CSyringeRuntime

/// How deep the calling thread's stack may grow before a resolution stops with
/// ``ResolutionError/Kind/stackExhausted(depth:)``.
///
/// The stack grows down. The limit is the lowest address of the thread's stack plus a margin of a sixteenth
/// of the stack, between 32 and 128 KiB: what is left below the limit holds the error, its log message, and
/// the Swift runtime's own work on the first use of a generic type (its demangler is recursive, and a 16 KiB
/// margin was not enough in unoptimized builds).
///
/// Reading the bounds costs a system call or more (for the main thread, glibc reads `/proc/self/maps`), so the
/// limit is computed once per thread and kept in a thread-specific slot.
enum StackLimit {
    /// The address below which the calling thread's stack must not grow; 0 when the bounds are unknown (then
    /// nothing is checked).
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

    /// The lowest address of the calling thread's stack and its size, from the C library (the C half of the
    /// runtime finds which call the C library has at run time; see `CSyringeRuntime.c`).
    private static func bounds() -> (lowest: UInt, size: UInt)? {
        var lowest: UInt = 0
        var size: UInt = 0
        guard syringe_thread_stack_bounds(&lowest, &size) else { return nil }
        return (lowest, size)
    }
}

/// The thread-specific slot that keeps each thread's stack limit (as the slot's pointer value).
private let stackLimitSlot = ThreadSlot()

/// An address in the stack frame of this call, just below its caller's frame: how far the calling thread's
/// stack has grown, to compare with ``StackLimit/current()``. Not inlined, so that it is one small frame and the
/// caller needs none of its own for the local whose address it takes.
@inline(never)
func currentStackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
