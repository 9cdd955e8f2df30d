/// The read of a kept `.container` instance of a class type that `Container.resolve(_:)` tries first, in code not
/// specialized for the service type: no generic metadata is consulted, and the instance is handed back as the one
/// reference it is.
///
/// ```swift
/// if let object = container.quickSharedObject(ObjectIdentifier(Service.self)) {
///     return exactReference(object, as: Service.self)
/// }
/// return container.resolveAfterQuickRead(Service.self)
/// ```
///
/// **Invariant.** `quickSharedObject(_:)` returns an object only when the registration found for the key (the
/// service type, no name, no arguments) publishes a box typed exactly as the requested type, and that box holds
/// the instance as one class reference (`PublishedInstance.object`, set only for class types); the object is
/// retained inside the thread's quick read, which keeps the box valid until then (Runtime/Reclamation.swift). When
/// it returns `nil`, the thread's reading section is still open and the caller must continue with
/// `resolveAfterQuickRead`, which resolves as any top-level resolve does and closes it (a thread that could not
/// install its state enters no section, and the continuation finds none installed to close). `exactReference` is used
/// only on an object `quickSharedObject` returned for the same type. Checked in debug builds: the object is an
/// instance of the requested type, and the section is open on the way out of a miss.
extension Container {
    /// The kept instance of the registration of `serviceType` (no name, no arguments), if it is a `.container`
    /// instance of exactly that class type, already made; read with no lock. `nil` leaves the thread's reading
    /// section open for ``resolveAfterQuickRead(_:)``.
    @usableFromInline
    @inline(never)
    func quickSharedObject(_ serviceType: ObjectIdentifier) -> AnyObject? {
        guard let thread = ResolvingThread.installed ?? Self.installThreadState() else {
            // A thread that cannot keep a state (it is exiting): no section is entered, and
            // `requireAfterQuickRead` leaves none.
            return nil
        }
        return thread.with { thread -> AnyObject? in
            // Only the outermost resolve of the thread reads quickly: a resolve inside a running resolution (a
            // factory's own `container.resolve`) joins it.
            guard thread.enterReadingWithQuickRead() else { return nil }
            // This container's own table only: a lookup in a base or an ancestor may note what it finds (a
            // recording derived container does), which the slow path would note again. Building the table (it
            // locks) ends the quick read; then the slow path reads.
            let table = Unretained(registry).with { $0.currentTable() }
            let key = ServiceKey(serviceType: serviceType, argumentsType: noArgumentsKey, name: nil)
            guard thread.isInQuickRead, let index = table.with({ $0.index(of: key) }),
                let box = table.with({ $0.entry(at: index).registration }).with({
                    $0.publishedInstance(typedAs: serviceType)
                }),
                let object = box.with({ $0.object })
            else {
                thread.endQuickRead()
                return nil
            }
            thread.leaveReading()
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

/// `object`, which ``Container/quickSharedObject(_:)`` returned for `Service`, as a `Service`: it is an instance
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
