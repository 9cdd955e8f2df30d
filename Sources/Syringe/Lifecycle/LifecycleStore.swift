/// What one container remembers about the lives of its instances: the disposable instances it made (in
/// order of creation), its registrations marked eager, its loaded modules, and the stand-in registrations
/// that hold its ``ObjectScope/perContainer`` instances.
///
/// Lock order: a registration's `state` lock may be held while taking a store's lock, never the reverse, and
/// no two store locks are ever held together.
final class LifecycleStore: Sendable {
    /// One recorded disposable instance.
    struct Entry {
        /// Position in creation order.
        let sequence: UInt64
        /// Stands for the registration that made it (weak: a store never keeps a replaced registration alive; see
        /// ``RegistrationLife`` for why not the registration itself).
        weak var life: RegistrationLife?
        /// Class instances are held weakly (the scope keeps them alive); values strongly.
        let reference: Reference
        /// Whether the registration's scope is custom: then the instance is disposed only while the
        /// scope's storage still keeps it.
        let custom: Bool
        /// Whether the entry holds an object strongly because its registration keeps it strongly too (see
        /// ``RecordedObject``); dropped when pruned once the registration is gone.
        var keepsObjectStrongly = false

        /// Whether pruning keeps the entry: its instance is alive, and a custom-scope entry's or a strongly held
        /// object's registration is too (no storage can keep the instance once it is gone).
        var isLive: Bool {
            let instanceIsAlive =
                switch reference {
                case .strong: true
                case .weak(let weak): weak.object != nil
                }
            return instanceIsAlive && !((custom || keepsObjectStrongly) && life == nil)
        }

        var instance: Any? {
            switch reference {
            case .strong(let value): value
            case .weak(let weak): weak.object
            }
        }
    }

    enum Reference {
        case strong(Any)
        case weak(WeakReference)
    }

    /// A ``ObjectScope/perContainer`` registration of some container and its stand-in in this one.
    struct Local {
        let original: Registration
        let standIn: Registration
    }

    /// A recorded object, to tell whether an object is recorded already: held strongly when its registration keeps
    /// it strongly anyway (`.container`, `.perContainer`), weakly otherwise. A weak reference gives its object a side
    /// table, and every later retain and release of the object (each resolve of a singleton) takes the runtime's slow
    /// path: +128 instructions on a kept singleton's resolve, measured, once every kept instance was recorded.
    enum RecordedObject {
        case strong(AnyObject)
        case weak(WeakReference)

        var object: AnyObject? {
            switch self {
            case .strong(let object): object
            case .weak(let weak): weak.object
            }
        }
    }

    struct WeakStore {
        weak var store: LifecycleStore?
    }

    /// A derived container's stand-in of an ancestor's registration (see ``Derivation``), found by the original.
    struct Derived {
        let original: ObjectIdentifier
        let standIn: StandInRegistration
    }

    struct WeakRegistration {
        weak var registration: Registration?
    }

    struct State {
        var nextSequence: UInt64 = 0
        /// The recorded instances, by the registration that made them (entries whose registration died stay
        /// until pruned; an identifier reused by a new registration is told apart by the weak reference to its
        /// ``RegistrationLife``).
        var entries = [ObjectIdentifier: [Entry]]()
        /// The recorded class instances, to record each object once however many registrations keep it.
        var objects = [ObjectIdentifier: RecordedObject]()
        var entryCount = 0
        /// `entryCount` after the last pruning of dead entries.
        var prunedCount = 0
        var locals = [ObjectIdentifier: Local]()
        /// For a derived container (see ``Derivation``): the stand-in of each ancestor's registration that keeps
        /// instances and that a lookup reached, by the original (one stand-in serves every key bound to it: its
        /// forwarded types). Kept until the registry is gone, also after the ancestor replaced or removed the
        /// original: a reader may still hold the stand-in, and its instances are still this store's to dispose.
        /// The first in a field of its own, since a test often makes one (and then allocates no array); the
        /// others in the order made: a test makes a few, so a short scan finds one without hashing (and a derived
        /// container allocates no dictionary); past ``derivedIndexThreshold``, `derivedIndex` finds them.
        var firstDerived: Derived?
        var derived: [Derived] = []
        /// The position of each original in `derived`, kept only once there are more than
        /// ``derivedIndexThreshold``.
        var derivedIndex = [ObjectIdentifier: Int]()
        /// Stores that hold stand-ins of this store's registrations.
        var dependents: [WeakStore] = []
        var eager: [WeakRegistration] = []
        var modules = [ObjectIdentifier: ModuleRecord]()
        /// Whether the container was shut down (``Container/shutdown()``) and not reopened since: a resolve that would
        /// make an instance this store's container keeps throws ``ResolutionError/Kind/containerShutDown`` instead.
        var isShutDown = false
    }

    /// Made in its lock's buffer (`Locked(making:)`), not moved there: a copy of the large state and the
    /// destruction of the original cost ~250 instructions per container.
    let state = Locked(making: { State() })


    // MARK: Shutdown

    /// Whether the container is shut down: read by a creation of a kept instance, never by a resolve that reuses one.
    /// Called with a registration's lock held, or none.
    var isShutDown: Bool {
        state.withLock { $0.isShutDown }
    }

    /// Marks the container shut down (`true`) or open again (`false`).
    func setShutDown(_ shutDown: Bool) {
        state.withLock { $0.isShutDown = shutDown }
    }

    // MARK: Disposable instances

    /// Records `instance`, just published by `registration`, if it may be disposable. Called with the registration's
    /// lock held; takes only this store's lock.
    ///
    /// `deferringDecision` (a `.container`, `.perContainer` or `.weak` instance): whether it is disposable is decided
    /// when it is disposed (``take(of:customHeld:)``, ``takeAll()``), not now: asked now, the runtime's first check of
    /// a class scans every conformance record of the process, on the resolve path at launch. Only a class already
    /// answered (``ClassAnswers``) is left out now; the creation order is recorded for every instance, so disposal goes
    /// newest first as before. Otherwise (a custom scope's or a per-argument instance, which their storage may drop on
    /// its own, so the entry must hold it weakly) the question is asked now, once per class for the process, as
    /// before: recording them undecided would give every such object a weak reference, hence a side table, and every
    /// later retain of it the runtime's slow path (+257 instructions per per-argument resolve, measured).
    ///
    /// `keptStrongly`: the registration keeps the instance strongly (`.container`, `.perContainer`) until it is
    /// released, which takes its entries first; then the entry holds it strongly too, with no weak reference (see
    /// ``RecordedObject``).
    ///
    /// - Complexity: Amortized O(1).
    // Out of line: called once per new shared instance, from several scopes' paths, which need not each hold a copy.
    @inline(never)
    func record(
        _ instance: Any, of registration: Registration, in registrationState: inout Registration.State, custom: Bool,
        deferringDecision: Bool = false, keptStrongly: Bool = false
    ) {
        if deferringDecision {
            if DisposableClasses.knownAnswer(instance) == false { return }
        } else {
            guard DisposableClasses.isDisposable(instance) else { return }
        }
        let object = asObject(instance)
        let life = registrationState.madeLife()
        state.withLock { state in
            if state.entryCount >= 2 * max(state.prunedCount, 16) { state.prune() }
            if let object {
                // The same object reached through two registrations is recorded (and disposed) once.
                let id = ObjectIdentifier(object)
                if state.objects[id]?.object === object { return }
                state.objects[id] = keptStrongly ? .strong(object) : .weak(WeakReference(object))
            }
            let reference: Reference =
                keptStrongly ? .strong(instance) : object.map { .weak(WeakReference($0)) } ?? .strong(instance)
            var entry = Entry(sequence: state.nextSequence, life: life, reference: reference, custom: custom)
            entry.keepsObjectStrongly = keptStrongly && object != nil
            state.entries[ObjectIdentifier(registration), default: []].append(entry)
            state.entryCount += 1
            state.nextSequence += 1
        }
    }

    /// Removes the entries of `registration` and returns the instances to dispose. Called with the
    /// registration's lock held, before its scope forgets the instances. `customHeld` is what a custom
    /// scope's storage keeps now.
    ///
    /// - Complexity: O(1) plus the registration's own entries.
    func take(of registration: Registration, life: RegistrationLife?, customHeld: Any?) -> [PendingDisposal] {
        let id = ObjectIdentifier(registration)
        // A registration that never recorded an instance has no life token, and no entry of its own.
        guard let life else { return [] }
        let taken = state.withLock { state -> [PendingDisposal] in
            guard let entries = state.entries.removeValue(forKey: id) else { return [] }
            var taken: [PendingDisposal] = []
            var others: [Entry] = []
            for entry in entries {
                guard entry.life === life else {
                    others.append(entry)  // recorded by a dead registration that had the same identifier
                    continue
                }
                state.entryCount -= 1
                guard let instance = entry.instance else { continue }
                if let object = asObject(instance) { state.objects[ObjectIdentifier(object)] = nil }
                if !entry.custom || isSame(instance, customHeld) {
                    taken.append(PendingDisposal(sequence: entry.sequence, instance: instance))
                }
            }
            if !others.isEmpty { state.entries[id] = others }
            return taken
        }
        return DisposableClasses.disposable(taken)
    }

    /// Holds weakly again the objects this store held strongly for `registration` only because the registration
    /// kept them (``Entry/keepsObjectStrongly``). Called when the registration forgets its instances for a new
    /// scope: nothing keeps them then but their users, as when the store held them weakly from the start, and one
    /// still alive at teardown is disposed then.
    func weakenStronglyKept(of registration: Registration) {
        let id = ObjectIdentifier(registration)
        // A registration that never recorded an instance has no life token, and no entry of its own.
        guard let life = registration.stateIfMade?.withLock({ $0.life }) else { return }
        let released: [Any] = state.withLock { state in
            guard let entries = state.entries[id] else { return [] }
            var released: [Any] = []
            state.entries[id] = entries.map { entry in
                guard entry.keepsObjectStrongly, entry.life === life, let instance = entry.instance,
                    let object = asObject(instance)
                else { return entry }
                let weak = WeakReference(object)
                state.objects[ObjectIdentifier(object)] = .weak(weak)
                released.append(instance)
                return Entry(sequence: entry.sequence, life: life, reference: .weak(weak), custom: entry.custom)
            }
            return released
        }
        // The strong references end here, outside the lock: a deinitializer may run.
        _ = consume released
    }

    /// Removes every remaining entry and returns the live instances of shared scopes to dispose.
    func takeAll() -> [PendingDisposal] {
        let taken = state.withLock { state -> [PendingDisposal] in
            let entries = state.entries.values.joined()
            state.entries.removeAll()
            state.objects.removeAll()
            state.entryCount = 0
            state.prunedCount = 0
            return entries.compactMap { entry in
                guard !entry.custom, let instance = entry.instance else { return nil }
                return PendingDisposal(sequence: entry.sequence, instance: instance)
            }
        }
        return DisposableClasses.disposable(taken)
    }

    // MARK: Per-container instances

    /// The stand-in registration that keeps this container's instance of `original`, a
    /// ``ObjectScope/perContainer`` registration of this container or of an ancestor.
    func localRegistration(for original: Registration, scope: any ObjectScopeProtocol) -> Registration {
        let id = ObjectIdentifier(original)
        let (standIn, isNew) = state.withLock { state -> (Registration, Bool) in
            if let local = state.locals[id] { return (local.standIn, false) }
            let standIn = StandInRegistration(of: original, scope: scope, lifecycle: self)
            state.locals[id] = Local(original: original, standIn: standIn)
            return (standIn, true)
        }
        if isNew { original.lifecycle.addDependent(self) }
        return standIn
    }

    private func addDependent(_ store: LifecycleStore) {
        state.withLock { state in
            state.dependents.removeAll { $0.store == nil }
            if !state.dependents.contains(where: { $0.store === store }) {
                state.dependents.append(WeakStore(store: store))
            }
        }
    }

    /// The stand-ins this store holds.
    func standIns() -> [Registration] {
        state.withLock { state in
            state.locals.values.map(\.standIn) + state.derivedStandIns
        }
    }

    /// Forgets the stand-ins of `originals` and returns them.
    func removeStandIns(of originals: Set<ObjectIdentifier>) -> [Registration] {
        state.withLock { state in
            var removed: [Registration] = []
            for id in originals {
                if let local = state.locals.removeValue(forKey: id) { removed.append(local.standIn) }
            }
            return removed
        }
    }

    /// Forgets every stand-in and returns them, for the caller to release outside the lock: a stand-in keeps this
    /// store (its `lifecycle`), so the store and its stand-ins are a cycle until this breaks it. Called once, when the
    /// container goes away.
    ///
    /// Also learns, for later containers, whether the classes of the instances still recorded undecided are
    /// disposable: a container dropped without ``Container/shutdown()`` (most per-test containers) disposes nothing,
    /// and would leave every later container to record its instances of those classes again. Teardown work, once per
    /// class for the process (the question ``record(_:of:custom:deferringDecision:keptStrongly:)`` no longer asks at
    /// creation); nothing when no instance was recorded. The entries go too, released outside the lock: nothing
    /// disposes them any more, and an entry that holds its object strongly (see ``RecordedObject``) would otherwise
    /// keep an instance that keeps its registration, which keeps this store, alive.
    func takeStandIns() -> ([ObjectIdentifier: Local], Derived?, [Derived]) {
        var undecided: [Any] = []
        var entries = [ObjectIdentifier: [Entry]]()
        var objects = [ObjectIdentifier: RecordedObject]()
        let taken = state.withLock { state in
            if state.entryCount > 0 {
                undecided = state.entries.values.joined().compactMap { entry -> Any? in
                    guard let instance = entry.instance, type(of: instance) is AnyClass,
                        DisposableClasses.knownAnswer(instance) == nil
                    else { return nil }
                    return instance
                }
                swap(&entries, &state.entries)
                swap(&objects, &state.objects)
                state.entryCount = 0
                state.prunedCount = 0
            }
            // Moved out whole: nothing is copied, and the caller releases them once the lock is released.
            var locals = [ObjectIdentifier: Local]()
            var derived: [Derived] = []
            swap(&locals, &state.locals)
            swap(&derived, &state.derived)
            state.derivedIndex = [:]
            return (locals, state.firstDerived.take(), derived)
        }
        for instance in undecided { _ = DisposableClasses.isDisposable(instance) }
        withExtendedLifetime((entries, objects)) {}  // released here, outside the lock
        return taken
    }

    /// The stores that hold stand-ins of this store's registrations (this one included, if it does).
    func dependentStores() -> [LifecycleStore] {
        state.withLock { $0.dependents.compactMap(\.store) }
    }

    // MARK: Eager registrations

    func markEager(_ registration: Registration) {
        state.withLock { state in
            if !state.eager.contains(where: { $0.registration === registration }) {
                state.eager.append(WeakRegistration(registration: registration))
            }
        }
    }

    /// The registrations marked eager, in the order they were marked.
    func eagerRegistrations() -> [Registration] {
        state.withLock { state in
            state.eager.removeAll { $0.registration == nil }
            return state.eager.compactMap(\.registration)
        }
    }

    func forgetEager(_ removed: Set<ObjectIdentifier>) {
        state.withLock { state in
            state.eager.removeAll { entry in
                guard let registration = entry.registration else { return true }
                return removed.contains(ObjectIdentifier(registration))
            }
        }
    }

    // MARK: Modules

    func forgetModules() {
        state.withLock { $0.modules.removeAll() }
    }
}

/// An instance taken from its scope, waiting to be disposed outside every lock.
struct PendingDisposal {
    let sequence: UInt64
    let instance: Any
}

/// Whether `instance` is the object `held` (values are never the same).
private func isSame(_ instance: Any, _ held: Any?) -> Bool {
    guard let held, let object = asObject(instance), let heldObject = asObject(held) else { return false }
    return object === heldObject
}

extension LifecycleStore.State {
    /// How many stand-ins of a derived container are found by a scan; past that, by `derivedIndex`.
    static let derivedIndexThreshold = 16

    /// The stand-in of the registration `original` identifies, if any.
    func derivedStandIn(of original: ObjectIdentifier) -> StandInRegistration? {
        if let firstDerived, firstDerived.original == original { return firstDerived.standIn }
        let position =
            derived.count > Self.derivedIndexThreshold
            ? derivedIndex[original] : derived.firstIndex { $0.original == original }
        return position.map { derived[$0].standIn }
    }

    /// Every stand-in of a derived container, in the order made.
    var derivedStandIns: [Registration] {
        (firstDerived.map { [$0.standIn] } ?? []) + derived.map(\.standIn)
    }

    /// Adds the stand-in of an original that has none, indexing them all once they are many.
    mutating func appendDerived(_ made: consuming LifecycleStore.Derived) {
        guard firstDerived != nil else {
            firstDerived = made
            return
        }
        let original = made.original
        derived.append(made)
        if derived.count > Self.derivedIndexThreshold {
            if derivedIndex.isEmpty {
                for (position, entry) in derived.enumerated() { derivedIndex[entry.original] = position }
            } else {
                derivedIndex[original] = derived.count - 1
            }
        }
    }

    /// Drops the entries whose instance is gone, and custom-scope entries whose registration is gone (no
    /// storage can keep their instance any more).
    ///
    /// Changes only the lists that lose an entry, after reading them all: at launch, where every recorded singleton
    /// is alive, a pruning pass copies and allocates nothing (a change made while iterating would copy the whole
    /// table, and a filter allocates a list per registration).
    mutating func prune() {
        var changed: [(ObjectIdentifier, [LifecycleStore.Entry])] = []
        var count = 0
        for (id, list) in entries {
            guard list.contains(where: { !$0.isLive }) else {
                count += list.count
                continue
            }
            let kept = list.filter(\.isLive)
            changed.append((id, kept))
            count += kept.count
        }
        for (id, kept) in changed { entries[id] = kept.isEmpty ? nil : kept }
        if objects.values.contains(where: { $0.object == nil }) {
            objects = objects.filter { $0.value.object != nil }
        }
        entryCount = count
        prunedCount = count
    }
}

/// Whether an instance is ``Disposable`` or ``AsyncDisposable``, with the answer for each class kept.
///
/// The runtime's check of a class instance against a protocol it was never asked about for that class scans every
/// conformance record of the process (~100,000 instructions in a small binary, more in an app that links many
/// frameworks): one scan per class, since ``Disposable`` and ``AsyncDisposable`` both refine ``Disposing``. So it
/// is asked when an instance is disposed (``disposable(_:)``), once per
/// class for the whole process, and a creation only reads the answers already kept (``knownAnswer(_:)``), in
/// ``ClassAnswers`` (a dictionary behind a lock). Other values are checked each time they are disposed: an optional's or a
/// box's answer depends on what it holds, not on its type.
enum DisposableClasses {
    @inline(never)
    static func isDisposable(_ instance: Any) -> Bool {
        let dynamicType = type(of: instance)
        // A value boxed as an object (`value as AnyObject`) answers by what it holds, not by its box's class.
        guard let dynamicClass = dynamicType as? AnyClass, dynamicClass != valueBoxClass else {
            return instance is any Disposing
        }
        // Asked of the class, not of the instance: a cast of an instance that fails also looks for a boxed value
        // inside it, which costs a second scan per protocol.
        return ClassAnswers.answer(for: dynamicClass) {
            // One question: both protocols refine `Disposing`.
            dynamicClass is any Disposing.Type
        }
    }

    /// The class of the runtime's box for a value stored as an object: its instances are not all alike. (Found
    /// once per process, by boxing a value: one conformance scan, when the first instance is disposed.)
    private static let valueBoxClass: AnyClass = type(of: ValueProbe() as AnyObject)

    /// A value with no class of its own to bridge to.
    private struct ValueProbe {}

    /// The kept answer for `instance`'s class; `nil` when none is kept yet or `instance` is not a class instance.
    /// Never asks the runtime.
    @inline(__always)
    static func knownAnswer(_ instance: Any) -> Bool? {
        // (A value boxed as an object has no answer kept: `isDisposable(_:)` asks of each.)
        guard let dynamicClass = type(of: instance) as? AnyClass else { return nil }
        return ClassAnswers.knownAnswer(for: dynamicClass)
    }

    /// The disposable ones among `taken`, in the same order: where the question is asked.
    static func disposable(_ taken: [PendingDisposal]) -> [PendingDisposal] {
        taken.isEmpty ? taken : taken.filter { isDisposable($0.instance) }
    }
}
