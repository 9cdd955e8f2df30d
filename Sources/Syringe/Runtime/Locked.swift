internal import CSyringeRuntime

/// The heap object behind ``Locked``: the protected state as the header, the mutex as the one element.
final class LockedBuffer<State>: ManagedBuffer<State, syringe_mutex> {
    deinit {
        withUnsafeMutablePointerToElements { syringe_mutex_destroy($0) }
    }
}

/// A value protected by a mutex, in the style of `Synchronization.Mutex`, the same on every platform (a POSIX mutex, through the runtime's C half).
///
/// The state and the mutex share one heap allocation, so the mutex never moves. The lock is not recursive:
/// never call back into code that may take the same lock from inside `withLock`, and never run user code
/// (factories, callbacks) inside it.
struct Locked<State>: @unchecked Sendable {
    // @unchecked Sendable: every access to the state goes through `withLock`, which holds the mutex for the
    // whole access, so the state is never touched by two threads at once.
    private let buffer: LockedBuffer<State>

    init(_ initialState: consuming State) {
        // Moved into the buffer, not copied: a closure cannot consume what it captures, but it can take it out
        // of an optional (a copy of a large state and the destruction of the original cost ~300 instructions).
        var pending: State? = consume initialState
        self.init { pending.take()! }
    }

    /// Creates the state with `makeState`, in place: a large state is neither copied nor moved on the way.
    ///
    /// ```swift fragment
    /// let state = Locked { State(scope: scope) }
    /// ```
    @inline(__always)
    init(making makeState: () -> State) {
        let created = LockedBuffer<State>.create(minimumCapacity: 1) { _ in makeState() }
        // `create` is declared to return the base class but allocates an instance of the class it is called on.
        buffer = created as! LockedBuffer<State>
        buffer.withUnsafeMutablePointers { state, mutex in
            syringe_mutex_initialize(mutex)
            // `withLock(borrowingBits:)` finds both at these offsets from the object's address: checked once here, in
            // every build, so that a layout other than the one assumed stops at the first lock made.
            let object = UInt(bitPattern: Unmanaged.passUnretained(buffer).toOpaque())
            precondition(
                UInt(bitPattern: state) &- object == UInt(Locked.stateOffset)
                    && UInt(bitPattern: mutex) &- object == UInt(Locked.mutexOffset),
                "Syringe: a LockedBuffer's state or mutex is not where withLock(borrowingBits:) looks")
        }
    }

    /// Where a buffer's state (the `ManagedBuffer` header) starts, from the object's address: after the object's
    /// own header (its metadata and reference counts, two words), aligned for `State`.
    private static var stateOffset: Int {
        let alignment = MemoryLayout<State>.alignment
        return (2 * MemoryLayout<UInt>.size + alignment - 1) & ~(alignment - 1)
    }

    /// Where a buffer's mutex (its one element) starts, from the object's address: after the state, aligned.
    private static var mutexOffset: Int {
        let alignment = MemoryLayout<syringe_mutex>.alignment
        return (stateOffset + MemoryLayout<State>.size + alignment - 1) & ~(alignment - 1)
    }

    /// The lock and its state as the bits of a retained reference, to keep in an ``AtomicWord``; whoever holds
    /// the bits owns that reference and gives it back with ``releaseRetainedBits(_:)``.
    func retainedBits() -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(buffer).toOpaque())
    }

    /// The lock whose ``retainedBits()`` are `bits`, which must still be owned by someone for as long as the
    /// result is used.
    @inline(__always)
    init(borrowingBits bits: UInt) {
        buffer = Unmanaged<LockedBuffer<State>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    /// Gives back the reference ``retainedBits()`` made.
    static func releaseRetainedBits(_ bits: UInt) {
        Unmanaged<LockedBuffer<State>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try Self.withLock(on: buffer, body)
    }

    /// The one locked access: `body` with `buffer`'s state, under its mutex.
    @inline(__always)
    private static func withLock<Result>(
        on buffer: LockedBuffer<State>, _ body: (inout State) throws -> Result
    ) rethrows -> Result {
        try buffer.withUnsafeMutablePointers { state, mutex in
            syringe_mutex_lock(mutex)
            defer { syringe_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }

    /// ``withLock(_:)`` on the `Locked` whose ``retainedBits()`` are `bits`, without a `Locked` made from them: one
    /// made with ``init(borrowingBits:)`` retains the buffer and releases it again after the call (two atomic
    /// operations). The caller keeps the reference the bits stand for alive throughout.
    @inline(__always)
    static func withLock<Result>(borrowingBits bits: UInt, _ body: (inout State) throws -> Result) rethrows -> Result {
        // Invariant: `bits` are a `LockedBuffer<State>` the caller keeps alive (see above). Its state and mutex are
        // reached from its address, at the offsets `init(making:)` checked, with no reference to the object: a
        // reference made from the bits was retained and released around every locked body (a registration paid
        // ~40 instructions for it).
        let object = UnsafeMutableRawPointer(bitPattern: bits).unsafelyUnwrapped
        let state = (object + stateOffset).assumingMemoryBound(to: State.self)
        let mutex = (object + mutexOffset).assumingMemoryBound(to: syringe_mutex.self)
        syringe_mutex_lock(mutex)
        defer { syringe_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}
