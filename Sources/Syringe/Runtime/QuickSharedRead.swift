/// The first step of `Container.resolve(_:)`: the read of a kept `.container` instance of a class type, in code not
/// specialized for the service type, handed back as its one reference.
///
/// **Invariant.** An object is returned only from a box typed exactly as the requested type holding one class
/// reference, retained inside the quick read; on `nil`, the caller continues with `requireAfterQuickRead` on the same
/// thread, which closes the section. `exactReference` is used only for the same type (checked in debug builds).
extension Container {
    /// The kept `.container` instance of exactly the class type `serviceType` (no name, no arguments), if made;
    /// on `nil`, `miss` holds what the read found.
    @usableFromInline
    @inline(never)
    func quickSharedObject(_ serviceType: ObjectIdentifier, miss: inout QuickReadMiss) -> AnyObject? {
        guard let thread = ResolvingThread.installed ?? Self.installThreadState() else {
            // A thread that cannot keep a state (it is exiting): no section entered.
            return nil
        }
        // Borrowed per step, not across the table's build (that would cost a retain). Only the outermost resolve
        // reads quickly: a nested one joins the running resolution.
        guard thread.with({ $0.enterReadingWithQuickRead() }) else {
            miss = QuickReadMiss(thread: thread, isOutermost: false, entry: nil)
            return nil
        }
        // This container's own table only (an ancestor's lookup may note what it finds). Building ends the quick read.
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

    /// Installs the thread's state on its first resolve; `nil` if it cannot.
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

    /// The thread whose reading section the quick read entered, if any.
    var thread: Unretained<ResolvingThread>? { Unretained(bits: threadBits) }

    /// A kept box typed exactly as the service but not one reference, kept valid by the quick read still on.
    var quickBox: Unretained<PublishedInstance>? { Unretained(bits: boxBits) }

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
