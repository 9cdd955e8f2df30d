/// A table from type to an object made once for it and kept for the rest of the process, with the entry found
/// last read by one atomic load and no lock: for the property injector's plan per type, which `inject(into:)`
/// looks up for every object, most often for the type it looked up last.
///
/// ```swift fragment
/// private static let plans = TypeTable<Plan>()
/// let plan = plans.object(for: ObjectIdentifier(type)) { makePlan(for: type) }
/// ```
///
/// **Invariant.** An entry, once in `entries`, is never removed or replaced, so it lives for the rest of the
/// process; the atomic word only ever holds the address of such an entry (or zero). A reader that loaded the word
/// can therefore take a strong reference from it at any later time, whatever writers do meanwhile. The table only
/// grows, one entry per type ever looked up: for small sets of types that live for good anyway. Checked in debug
/// builds: a word holds an entry that is in the table.
final class TypeTable<Object: AnyObject & Sendable>: AtomicWordOwner, @unchecked Sendable {
    // @unchecked Sendable: the word is only accessed atomically, through `AtomicWord`, once the initializer has
    // returned; the entries are immutable and `Sendable`, behind `Locked`.
    let wordStorage = AtomicWordStorage(count: 1)
    var atomicWords: AtomicWords { wordStorage.words }
    private let entries = Locked([ObjectIdentifier: Entry]())

    /// One type's object.
    private final class Entry: Sendable {
        let type: ObjectIdentifier
        let object: Object

        init(type: ObjectIdentifier, object: Object) {
            self.type = type
            self.object = object
        }
    }

    init() {}

    deinit { wordStorage.free() }

    /// The object for `type`, made with `make` the first time (the first one stored wins when threads race).
    func object(for type: ObjectIdentifier, orMake make: () -> Object) -> Object {
        if let object = lastObject(for: type) { return object }
        let entry =
            entries.withLock { $0[type] }
            ?? {
                let made = Entry(type: type, object: make())
                return entries.withLock { entries in
                    if let stored = entries[type] { return stored }
                    entries[type] = made
                    return made
                }
            }()
        // An entry of the table, which keeps it for good (the invariant). Seq_cst (release would do); pairs with the
        // acquire load in `lastObject(for:)`.
        AtomicWord(in: self, at: 0).store(Unretained(entry).bits)
        return entry.object
    }

    /// The object for `type`, if one was made.
    func object(for type: ObjectIdentifier) -> Object? {
        entries.withLock { $0[type]?.object }
    }

    /// The object of the entry found last, if that entry is `type`'s.
    @inline(__always)
    private func lastObject(for type: ObjectIdentifier) -> Object? {
        // Acquire; pairs with the store in `object(for:make:)`: the entry is read fully made.
        let bits = AtomicWord(in: self, at: 0).loadAcquiring()
        // Never freed (the invariant): the entry is read in place, with no retain of it.
        return Unretained<Entry>(bits: bits)?.with { entry in
            #if DEBUG
                precondition(entries.withLock { $0[entry.type] === entry }, "a type table's last entry is not in it")
            #endif
            return entry.type == type ? entry.object : nil
        }
    }
}
