#if !canImport(Darwin)
    import Synchronization
#endif

/// One machine word that many threads read and write without a lock: the building block of the lock-free
/// reads on the resolve path (see ``Reclamation``).
///
/// Every operation is sequentially consistent unless it says otherwise: the reclamation protocol relies on
/// one total order of the announcements of readers and the unpublishing of writers.
///
/// On Linux it is `Synchronization.Atomic`. On Darwin that type needs macOS 15 / iOS 18, later than the
/// platforms Syringe supports, so there the word sits behind a ``Locked`` mutex: correct, only not lock-free.
struct AtomicWord: ~Copyable, Sendable {
    #if canImport(Darwin)
        private let storage: Locked<UInt>
    #else
        private let storage: Atomic<UInt>
    #endif

    init(_ value: UInt) {
        #if canImport(Darwin)
            storage = Locked(value)
        #else
            storage = Atomic(value)
        #endif
    }

    /// The current value.
    @inline(__always)
    func load() -> UInt {
        #if canImport(Darwin)
            return storage.withLock { $0 }
        #else
            return storage.load(ordering: .sequentiallyConsistent)
        #endif
    }

    /// The current value, with acquire ordering only: for reading an object published with ``store(_:)``.
    @inline(__always)
    func loadAcquiring() -> UInt {
        #if canImport(Darwin)
            return storage.withLock { $0 }
        #else
            return storage.load(ordering: .acquiring)
        #endif
    }

    /// Replaces the value.
    @inline(__always)
    func store(_ value: UInt) {
        #if canImport(Darwin)
            storage.withLock { $0 = value }
        #else
            storage.store(value, ordering: .sequentiallyConsistent)
        #endif
    }

    /// Replaces the value with release ordering only: for a value no other thread's decision depends on
    /// seeing at once (a reader leaving its critical section).
    @inline(__always)
    func storeReleasing(_ value: UInt) {
        #if canImport(Darwin)
            storage.withLock { $0 = value }
        #else
            storage.store(value, ordering: .releasing)
        #endif
    }

    /// Stores `desired` if the word holds `expected`, in one sequentially consistent step; returns whether it
    /// did, and the value the word held.
    ///
    /// ```swift
    /// let word = AtomicWord(0)
    /// let (exchanged, original) = word.compareExchange(expected: 0, desired: 7)  // (true, 0)
    /// ```
    @inline(__always)
    func compareExchange(expected: UInt, desired: UInt) -> (exchanged: Bool, original: UInt) {
        #if canImport(Darwin)
            return storage.withLock { value in
                let original = value
                if original == expected { value = desired }
                return (original == expected, original)
            }
        #else
            return storage.compareExchange(
                expected: expected, desired: desired, ordering: .sequentiallyConsistent)
        #endif
    }

    /// Adds `delta` (wrapping) and returns the new value.
    @discardableResult
    func add(_ delta: UInt) -> UInt {
        #if canImport(Darwin)
            return storage.withLock { value in
                value &+= delta
                return value
            }
        #else
            return storage.wrappingAdd(delta, ordering: .sequentiallyConsistent).newValue
        #endif
    }

    /// Subtracts `delta` (wrapping) and returns the new value.
    @discardableResult
    func subtract(_ delta: UInt) -> UInt {
        #if canImport(Darwin)
            return storage.withLock { value in
                value &-= delta
                return value
            }
        #else
            return storage.wrappingSubtract(delta, ordering: .sequentiallyConsistent).newValue
        #endif
    }
}
