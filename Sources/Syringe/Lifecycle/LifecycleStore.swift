/// What one container remembers about its instances' lives: the disposable ones it made (in creation order), its
/// eager registrations, its loaded modules, and the stand-ins that hold its ``ObjectScope/perContainer`` instances.
///
/// Lock order: a registration's `state` lock may be held while taking a store's lock, never the reverse, and
/// no two store locks are ever held together.
final class LifecycleStore: Sendable {
    /// One recorded disposable instance.
    struct Entry {
        /// Position in creation order.
        let sequence: UInt64
        /// Stands for the registration that made it (weak: a store never keeps a replaced registration alive).
        weak var life: RegistrationLife?
        /// Class instances are held weakly (the scope keeps them alive); values strongly.
        let reference: Reference
        /// A custom scope's instance is disposed only while the scope's storage still keeps it.
        let custom: Bool
        /// Held strongly because the registration keeps it strongly too (see ``RecordedObject``).
        var keepsObjectStrongly = false

        /// Whether pruning keeps the entry: its instance is alive, and so is the registration of a custom-scope
        /// or strongly held one (nothing can keep the instance once it is gone).
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

    /// A recorded object, to record each once: held strongly when its registration keeps it strongly anyway
    /// (`.container`, `.perContainer`), since a weak reference's side table cost a singleton's resolve +128
    /// instructions (measured); weakly otherwise.
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
        /// The recorded instances, by the registration that made them (a dead registration's stay until pruned; a
        /// reused identifier is told apart by ``Entry/life``).
        var entries = [ObjectIdentifier: [Entry]]()
        /// The recorded objects, to record each once however many registrations keep it.
        var objects = [ObjectIdentifier: RecordedObject]()
        var entryCount = 0
        /// `entryCount` after the last pruning of dead entries.
        var prunedCount = 0
        var locals = [ObjectIdentifier: Local]()
        /// For a derived container (``Derivation``): the stand-in of each ancestor's registration a lookup reached,
        /// kept until the registry is gone (a reader may still hold one, and its instances are this store's to
        /// dispose). The first in a field of its own (a test often makes just one: no array); the others scanned in
        /// order, then indexed by `derivedIndex` past ``derivedIndexThreshold``.
        var firstDerived: Derived?
        var derived: [Derived] = []
        /// The position of each original in `derived`, once there are more than ``derivedIndexThreshold``.
        var derivedIndex = [ObjectIdentifier: Int]()
        /// Stores that hold stand-ins of this store's registrations.
        var dependents: [WeakStore] = []
        var eager: [WeakRegistration] = []
        var modules = [ObjectIdentifier: ModuleRecord]()
        /// Whether the container is shut down: making a kept instance throws ``ResolutionError/Kind/containerShutDown``
        /// then.
        var isShutDown = false
    }

    /// Made in its lock's buffer (`Locked(making:)`): moving the large state there cost ~250 instructions.
    let state = Locked(making: { State() })

    // MARK: Shutdown

    /// Read by a creation of a kept instance, never by a resolve that reuses one; with a registration's lock or none.
    var isShutDown: Bool {
        state.withLock { $0.isShutDown }
    }

    func setShutDown(_ shutDown: Bool) {
        state.withLock { $0.isShutDown = shutDown }
    }

    // MARK: Disposable instances

    /// Records `instance`, just published by `registration`, if it may be disposable. Called with the registration's
    /// lock held; takes only this store's lock. Amortized O(1).
    ///
    /// `deferringDecision` (`.container`, `.perContainer`, `.weak`): asked at disposal, not on the resolve path at
    /// launch (see ``DisposableClasses``). Custom-scope and per-argument instances are asked now: recorded undecided,
    /// each would get a weak reference's side table (+257 instructions per per-argument resolve, measured).
    /// `keptStrongly`: see ``RecordedObject``.
    // Out of line: called from several scopes' paths, which need not each hold a copy.
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

    /// Removes the entries of `registration` and returns the instances to dispose. Called with the registration's
    /// lock held, before its scope forgets them. `customHeld` is what a custom scope's storage keeps now.
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

    /// Holds weakly again the objects held strongly for `registration` (``Entry/keepsObjectStrongly``), when it
    /// forgets its instances for a new scope.
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

    /// The stand-in that keeps this container's instance of `original`, a ``ObjectScope/perContainer``
    /// registration of this container or an ancestor.
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

    func standIns() -> [Registration] {
        state.withLock { state in
            state.locals.values.map(\.standIn) + state.derivedStandIns
        }
    }

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
    /// store, a cycle until this breaks it. Called once, when the container goes away.
    ///
    /// Also asks, for later containers, about the classes still undecided (else never asked without a shutdown),
    /// and drops the entries outside the lock: a strong one would keep its registration, so this store, alive.
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
            // Moved out whole: nothing is copied, and the caller releases them outside the lock.
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
    /// How many derived stand-ins are found by a scan; past that, by `derivedIndex`.
    static let derivedIndexThreshold = 16

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

    /// Drops the entries that are not ``LifecycleStore/Entry/isLive``. Changes only the lists that lose an entry,
    /// after reading them all: at launch, where every singleton is alive, a pass copies and allocates nothing.
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

/// Whether an instance is ``Disposable`` or ``AsyncDisposable``. The runtime's first check of a class scans every
/// conformance record of the process (~100,000 instructions and more), so a class is asked once for the process, at
/// disposal (``disposable(_:)``), and kept in ``ClassAnswers``; a creation only reads the kept answers. Other values
/// are asked each time: an optional's or a box's answer depends on what it holds.
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
            dynamicClass is any Disposing.Type
        }
    }

    /// The class of the runtime's box for a value stored as an object, whose instances are not all alike.
    private static let valueBoxClass: AnyClass = type(of: ValueProbe() as AnyObject)

    /// A value with no class of its own to bridge to.
    private struct ValueProbe {}

    /// The kept answer for `instance`'s class; `nil` when none is or it is not a class instance. Never asks.
    @inline(__always)
    static func knownAnswer(_ instance: Any) -> Bool? {
        guard let dynamicClass = type(of: instance) as? AnyClass else { return nil }
        return ClassAnswers.knownAnswer(for: dynamicClass)
    }

    /// The disposable ones among `taken`, in the same order: where the question is asked.
    static func disposable(_ taken: [PendingDisposal]) -> [PendingDisposal] {
        taken.isEmpty ? taken : taken.filter { isDisposable($0.instance) }
    }
}
