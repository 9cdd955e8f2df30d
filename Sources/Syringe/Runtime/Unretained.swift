/// A reference that does not own its object: reading it writes nothing to the reference count, so threads resolving
/// the same services write no shared memory.
///
/// Invariant: used only while one of the runtime's four keepers keeps the object (each use site names it), and never
/// kept beyond it; what must outlive it takes a strong reference with ``object``. The keepers:
/// - a **reading section** (``ResolvingThread/enterReading()``): a table loaded in it and all it holds, until the
///   section ends (``Reclamation`` releases them later);
/// - a **registration**: its current configuration (a replaced one is kept; a shared one lives for good);
/// - a **thread**: its ``ResolvingThread``, owned by its thread-local variable until the thread exits;
/// - a **resolution**: the thread's active ``ResolutionContext``.
struct Unretained<Object: AnyObject> {
    private let reference: Unmanaged<Object>

    /// A reference to `object`, which the caller's keeper keeps alive.
    @inline(__always)
    init(_ object: Object) {
        reference = .passUnretained(object)
    }

    @inline(__always)
    private init(reference: Unmanaged<Object>) {
        self.reference = reference
    }

    /// Calls `body` with the object, borrowed: the address reinterpreted as a reference the caller does not own, which
    /// the optimizer passes on as it is (`takeUnretainedValue()` would be retained and released around the call).
    @inline(__always)
    func with<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try body(unsafeBitCast(reference.toOpaque(), to: Object.self))
    }

    /// A strong reference to the object.
    @inline(__always)
    var object: Object { reference.takeUnretainedValue() }

    @inline(__always)
    var identifier: ObjectIdentifier { ObjectIdentifier(reference.takeUnretainedValue()) }

    @inline(__always)
    static func === (lhs: Unretained, rhs: Unretained) -> Bool {
        lhs.reference.toOpaque() == rhs.reference.toOpaque()
    }

    @inline(__always)
    func refers(to object: borrowing Object) -> Bool {
        reference.toOpaque() == Unmanaged.passUnretained(copy object).toOpaque()
    }

    /// The reference as a word, to publish in an ``AtomicWord``; it owns nothing.
    @inline(__always)
    var bits: UInt { UInt(bitPattern: reference.toOpaque()) }

    /// The reference a word published with ``bits`` (or ``retainedBits(of:)``) holds; `nil` for 0.
    @inline(__always)
    init?(bits: UInt) {
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        self.init(reference: Unmanaged.fromOpaque(pointer))
    }

    /// `object` as a word that owns one reference to it (given back with ``releaseRetainedBits(_:)``).
    @inline(__always)
    static func retainedBits(of object: Object) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    }

    /// Gives back (or below, takes) the reference a word made by ``retainedBits(of:)`` owns.
    @inline(__always)
    static func releaseRetainedBits(_ bits: UInt) {
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return }
        Unmanaged<Object>.fromOpaque(pointer).release()
    }

    @inline(__always)
    static func takeRetainedBits(_ bits: UInt) -> Object? {
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeRetainedValue()
    }
}

// A reference is as sendable as its object: it is only a way of reaching it.
extension Unretained: Sendable where Object: Sendable {}
