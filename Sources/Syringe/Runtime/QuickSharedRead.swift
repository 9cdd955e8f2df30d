/// The first step of `Container.resolve(_:)`: the read of a kept `.container` instance of a class type, in code not
/// specialized for the service type, handed back as its one reference.
///
/// **Invariant.** `quickSharedObject(_:miss:)` returns an object only when the registration for the key (no name,
/// no arguments) publishes a box typed exactly as the requested type that holds one class reference; the object is
/// retained inside the thread's quick read, which keeps the box valid (Reclamation.swift). On `nil`, `miss` says
/// which reading section is still open, and the caller must continue with `requireAfterQuickRead` on the same
/// thread, which closes it. `exactReference` is used only on an object returned for the same type (checked in debug
/// builds).
extension Container {
    /// The kept `.container` instance of exactly the class type `serviceType` (no name, no arguments), if made; read
    /// with no lock. On `nil`, `miss` holds what the read found, for ``requireAfterQuickRead(_:_:)``.
    @usableFromInline
    @inline(never)
    func quickSharedObject(_ serviceType: ObjectIdentifier, miss: inout QuickReadMiss) -> AnyObject? {
        guard let thread = ResolvingThread.installed ?? Self.installThreadState() else {
            // A thread that cannot keep a state (it is exiting): no section entered.
            return nil
        }
        // The state is borrowed per step, not across the table's build (a borrow spanning a call that may release
        // objects costs a retain and a release). Only the outermost resolve reads quickly: a nested one joins the
        // running resolution.
        guard thread.with({ $0.enterReadingWithQuickRead() }) else {
            miss = QuickReadMiss(thread: thread, isOutermost: false, entry: nil)
            return nil
        }
        // This container's own table only (a lookup in an ancestor may note what it finds: the continuation's job).
        // Building the table (it locks) ends the quick read.
        let table = registry.currentTable()
        let key = ServiceKey(serviceType: serviceType, argumentsType: noArgumentsKey, name: nil)
        // A container with nothing of its own (the common child) is not probed.
        let index = table.with { $0.bindings.isEmpty ? nil : $0.index(of: key) }
        let entry = index.map { RegistryView.Hit(table: table, index: $0) }
        guard thread.with({ $0.isInQuickRead }), let entry,
            let box = entry.registration.with({ $0.publishedInstance(typedAs: serviceType) })
        else {
            thread.with { $0.endQuickRead() }
            miss = QuickReadMiss(thread: thread, isOutermost: true, entry: entry)
            return nil
        }
        guard let object = box.with({ $0.object }) else {
            // Typed exactly, but not one reference: taken out by the continuation, still inside this quick read.
            miss = QuickReadMiss(thread: thread, isOutermost: true, entry: entry, quickBox: box)
            return nil
        }
        thread.with { $0.leaveReading() }
        return object
    }

    /// The first resolve of a thread installs its state, which the thread-local slot then owns; `nil` if it cannot.
    @inline(never)
    private static func installThreadState() -> Unretained<ResolvingThread>? {
        let made = ResolvingThread.makeCurrent()
        return withExtendedLifetime(made) { ResolvingThread.installed }
    }
}

/// What a quick read that found no kept instance leaves for the resolve that continues it: valid only on its
/// thread, until ``Container/requireAfterQuickRead(_:_:)`` closes the reading section that keeps `entry` valid.
@usableFromInline
struct QuickReadMiss {
    // Words, so that the inlinable caller can make an empty one without seeing the runtime's types.
    @usableFromInline var threadBits: UInt = 0
    @usableFromInline var tableBits: UInt = 0
    @usableFromInline var index = 0
    @usableFromInline var isOutermost = false
    @usableFromInline var boxBits: UInt = 0

    /// No section entered: the continuation resolves from the start.
    @inlinable
    init() {}

    init(
        thread: Unretained<ResolvingThread>, isOutermost: Bool, entry: RegistryView.Hit?,
        quickBox: Unretained<PublishedInstance>? = nil
    ) {
        threadBits = thread.bits
        boxBits = quickBox?.bits ?? 0
        self.isOutermost = isOutermost
        if let entry {
            tableBits = entry.table.bits
            index = entry.index
        }
    }

    /// The thread whose reading section the quick read entered; `nil` if it entered none.
    var thread: Unretained<ResolvingThread>? { Unretained(bits: threadBits) }

    /// A kept box typed exactly as the service but not one reference, kept valid by the quick read still on.
    var quickBox: Unretained<PublishedInstance>? { Unretained(bits: boxBits) }

    /// The entry of the container's own table for the key, if it has one.
    var entry: RegistryView.Hit? {
        Unretained<RegistryTable>(bits: tableBits).map { RegistryView.Hit(table: $0, index: index) }
    }
}

/// `object`, which ``Container/quickSharedObject(_:miss:)`` returned for `Service`, as a `Service`, with no cast.
@inlinable
func exactReference<Service>(_ object: AnyObject, as serviceType: Service.Type) -> Service {
    checkExactReference(object, as: Service.self)
    return unsafeBitCast(object, to: Service.self)
}

/// Debug builds: stops unless `Service` is a class type and `object` an instance of it (or of a subclass).
@inlinable
func checkExactReference<Service>(_ object: AnyObject, as serviceType: Service.Type) {
    #if DEBUG
        precondition(
            Service.self is AnyClass && object is Service,
            "a quick read handed back a \(type(of: object)) for \(Service.self)")
    #endif
}
