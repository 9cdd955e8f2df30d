/// The graph-scoped instances of a resolution whose graph is not shared: class instances made by the typed path as
/// records in a buffer searched linearly (no hashing), the rest in a dictionary asked only when not empty.
///
/// **Invariant.** A reference stored as `T` is an instance of the class type `T`, so its one word is a `T` (checked
/// where stored, and in debug builds when read). The first `count` records are initialized, and a registration is in
/// the records or `others` at most once (checked on reset).
struct LocalGraph: ~Copyable {
    private enum Stored {
        case reference(AnyObject, type: Any.Type)
        case value(Any)

        /// The instance as an `Any` storing exactly the type it was stored as.
        var boxed: Any {
            switch self {
            case .reference(let object, let type): return LocalGraph.box(object, as: type)
            case .value(let value): return value
            }
        }
    }

    /// A class instance made by the typed path: destroying a record is one release.
    private struct Record {
        let id: ObjectIdentifier
        var object: AnyObject
        var type: Any.Type
    }

    /// `linearLimit` records; `nil` until the first store.
    private var records: UnsafeMutablePointer<Record>?
    private var count = 0
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
            let record = records.unsafelyUnwrapped[index]
            return Self.box(record.object, as: record.type)
        }
        return others.isEmpty ? nil : others[id]?.boxed
    }

    /// What the graph holds for `id`, asked by the typed path for `type`.
    func find(_ id: ObjectIdentifier, typedAs type: ObjectIdentifier) -> Found {
        if let index = index(of: id) {
            // Read in place: no copy of the record, so no retain.
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

    enum Found {
        case absent
        /// An instance of exactly the class type asked for, kept by the graph.
        case reference(Unretained<AnyObject>)
        /// An instance stored otherwise, for ``instance(for:)``.
        case stored
    }

    /// The instance `found` for exactly `Service`, as a `Service` with no cast (the invariant; debug: checked).
    @inline(__always)
    static func instance<Service>(_ found: Unretained<AnyObject>, as serviceType: Service.Type) -> Service {
        found.with { exactReference($0, as: Service.self) }
    }

    func contains(_ id: ObjectIdentifier) -> Bool {
        index(of: id) != nil || (!others.isEmpty && others[id] != nil)
    }

    /// The position of `id` among the records (an index implies `records` is allocated).
    @inline(__always)
    private func index(of id: ObjectIdentifier) -> Int? {
        guard count > 0 else { return nil }
        let records = records.unsafelyUnwrapped
        for index in 0..<count where records[index].id == id { return index }
        return nil
    }

    mutating func store(_ instance: consuming Any, for id: ObjectIdentifier) {
        if let index = index(of: id) { removeRecord(at: index) }
        others[id] = .value(instance)
    }

    /// Stores `instance`, of exactly `Instance`, as its one reference if `Instance` is a class type, else in an
    /// `Any`. `isNew`: the graph holds nothing for `id`, so it is not searched.
    mutating func store<Instance>(typed instance: Instance, for id: ObjectIdentifier, isNew: Bool = false) {
        guard let object = classReference(instance) else { return store(instance as Any, for: id) }
        assert(!isNew || !contains(id), "a registration said to be new is in the graph")
        if isNew, count < Self.linearLimit {
            // Consumed: the record takes the reference `classReference` made, with no second retain.
            return appendRecord(Record(id: id, object: consume object, type: Instance.self))
        }
        store(reference: object, as: Instance.self, for: id)
    }

    /// ``store(typed:for:isNew:)``'s rarer case, not generic.
    private mutating func store(reference object: AnyObject, as type: Any.Type, for id: ObjectIdentifier) {
        if let index = index(of: id) {
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

    /// Removes the record at `index` (found by `index(of:)`), moving the last one into its place.
    private mutating func removeRecord(at index: Int) {
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

    var all: [ObjectIdentifier: Any] {
        var all = others.mapValues(\.boxed)
        if let records {
            for index in 0..<count { all[records[index].id] = Self.box(records[index].object, as: records[index].type) }
        }
        return all
    }

    mutating func removeAll() {
        if count > 0 {
            // One at a time: `deinitialize(count:)` of several goes through the runtime's generic array destroy.
            let records = records.unsafelyUnwrapped
            for index in 0..<count { (records + index).deinitialize(count: 1) }
            count = 0
        }
        if !others.isEmpty { others.removeAll(keepingCapacity: true) }
    }

    /// `object` as an `Any` that stores exactly `type`, as the typed path would have boxed it.
    private static func box(_ object: AnyObject, as type: Any.Type) -> Any {
        func boxed<Instance: AnyObject>(_: Instance.Type) -> Any {
            object as! Instance
        }
        guard let classType = type as? AnyClass else { preconditionFailure("a reference stored as \(type)") }
        return boxed(classType)
    }
}
