/// The read of a kept `.container` instance of a class type that `Container.resolve(_:)` tries first, in code not
/// specialized for the service type: no generic metadata is consulted, and the instance is handed back as the one
/// reference it is.
///
/// ```swift fragment
/// var miss = QuickReadMiss()
/// if let object = container.quickSharedObject(ObjectIdentifier(Service.self), miss: &miss) {
///     return exactReference(object, as: Service.self)
/// }
/// return try container.requireAfterQuickRead(Service.self, &miss)
/// ```
///
/// **Invariant.** `quickSharedObject(_:miss:)` returns an object only when the registration found for the key (the
/// service type, no name, no arguments) publishes a box typed exactly as the requested type, and that box holds
/// the instance as one class reference (`PublishedInstance.object`, set only for class types); the object is
/// retained inside the thread's quick read, which keeps the box valid until then (Runtime/Reclamation.swift). When
/// it returns `nil`, `miss` says which reading section of the thread is still open, and the caller must continue
/// with `requireAfterQuickRead`, on the same thread, which resolves as any top-level resolve does and closes that
/// section. `exactReference` is used
/// only on an object `quickSharedObject` returned for the same type. Checked in debug builds: the object is an
/// instance of the requested type, and the section is open on the way out of a miss.
extension Container {
    /// The kept instance of the registration of `serviceType` (no name, no arguments), if it is a `.container`
    /// instance of exactly that class type, already made; read with no lock. On `nil`, `miss` holds what the read
    /// found, for ``requireAfterQuickRead(_:_:)`` to continue from: the thread's reading section is left open, and
    /// the entry of this container's table for the key, if any, is not looked up again.
    @usableFromInline
    @inline(never)
    func quickSharedObject(_ serviceType: ObjectIdentifier, miss: inout QuickReadMiss) -> AnyObject? {
        guard let thread = ResolvingThread.installed ?? Self.installThreadState() else {
            // A thread that cannot keep a state (it is exiting): no section is entered; the continuation resolves
            // from the start.
            return nil
        }
        // The thread's state is borrowed for each step, not across the table's build (which may release objects):
        // a borrow that spans such a call costs a retain and a release of the state.
        // Only the outermost resolve of the thread reads quickly: a resolve inside a running resolution (a
        // factory's own `container.resolve`) joins it, from the start.
        guard thread.with({ $0.enterReadingWithQuickRead() }) else {
            miss = QuickReadMiss(thread: thread, isOutermost: false, entry: nil)
            return nil
        }
        // This container's own table only: a lookup in a base or an ancestor may note what it finds (a recording
        // derived container does); the continuation looks there. Building the table (it locks) ends the quick read.
        let table = registry.currentTable()
        let key = ServiceKey(serviceType: serviceType, argumentsType: noArgumentsKey, name: nil)
        // A child or derived container with nothing of its own (the common child) is not probed.
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
            // Kept, typed exactly, but not one reference (a struct, an existential): taken out by the typed
            // continuation, still inside this quick read.
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

/// What a quick read that found no kept instance leaves for the resolve that continues it.
///
/// Valid only on the thread that made it, until the continuation (``Container/requireAfterQuickRead(_:_:)``)
/// closes the reading section it describes; `entry` is kept valid by that section.
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

    /// The box of the kept instance, typed exactly as the service, when the quick read found one that is not one
    /// reference: the thread's quick read is still on, and keeps it valid until the continuation takes the value
    /// out.
    var quickBox: Unretained<PublishedInstance>? { Unretained(bits: boxBits) }

    /// The entry of the container's own table for the key, if it has one.
    var entry: RegistryView.Hit? {
        Unretained<RegistryTable>(bits: tableBits).map { RegistryView.Hit(table: $0, index: index) }
    }
}

/// `object`, which ``Container/quickSharedObject(_:miss:)`` returned for `Service`, as a `Service`: it is an instance
/// of exactly that class type, so its reference is reinterpreted with no cast.
@inlinable
func exactReference<Service>(_ object: AnyObject, as serviceType: Service.Type) -> Service {
    checkExactReference(object, as: Service.self)
    return unsafeBitCast(object, to: Service.self)
}

/// Debug builds of Syringe: stops unless `Service` is a class type and `object` an instance of it (of it or a
/// subclass: a registration of a base class may make a subclass). Empty in release builds.
@inlinable
func checkExactReference<Service>(_ object: AnyObject, as serviceType: Service.Type) {
    #if DEBUG
        precondition(
            Service.self is AnyClass && object is Service,
            "a quick read handed back a \(type(of: object)) for \(Service.self)")
    #endif
}
