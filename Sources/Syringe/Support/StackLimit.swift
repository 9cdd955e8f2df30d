#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#endif

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
        if let cached = pthread_getspecific(stackLimitKey) {
            return UInt(bitPattern: cached)
        }
        let limit = compute()
        // A stored 0 would read back as "not cached"; 1 is as good as 0 for a limit (nothing is below it).
        _ = pthread_setspecific(stackLimitKey, UnsafeRawPointer(bitPattern: max(limit, 1)))
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

    /// The lowest address of the calling thread's stack and its size.
    private static func bounds() -> (lowest: UInt, size: UInt)? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let highest = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            let size = UInt(pthread_get_stacksize_np(thread))
            guard highest > size else { return nil }
            return (highest - size, size)
        #else
            guard let getAttributes = threadAttributesFunction else { return nil }
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
            return (UInt(bitPattern: address), UInt(size))
        #endif
    }
}

/// The thread-specific slot that keeps each thread's stack limit (as the slot's pointer value).
private let stackLimitKey: pthread_key_t = {
    var key = pthread_key_t()
    // Creating a key fails only when the process ran out of keys; then every lookup misses and the limit is
    // computed on each call, which is slower but still correct.
    _ = pthread_key_create(&key, nil)
    return key
}()

#if !canImport(Darwin)
    /// `pthread_getattr_np`, the one call that tells a thread's stack bounds on Linux (the main thread's too). The
    /// C library declares it only for `_GNU_SOURCE`, which the Swift module of the C library does not define, so it
    /// is looked up by name, with its C signature.
    private let threadAttributesFunction: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? =
        {
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
            // Sound: glibc and musl declare `int pthread_getattr_np(pthread_t, pthread_attr_t *)`, the type cast to
            // here, and a C function pointer is one address, as the symbol is.
            return unsafeBitCast(
                symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self
            )
        }()
#endif

/// An address in the stack frame of this call, just below its caller's frame: how far the calling thread's
/// stack has grown, to compare with ``StackLimit/current()``. Not inlined, so that it is one small frame and the
/// caller needs none of its own for the local whose address it takes.
@inline(never)
func currentStackAddress() -> UInt {
    var marker: UInt8 = 0
    return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
}
