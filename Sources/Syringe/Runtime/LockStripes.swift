internal import CSyringeRuntime

/// A fixed set of mutexes that many small objects share, each object using the one its address picks: a lock for
/// objects too numerous and too short-lived to make a mutex each (every `@Injected` box would otherwise allocate
/// and initialize its own, and destroy it with the box).
///
/// ```swift fragment
/// let value = LockStripes.withLock(for: box) { box.stored }
/// ```
///
/// **Invariant.** A stripe is held only for the body of `withLock`, and a body never takes a lock (a stripe or any
/// other) nor runs code it does not know: it reads and writes its object's fields, and moves out any value whose
/// release could run a user's `deinit`, to drop it after the stripe is unlocked. So two objects sharing a stripe
/// only ever wait for each other briefly, and a stripe cannot deadlock. Checked in debug builds: a thread that
/// enters a stripe while it holds one stops, and a caller can check that it holds the stripe taken for an object
/// (`checkHeld(for:)`).
enum LockStripes {
    /// How many stripes: a power of two, many more than the cores of any machine, so unrelated objects seldom share.
    private static let count = 64

    /// The stripes: `count` mutexes in one allocation made once and never freed, so a stripe is a pointer and taking
    /// one retains nothing (an array of `Locked` values retained and released the chosen one's buffer, ~40
    /// instructions a lock).
    private static let stripes = Stripes()

    /// The mutexes' storage. `@unchecked Sendable`: the pointer never changes and the mutexes are only ever used
    /// through `syringe_mutex_lock` / `syringe_mutex_unlock`, which any thread may call.
    private struct Stripes: @unchecked Sendable {
        let mutexes: UnsafeMutablePointer<syringe_mutex>

        init() {
            mutexes = .allocate(capacity: LockStripes.count)
            for index in 0..<LockStripes.count { syringe_mutex_initialize(mutexes + index) }
        }
    }

    /// Runs `body` holding the stripe of `object`.
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
        /// Debug builds: the object whose stripe this thread holds, the invariant's check (nil while it holds none).
        private static let held = ThreadSlot()

        /// Debug builds: stops unless this thread holds the stripe of `object`, taken for `object` itself (a
        /// caller's check that it touches an object's guarded state only under that object's stripe).
        static func checkHeld(for object: AnyObject) {
            let address = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(object)))
            precondition(
                UInt(bitPattern: held.value) == address, "an object's state was touched outside its stripe")
        }
    #endif
}
