/// The graph-scoped instances of a resolution whose graph is not shared, by registration.
///
/// Most graphs hold a few instances, all of class types made by the typed path: those are kept in a short list of
/// plain records (the registration's identity, the reference, the type it was made as) searched linearly, with no
/// hashing (an `ObjectIdentifier` key costs a SipHash per lookup in a dictionary). The list is a buffer of its own,
/// allocated on the first store and kept when cleared, for the next resolution of the context: storing moves the
/// reference into it, with none of an array's uniqueness and capacity checks, and clearing it releases each
/// reference, with no enum to switch on and no value witness to call. Everything else (a value of any other type,
/// an instance stored by an untyped path, the references past `linearLimit`) is kept in a dictionary, asked only
/// when it is not empty, so a large graph stays O(1) per lookup.
///
/// An instance of a class type, stored by the typed path (``store(typed:for:isNew:)``), is kept as its one
/// reference with the type it was stored as, not in an `Any`: storing, reading it back typed and clearing it then
/// cost a retain and a release, where an `Any` costs calls through the type's value witnesses.
///
/// **Invariant.** A reference stored with `typedAs: T` is an instance of the class type `T` (`T.self is AnyClass`:
/// not an existential, whose value is more than the reference), so its one word is a `T`; the unchecked reads
/// (``find(_:typedAs:)``'s callers, ``instance(for:)``) rely on it. Checked in debug builds where it is stored. The
/// first `count` records of `records` are initialized, and a registration is in the records or in `others`, at most
/// once (checked when a context is reset).
struct LocalGraph: ~Copyable {
    private enum Stored {
        /// A class instance, stored as exactly `type`.
        case reference(AnyObject, type: Any.Type)
        case value(Any)

        /// The instance as an `Any` storing exactly the type it was stored as (see Runtime/ExactCast.swift).
        var boxed: Any {
            switch self {
            case .reference(let object, let type): return LocalGraph.box(object, as: type)
            case .value(let value): return value
            }
        }
    }

    /// A class instance made by the typed path: its registration, its one reference and the class type it was
    /// made as. One strong reference and two plain words, so destroying a record is one release.
    private struct Record {
        let id: ObjectIdentifier
        var object: AnyObject
        var type: Any.Type
    }

    /// `linearLimit` records, the first `count` of them initialized; `nil` until the first store.
    private var records: UnsafeMutablePointer<Record>?
    private var count = 0
    /// What the records do not hold: values of other types, instances stored by the untyped paths, and class
    /// instances past `linearLimit`.
    private var others: [ObjectIdentifier: Stored] = [:]
    private static var linearLimit: Int { 16 }

    init() {}

    deinit {
        if let records {
            records.deinitialize(count: count)
            records.deallocate()
        }
    }

    var isEmpty: Bool { count == 0 && others.isEmpty }

    /// Checks, in debug builds, what the unchecked reads rely on: the initialized records fit the buffer, which
    /// exists once any record was stored, and the graph holds each registration at most once.
    func checkInvariants() {
        #if DEBUG
            precondition(count >= 0 && count <= Self.linearLimit, "\(count) records in a buffer of \(Self.linearLimit)")
            precondition(count == 0 || records != nil, "records counted without a buffer")
            if let records {
                let ids = (0..<count).map { records[$0].id }
                precondition(Set(ids).count == ids.count, "a registration stored twice in a local graph")
                precondition(ids.allSatisfy { others[$0] == nil }, "a registration both in the records and the others")
                for index in 0..<count {
                    precondition(records[index].type is AnyClass, "a record of a type that is not a class type")
                }
            }
        #endif
    }

    func instance(for id: ObjectIdentifier) -> Any? {
        if let index = index(of: id) {
            // `index(of:)` finds an index only in allocated records: `records` is not `nil`.
            let record = records.unsafelyUnwrapped[index]
            return Self.box(record.object, as: record.type)
        }
        return others.isEmpty ? nil : others[id]?.boxed
    }

    /// What the graph holds for `id`, asked by the typed path for `type`: the reference it stored as exactly that
    /// type (see ``store(typed:for:isNew:)``), or whether it holds an instance stored otherwise.
    func find(_ id: ObjectIdentifier, typedAs type: ObjectIdentifier) -> Found {
        if let index = index(of: id) {
            // `index(of:)` finds an index only in allocated records: `records` is not `nil`. Read in place: no copy
            // of the record, so no retain but the returned reference's.
            let records = records.unsafelyUnwrapped
            if ObjectIdentifier(records[index].type) == type { return .reference(Unretained(records[index].object)) }
            return .stored
        }
        if others.isEmpty { return .absent }
        guard let stored = others[id] else { return .absent }
        if case .reference(let object, let storedType) = stored, ObjectIdentifier(storedType) == type {
            return .reference(Unretained(object))
        }
        return .stored
    }

    /// What ``find(_:typedAs:)`` found.
    enum Found {
        case absent
        /// An instance of exactly the type asked for, a class type: its reference, which the graph keeps (the
        /// resolution's keeper: valid until the graph is cleared or the instance replaced). Read it with
        /// ``LocalGraph/instance(_:as:)``.
        case reference(Unretained<AnyObject>)
        /// An instance stored otherwise: ``instance(for:)`` has it.
        case stored
    }

    /// The instance `found`, which ``find(_:typedAs:)`` answered for exactly `Service`, as a `Service`: one strong
    /// reference for the caller, with no cast (invariant: an instance of the class type `Service`, checked where it
    /// was stored, and again here in debug builds).
    @inline(__always)
    static func instance<Service>(_ found: Unretained<AnyObject>, as serviceType: Service.Type) -> Service {
        // The quick read's reinterpretation of a class instance as its type, with its debug check, on the record's
        // reference read in place.
        found.with { exactReference($0, as: Service.self) }
    }

    /// Whether an instance is stored for `id` (asked without copying it).
    func contains(_ id: ObjectIdentifier) -> Bool {
        index(of: id) != nil || (!others.isEmpty && others[id] != nil)
    }

    /// The position of `id` among the records, compared without copying them.
    @inline(__always)
    private func index(of id: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        // A store raises `count` only after allocating `records`.
        let records = records.unsafelyUnwrapped
        for index in 0..<count where records[index].id == id { return index }
        return nil
    }

    mutating func store(_ instance: consuming Any, for id: ObjectIdentifier) {
        if let index = index(of: id) { removeRecord(at: index) }
        others[id] = .value(instance)
    }

    /// Stores `instance`, a value of exactly `Instance` (the typed path's), as its one reference if `Instance` is a
    /// class type (see the invariant above), else in an `Any`. `isNew` tells that the graph holds nothing for `id`
    /// (the caller found nothing before the factory ran, and nothing ran it again): the graph is not searched.
    mutating func store<Instance>(typed instance: Instance, for id: ObjectIdentifier, isNew: Bool = false) {
        // A class type's value is its one reference (Runtime/ExactCast.swift).
        guard let object = classReference(instance) else { return store(instance as Any, for: id) }
        assert(!isNew || !contains(id), "a registration said to be new is in the graph")
        // The common case, a first store in a short list, makes the record in place.
        if isNew, count < Self.linearLimit {
            // Consumed, so the record takes the one reference `classReference` made: no second retain.
            return appendRecord(Record(id: id, object: consume object, type: Instance.self))
        }
        store(reference: object, as: Instance.self, for: id)
    }

    /// ``store(typed:for:isNew:)`` of a class instance that may replace one: its rarer case, not generic.
    private mutating func store(reference object: AnyObject, as type: Any.Type, for id: ObjectIdentifier) {
        if let index = index(of: id) {
            // `index(of:)` finds an index only in allocated records: `records` is not `nil`.
            records.unsafelyUnwrapped[index].object = object
            records.unsafelyUnwrapped[index].type = type
        } else if count < Self.linearLimit, others.isEmpty || others[id] == nil {
            appendRecord(Record(id: id, object: object, type: type))
        } else {
            others[id] = .reference(object, type: type)
        }
    }

    @inline(__always)
    private mutating func appendRecord(_ record: consuming Record) {
        let records = self.records ?? allocateRecords()
        (records + count).initialize(to: record)
        count += 1
    }

    /// Removes the record at `index`, moving the last one into its place (the order of the records means nothing).
    private mutating func removeRecord(at index: Int) {
        // Called with an index `index(of:)` found: `records` is not `nil`.
        let records = records.unsafelyUnwrapped
        (records + index).deinitialize(count: 1)
        count -= 1
        if index != count { (records + index).moveInitialize(from: records + count, count: 1) }
    }

    private mutating func allocateRecords() -> UnsafeMutablePointer<Record> {
        let allocated = UnsafeMutablePointer<Record>.allocate(capacity: Self.linearLimit)
        records = allocated
        return allocated
    }

    /// Every instance, by registration.
    var all: [ObjectIdentifier: Any] {
        var all = others.mapValues(\.boxed)
        if let records {
            for index in 0..<count { all[records[index].id] = Self.box(records[index].object, as: records[index].type) }
        }
        return all
    }

    mutating func removeAll() {
        if count > 0 {
            // Only a store raises `count`, and it allocates `records` first: `records` is not `nil`. One record at
            // a time: `deinitialize(count:)` of several goes through the runtime's generic array destroy.
            let records = records.unsafelyUnwrapped
            for index in 0..<count { (records + index).deinitialize(count: 1) }
            count = 0
        }
        if !others.isEmpty { others.removeAll(keepingCapacity: true) }
    }

    /// `object` as an `Any` that stores exactly `type`, as the typed path would have boxed it: the reference is
    /// reinterpreted as `type` (invariant: it is an instance of that class type, checked where it was stored).
    private static func box(_ object: AnyObject, as type: Any.Type) -> Any {
        func boxed<Instance: AnyObject>(_: Instance.Type) -> Any {
            object as! Instance
        }
        // Unreachable: a reference is stored only with a class type (the invariant).
        guard let classType = type as? AnyClass else { preconditionFailure("a reference stored as \(type)") }
        // The class type opened: `Instance` is the type the reference was stored as.
        return boxed(classType)
    }
}
