/// The container as the `any Resolver` factories receive, held without owning a reference, so that a factory call
/// writes nothing to the reference count every resolving thread shares (two threads measured 1.3x one, not 2x).
///
/// Invariants:
/// - `storage` holds an `any Resolver` whose reference to `bound` is *not owned* (the conversion's retain was given
///   back at once): it is never deinitialized, only deallocated, and binding again overwrites its bits.
/// - It is read only while a resolution of `bound` runs, whose caller keeps the container alive.
/// - A container made later at `bound`'s address gets the same bits (`Container` is a final class).
struct BorrowedResolver: ~Copyable {
    private let storage = UnsafeMutablePointer<any Resolver>.allocate(capacity: 1)
    /// The container `storage` refers to; `nil` until the first `bind`.
    private var bound: UnsafeMutableRawPointer?

    init() {}

    deinit {
        // Not deinitialized: the existential owns no reference (see the invariants).
        storage.deallocate()
    }

    /// Makes the resolver refer to `container`, which the caller keeps alive while it is used.
    @inline(__always)
    mutating func bind(to container: borrowing Container) {
        let address = Unmanaged.passUnretained(container).toOpaque()
        if bound == address { return }
        rebind(to: container, at: address)
    }

    @inline(never)
    private mutating func rebind(to container: borrowing Container, at address: UnsafeMutableRawPointer) {
        // The conversion retains the container; the release gives that reference back, so the slot owns none.
        storage.initialize(to: copy container)
        Unmanaged<Container>.fromOpaque(address).release()
        bound = address
    }

    /// Calls `body` with the bound container, borrowed (no retain, no release).
    @inline(__always)
    func withResolver<Result>(_ body: (any Resolver) throws -> Result) rethrows -> Result {
        try Self.call(body, with: &storage.pointee)
    }

    /// Passes `resolver` to `body` in place, through `inout`: read as `storage.pointee` it would be copied.
    @inline(__always)
    private static func call<Result>(
        _ body: (any Resolver) throws -> Result, with resolver: inout any Resolver
    ) rethrows -> Result {
        try body(resolver)
    }
}
