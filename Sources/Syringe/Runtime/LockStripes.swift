/// A fixed set of mutexes that many small objects share, each object using the one its address picks: a lock for
/// objects too numerous and too short-lived to make a mutex each (every `@Injected` box would otherwise allocate
/// and initialize its own, and destroy it with the box).
///
/// ```swift
/// let value = LockStripes.withLock(for: box) { box.stored }
/// ```
///
/// **Invariant.** A stripe is held only for the body of `withLock`, and a body never takes a lock (a stripe or any
/// other) nor runs code it does not know: it reads and writes its object's fields, and moves out any value whose
/// release could run a user's `deinit`, to drop it after the stripe is unlocked. So two objects sharing a stripe
/// only ever wait for each other briefly, and a stripe cannot deadlock. Checked in debug builds: a thread that
/// enters a stripe while it holds one stops.
enum LockStripes {
    /// How many stripes: a power of two, many more than the cores of any machine, so unrelated objects seldom share.
    private static let count = 64

    /// The stripes. Each one's state is the number of times it was taken (kept, so the state is not empty; see
    /// `InjectedStorage` on ThreadSanitizer and empty states).
    private static let stripes: [Locked<UInt>] = (0..<count).map { _ in Locked(0) }

    /// Runs `body` holding the stripe of `object`.
    @inline(__always)
    static func withLock<Result>(for object: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        // Objects are at least 16-byte aligned: the bits above those pick the stripe.
        let address = UInt(bitPattern: Int(bitPattern: ObjectIdentifier(object)))
        let stripe = stripes[Int((address >> 4) & UInt(count - 1))]
        return try stripe.withLock { taken in
            taken &+= 1
            #if DEBUG
                precondition(!holdsStripe, "a stripe was taken while another was held")
                holdsStripe = true
                defer { holdsStripe = false }
            #endif
            return try body()
        }
    }

    #if DEBUG
        /// Debug builds: whether this thread holds a stripe, the invariant's check (non-nil while it does).
        private static let held = ThreadSlot()
        private static var holdsStripe: Bool {
            get { held.value != nil }
            set { _ = held.set(newValue ? UnsafeRawPointer(bitPattern: 1) : nil) }
        }
    #endif
}
