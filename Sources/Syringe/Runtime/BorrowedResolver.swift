/// The container as the `any Resolver` that factories and `initCompleted` closures receive, held without owning a
/// reference to it, so that calling a factory writes nothing to the container's reference count.
///
/// Swinject hands factories the container itself, and so does Syringe. Converting a `Container` to `any Resolver`
/// for each call would retain and release it, and every thread resolving from the same container would then
/// write the same reference count on every factory call (two threads resolving together measured 1.3x the
/// throughput of one, instead of 2x). Instead, each ``ResolutionContext`` keeps the existential here, made once
/// for the container it last resolved from, and passes it to factories borrowed, through an `inout` parameter:
/// the one way Swift passes an address-only value on without copying it.
///
/// Invariants (the one unsafe piece of the resolver):
/// - `storage` holds an `any Resolver` whose reference to `bound` is *not owned*: it was made by a normal
///   conversion (which retained the container), and that retain was given back at once. So the existential is
///   never destroyed (no `deinitialize`, only `deallocate`), and binding again just overwrites its bits.
/// - It is read only while a resolution of `bound` runs, whose caller keeps the container alive; a copy a
///   factory makes of its `r` is a normal copy, with its own retain.
/// - `bound` may outlive the container it named. If another container is later made at the same address, the
///   bits stay right for it: they are that address, `Container`'s metadata and its `Resolver` conformance, which
///   depend only on the address, as `Container` is a final class.
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
    ///
    /// - Complexity: O(1); two atomic operations on the container when it differs from the last one bound,
    ///   none otherwise.
    @inline(__always)
    mutating func bind(to container: borrowing Container) {
        let address = Unmanaged.passUnretained(container).toOpaque()
        if bound == address { return }
        rebind(to: container, at: address)
    }

    @inline(never)
    private mutating func rebind(to container: borrowing Container, at address: UnsafeMutableRawPointer) {
        // The conversion retains the container; the release gives that reference back, so the slot owns none.
        // The caller's reference keeps the count above zero throughout.
        storage.initialize(to: copy container)
        Unmanaged<Container>.fromOpaque(address).release()
        bound = address
    }

    /// Calls `body` with the bound container as an `any Resolver`, borrowed (no retain, no release).
    @inline(__always)
    func withResolver<Result>(_ body: (any Resolver) throws -> Result) rethrows -> Result {
        try Self.call(body, with: &storage.pointee)
    }

    /// Passes `resolver` to `body`. Through `inout`, Swift hands the value on in place; read as `storage.pointee`
    /// it would copy it (a retain and a release).
    @inline(__always)
    private static func call<Result>(
        _ body: (any Resolver) throws -> Result, with resolver: inout any Resolver
    ) rethrows -> Result {
        try body(resolver)
    }
}
