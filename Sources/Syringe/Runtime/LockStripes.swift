internal import CSyringeRuntime

/// Mutexes shared by objects too numerous to have one each (`@Injected` boxes), picked by address.
///
/// **Invariant.** A stripe is held only for the body of `withLock`, and a body takes no lock and runs no unknown
/// code (it moves out any value whose release could run a user's `deinit`), so a stripe cannot deadlock. Debug
/// builds stop a thread that takes a stripe while it holds one; `checkHeld(for:)` checks an object's stripe is held.
enum LockStripes {
    /// A power of two, many more than any machine's cores.
    private static let count = 64

    /// One allocation made once and never freed, so a stripe is a pointer and taking one retains nothing.
    private static let stripes = Stripes()

    /// `@unchecked Sendable`: the pointer never changes and the mutexes are used only through
    /// `syringe_mutex_lock` / `syringe_mutex_unlock`, which any thread may call.
    private struct Stripes: @unchecked Sendable {
        let mutexes: UnsafeMutablePointer<syringe_mutex>

        init() {
            mutexes = .allocate(capacity: LockStripes.count)
            for index in 0..<LockStripes.count { syringe_mutex_initialize(mutexes + index) }
        }
    }

    @inline(__always)
    static func withLock<Result>(for object: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        // Objects are at least 16-byte aligned: the bits above those pick the stripe.
        let address = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(object)))
        let stripe = stripes.mutexes + Int((address >> 4) & UInt(count - 1))
        syringe_mutex_lock(stripe)
        defer { syringe_mutex_unlock(stripe) }
        #if DEBUG
            precondition(held.value == nil, "a stripe was taken while another was held")
            _ = held.set(UnsafeRawPointer(bitPattern: address))
            defer { _ = held.set(nil) }
        #endif
        return try body()
    }

    #if DEBUG
        /// The object whose stripe this thread holds, nil while it holds none.
        private static let held = ThreadSlot()

        /// Stops unless this thread holds the stripe taken for `object` itself.
        static func checkHeld(for object: AnyObject) {
            let address = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(object)))
            precondition(
                UInt(bitPattern: held.value) == address, "an object's state was touched outside its stripe")
        }
    #endif
}
