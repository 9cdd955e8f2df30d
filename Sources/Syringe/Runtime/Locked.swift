internal import CSyringeRuntime

/// The heap object behind ``Locked``: the protected state as the header, the mutex as the one element.
final class LockedBuffer<State>: ManagedBuffer<State, syringe_mutex> {
    deinit {
        withUnsafeMutablePointerToElements { syringe_mutex_destroy($0) }
    }
}

/// A value behind a POSIX mutex, both in one heap allocation, so the mutex never moves.
///
/// Invariant: the state is touched only inside `withLock`. The lock is not recursive: no code that may take it
/// again, and no user code (factories, callbacks), runs inside it.
struct Locked<State>: @unchecked Sendable {
    // @unchecked Sendable: every access to the state goes through `withLock`, which holds the mutex throughout.
    private let buffer: LockedBuffer<State>

    init(_ initialState: consuming State) {
        // Moved in through an optional, not copied (a copy of a large state cost ~300 instructions).
        var pending: State? = consume initialState
        self.init { pending.take()! }
    }

    /// Creates the state with `makeState`, in place: a large state is neither copied nor moved on the way.
    @inline(__always)
    init(making makeState: () -> State) {
        let created = LockedBuffer<State>.create(minimumCapacity: 1) { _ in makeState() }
        // `create` is declared to return the base class but allocates an instance of the class it is called on.
        buffer = created as! LockedBuffer<State>
        buffer.withUnsafeMutablePointers { state, mutex in
            syringe_mutex_initialize(mutex)
            // `withLock(borrowingBits:)` finds both at these offsets: checked in every build, at the first lock made.
            let object = UInt(bitPattern: Unmanaged.passUnretained(buffer).toOpaque())
            precondition(
                UInt(bitPattern: state) &- object == UInt(Locked.stateOffset)
                    && UInt(bitPattern: mutex) &- object == UInt(Locked.mutexOffset),
                "Syringe: a LockedBuffer's state or mutex is not where withLock(borrowingBits:) looks")
        }
    }

    /// The state's offset in the buffer: after the object's header (two words), aligned for `State`.
    private static var stateOffset: Int {
        let alignment = MemoryLayout<State>.alignment
        return (2 * MemoryLayout<UInt>.size + alignment - 1) & ~(alignment - 1)
    }

    /// The mutex's offset in the buffer: after the state, aligned.
    private static var mutexOffset: Int {
        let alignment = MemoryLayout<syringe_mutex>.alignment
        return (stateOffset + MemoryLayout<State>.size + alignment - 1) & ~(alignment - 1)
    }

    /// The lock as the bits of a retained reference, for an ``AtomicWord``.
    func retainedBits() -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(buffer).toOpaque())
    }

    /// The lock whose ``retainedBits()`` are `bits`, which someone must own while the result is used.
    @inline(__always)
    init(borrowingBits bits: UInt) {
        buffer = Unmanaged<LockedBuffer<State>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    static func releaseRetainedBits(_ bits: UInt) {
        Unmanaged<LockedBuffer<State>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release()
    }

    @inline(__always)
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try Self.withLock(on: buffer, body)
    }

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

    /// ``withLock(_:)`` on the `Locked` whose ``retainedBits()`` are `bits`, which the caller keeps alive, with no
    /// reference made from them (it would be retained and released: ~40 instructions a registration).
    @inline(__always)
    static func withLock<Result>(borrowingBits bits: UInt, _ body: (inout State) throws -> Result) rethrows -> Result {
        // Invariant: `bits` are a live `LockedBuffer<State>`; state and mutex at the offsets `init(making:)` checked.
        let object = UnsafeMutableRawPointer(bitPattern: bits).unsafelyUnwrapped
        let state = (object + stateOffset).assumingMemoryBound(to: State.self)
        let mutex = (object + mutexOffset).assumingMemoryBound(to: syringe_mutex.self)
        syringe_mutex_lock(mutex)
        defer { syringe_mutex_unlock(mutex) }
        return try body(&state.pointee)
    }
}
