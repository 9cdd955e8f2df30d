/// The read of a kept `.container` instance of a class type that `Container.resolve(_:)` tries first, in code not
/// specialized for the service type: no generic metadata is consulted, and the instance is handed back as the one
/// reference it is.
///
/// ```swift
/// // resolve(_:), inlined into the app: one call, into an uninitialized local.
/// withUnsafeTemporaryAllocation(of: Service.self, capacity: 1) { slot in
///     container.resolveAfterEntry(into: slot.baseAddress!) ? slot.baseAddress!.move() : nil
/// }
/// // resolveAfterEntry(into:), out of line:
/// var miss = QuickReadMiss()
/// if let object = quickSharedRead(ObjectIdentifier(Service.self), miss: &miss) {
///     initializeExactReference(object, at: resolved)
///     return true
/// }
/// resolved.initialize(to: try continueAfterQuickRead(Service.self, miss))
/// return true
/// ```
///
/// **Invariant.** `quickSharedRead(_:miss:)` returns an object only when the registration found for the key (the
/// service type, no name, no arguments) publishes a box typed exactly as the requested type, and that box holds
/// the instance as one class reference (`PublishedInstance.object`, set only for class types); the object is
/// retained inside the thread's quick read, which keeps the box valid until then (Runtime/Reclamation.swift). When
/// it returns `nil`, `miss` says which reading section of the thread is still open, and the caller must continue
/// with `continueAfterQuickRead`, on the same thread, which resolves as any top-level resolve does and closes that
/// section. `exactReference` and `initializeExactReference` are used only on an object the read returned for the
/// same type. The one call's slot is an uninitialized local of its inlined caller, initialized exactly when the
/// call returns `true` (resolve) or does not throw (require), and then moved out once: with the object's
/// reference when the read found one (`Service` is then exactly its class type, so a `Service` is one reference),
/// else with what the continuation returned. Generic code there never makes a `Service?` (that would look up
/// `Optional<Service>`'s metadata on every call). Checked in debug builds: the object is an instance of the
/// requested type, and the section is open on the way out of a miss.
extension Container {
    /// The kept instance of the registration of `serviceType` (no name, no arguments), if it is a `.container`
    /// instance of exactly that class type, already made; read with no lock. On `nil`, `miss` holds what the read
    /// found, for `continueAfterQuickRead` to continue from: the thread's reading section is left open, and
    /// the entry of this container's table for the key, if any, is not looked up again.
    @inline(never)
    func quickSharedObject(_ serviceType: ObjectIdentifier, miss: inout QuickReadMiss) -> AnyObject? {
        quickSharedRead(serviceType, miss: &miss)
    }

    /// ``quickSharedObject(_:miss:)``'s body, inlined into `resolve(_:)` and `require(_:)`'s one call, so that a
    /// kept instance costs that call only.
    @inline(__always)
    func quickSharedRead(_ serviceType: ObjectIdentifier, miss: inout QuickReadMiss) -> AnyObject? {
        guard let thread = ResolvingThread.installed ?? Self.installThreadState() else {
            // A thread that cannot keep a state (it is exiting): no section is entered; the continuation resolves
            // from the start.
            return nil
        }
        return thread.with { state -> AnyObject? in
            // Only the outermost resolve of the thread reads quickly: a resolve inside a running resolution (a
            // factory's own `container.resolve`) joins it, from the start.
            guard state.enterReadingWithQuickRead() else {
                miss = QuickReadMiss(thread: thread, isOutermost: false, entry: nil)
                return nil
            }
            // This container's own table only: a lookup in a base or an ancestor may note what it finds (a
            // recording derived container does); the continuation looks there. Building the table (it locks)
            // ends the quick read.
            let table = Unretained(registry).with { $0.currentTable() }
            let key = ServiceKey(serviceType: serviceType, argumentsType: noArgumentsKey, name: nil)
            // A child or derived container with nothing of its own (the common child) is not probed.
            let index = table.with { $0.bindings.isEmpty ? nil : $0.index(of: key) }
            let entry = index.map { RegistryView.Hit(table: table, index: $0) }
            guard state.isInQuickRead, let entry,
                let box = entry.registration.with({ $0.publishedInstance(typedAs: serviceType) })
            else {
                state.endQuickRead()
                miss = QuickReadMiss(thread: thread, isOutermost: true, entry: entry)
                return nil
            }
            guard let object = box.with({ $0.object }) else {
                // Kept, typed exactly, but not one reference (a struct, an existential): taken out by the typed
                // continuation, still inside this quick read.
                miss = QuickReadMiss(thread: thread, isOutermost: true, entry: entry, quickBox: box)
                return nil
            }
            state.leaveReading()
            return object
        }
    }

    /// The first resolve of a thread installs its state, which the thread-local slot then owns; `nil` if it cannot.
    @inline(never)
    private static func installThreadState() -> Unretained<ResolvingThread>? {
        let made = ResolvingThread.makeCurrent()
        return withExtendedLifetime(made) { ResolvingThread.installed }
    }
}

extension Container {
    /// ``resolve(_:)-(Service.Type)``: one call, into a local of the caller.
    @inlinable
    func resolveInOneCall<Service>(_ serviceType: Service.Type) -> Service? {
        withUnsafeTemporaryAllocation(of: Service.self, capacity: 1) { slot in
            resolveAfterEntry(into: slot.baseAddress!) ? slot.baseAddress!.move() : nil
        }
    }

    /// ``require(_:)-(Service.Type)``: one call, into a local of the caller.
    @inlinable
    func requireInOneCall<Service>(_ serviceType: Service.Type) throws(ResolutionError) -> Service {
        try withUnsafeTemporaryAllocation(of: Service.self, capacity: 1) { slot throws(ResolutionError) in
            try requireAfterEntry(into: slot.baseAddress!)
            return slot.baseAddress!.move()
        }
    }

    /// Initializes `resolved` with the service and returns `true`, or returns `false`, leaving it uninitialized,
    /// if it cannot be resolved (logged). A kept instance of a class type is read without generic code and stored
    /// as its one reference.
    @usableFromInline
    @inline(never)
    func resolveAfterEntry<Service>(into resolved: UnsafeMutablePointer<Service>) -> Bool {
        var miss = QuickReadMiss()
        if let object = quickSharedRead(ObjectIdentifier(Service.self), miss: &miss) {
            initializeExactReference(object, at: resolved)
            return true
        }
        return resolveAfterMiss(miss, into: resolved)
    }

    /// ``resolveAfterEntry(into:)`` past a quick read that found no kept instance. Out of line, so that the frame
    /// of the quick read holds none of the continuation's generic temporaries (each a stack allocation sized from
    /// the metadata on every call).
    @inline(never)
    private func resolveAfterMiss<Service>(_ miss: QuickReadMiss, into resolved: UnsafeMutablePointer<Service>)
        -> Bool
    {
        // Through `require`'s continuation: one copy of the resolution's code for both.
        do {
            try requireAfterMiss(miss, into: resolved)
            return true
        } catch {
            Container.log(error)
            return false
        }
    }

    /// Initializes `resolved` with the service, or throws why it cannot be resolved, leaving it uninitialized; as
    /// ``resolveAfterEntry(into:)``.
    @usableFromInline
    @inline(never)
    func requireAfterEntry<Service>(into resolved: UnsafeMutablePointer<Service>) throws(ResolutionError) {
        var miss = QuickReadMiss()
        if let object = quickSharedRead(ObjectIdentifier(Service.self), miss: &miss) {
            initializeExactReference(object, at: resolved)
            return
        }
        try requireAfterMiss(miss, into: resolved)
    }

    /// ``requireAfterEntry(into:)`` past a quick read that found no kept instance; out of line as
    /// `resolveAfterMiss`.
    @inline(never)
    private func requireAfterMiss<Service>(_ miss: QuickReadMiss, into resolved: UnsafeMutablePointer<Service>)
        throws(ResolutionError)
    {
        resolved.initialize(to: try continueAfterQuickRead(Service.self, miss))
    }
}

/// Initializes `resolved` with `object`, which the quick read returned for `Service`: `Service` is exactly the
/// object's class type, so a `Service` is one reference, and the object's bits are stored with the reference the
/// read returned (no cast, no value witness, no metadata).
@inline(__always)
private func initializeExactReference<Service>(_ object: AnyObject, at resolved: UnsafeMutablePointer<Service>) {
    checkExactReference(object, as: Service.self)
    UnsafeMutableRawPointer(resolved).initializeMemory(
        as: UnsafeMutableRawPointer.self, to: Unmanaged.passRetained(object).toOpaque())
}

/// What a quick read that found no kept instance leaves for the resolve that continues it.
///
/// Valid only on the thread that made it, until the continuation (`Container.continueAfterQuickRead`) closes the
/// reading section it describes; `entry` is kept valid by that section.
struct QuickReadMiss {
    var threadBits: UInt = 0
    var tableBits: UInt = 0
    var index = 0
    var isOutermost = false
    var boxBits: UInt = 0

    /// No section entered: the continuation resolves from the start.
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
