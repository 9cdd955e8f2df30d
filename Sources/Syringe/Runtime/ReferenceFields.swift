// The Swift runtime's field enumeration gives each stored property's name, offset and type without reflecting any
// value, which `Mirror` does on every call. The standard library wraps it as SPI (`_forEachField`), which Apple's
// SDKs do not expose; the C half looks the runtime's entry points up by name instead (CSyringeRuntime.c, "Fields").
internal import CSyringeRuntime

/// Where a type's stored properties of one kind are, each holding exactly one strong reference to an object of a
/// known base class (an `@Injected` wrapper holds only its box), and the reads of those references from an
/// instance, with no `Mirror`.
///
/// Property injection finds an object's boxes this way after the first instance of its type: the layout is found
/// once per type through the Swift runtime's field enumeration, and each later instance costs one word read a
/// property.
///
/// **Invariant.** Every field of a layout is at the offset, in the storage of an instance of exactly the type the
/// layout was made for (a class instance from its start, header included; a struct's value from its first byte),
/// of a stored property whose type the maker accepted and which is one reference wide. The maker checks the width
/// when it makes the layout; `references(in:as:)` checks, in debug builds, that every word it reads is an object of
/// the expected class (`withObjects(in:as:_:)` reads them the same way, one at a time, and its `FieldObjects` is
/// used only inside the call that made it). A caller uses a layout only on instances whose dynamic type is the one
/// it was made for, and checks it once against `Mirror` on the first instance (``PropertyInjector`` does), so a
/// layout that the standard library got wrong is never used: it is dropped for `Mirror` instead.
struct ReferenceFields: Sendable {
    /// One stored property: its offset in an instance's storage and its name as declared (`_api` for `@Injected
    /// var api`).
    struct Field: Sendable {
        let offset: Int
        let name: String
    }

    /// The properties, in declaration order (a class's superclasses first, as the runtime lists them).
    let fields: [Field]

    /// Whether the type is a class: its fields are read from the object, else from the value's bytes.
    let isClass: Bool

    /// The stored properties of `type` (its superclasses' included) whose type `isWanted` accepts; `nil` where the
    /// runtime cannot enumerate them (an enum, a tuple, a function, a metatype, or an Apple system older than
    /// macOS 10.15.4, iOS 13.4, tvOS 13.4 and watchOS 6.2, whose runtime lacks the enumeration; there `Mirror`
    /// stays).
    ///
    /// A wanted property that is not exactly one reference wide makes the whole layout `nil`, so that no read can
    /// take part of a wider value for a reference.
    static func find(in type: Any.Type, where isWanted: (Any.Type) -> Bool) -> ReferenceFields? {
        let isClass = type is AnyClass
        // Enums and tuples are enumerated too (with no fields, or their elements): only classes and structs have
        // properties a layout means.
        guard isClass || isStruct(type) else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        var count = 0
        // Where the runtime lacks the entry points (Apple systems before macOS 10.15.4 / iOS 13.4), `Mirror` stays.
        guard syringe_field_count(metadata, &count) else { return nil }
        var fields: [Field] = []
        var name = [CChar](repeating: 0, count: 256)
        for index in 0..<count {
            var offset = 0
            var fieldMetadata: UnsafeRawPointer?
            guard syringe_field_at(metadata, index, &offset, &fieldMetadata, &name, name.count),
                let fieldMetadata
            else { return nil }
            let fieldType = unsafeBitCast(fieldMetadata, to: Any.Type.self)
            guard isWanted(fieldType) else { continue }
            // A wanted property wider than one reference: no read may take part of it for a reference.
            guard isOneReference(fieldType) else { return nil }
            let length = name.firstIndex(of: 0) ?? name.count
            fields.append(Field(offset: offset, name: String(decoding: name[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return ReferenceFields(fields: fields, isClass: isClass)
    }

    /// The objects the fields of `instance` hold, retained, in the layout's order. `instance`'s dynamic type must be
    /// the one the layout was made for, and every field must hold a `Base` (the maker's test guarantees it: an
    /// `@Injected` wrapper's only stored property is its box).
    func references<Base: AnyObject>(in instance: Any, as base: Base.Type) -> [Base] {
        if fields.isEmpty { return [] }
        return withStorage(of: instance) { references(at: $0, as: Base.self) }
    }

    /// This layout with its fields reordered so that, in `instance`, they hold exactly the objects `expected`
    /// names, in its order; `nil` unless the fields and `expected` match one to one. Reads only the words' bits,
    /// never an object, so a layout that is wrong for `instance` is found out without harm.
    func ordered(as expected: [ObjectIdentifier], in instance: Any) -> ReferenceFields? {
        guard expected.count == fields.count else { return nil }
        let words = withStorage(of: instance) { storage in
            fields.map { storage.load(fromByteOffset: $0.offset, as: UInt.self) }
        }
        var reordered: [Field] = []
        reordered.reserveCapacity(fields.count)
        for identity in expected {
            let bits = UInt(bitPattern: Int(bitPattern: identity))
            guard let index = words.firstIndex(of: bits), !reordered.contains(where: { $0.offset == fields[index].offset })
            else { return nil }
            reordered.append(fields[index])
        }
        return ReferenceFields(fields: reordered, isClass: isClass)
    }

    /// Runs `body` with the start of `instance`'s storage: a class instance's object, or a value's bytes (checked
    /// to hold every field).
    private func withStorage<Result>(of instance: Any, _ body: (UnsafeRawPointer) -> Result) -> Result {
        if isClass {
            let object = Self.object(of: instance)
            return withExtendedLifetime(object) { body(UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())) }
        }
        func open<Instance>(_ value: Instance) -> Result {
            withUnsafeBytes(of: value) { bytes in
                precondition(
                    fields.allSatisfy { $0.offset + MemoryLayout<UInt>.size <= bytes.count },
                    "a field lies past the value")
                return body(bytes.baseAddress!)
            }
        }
        return _openExistential(instance, do: open)
    }

    /// The class instance `instance` holds (its dynamic type is a class: checked).
    private static func object(of instance: Any) -> AnyObject {
        func open<Instance>(_ value: Instance) -> AnyObject {
            // Unreachable: a class layout is made only for a class type, and used only on instances of its type.
            guard let object = classReference(value) else { preconditionFailure("a class layout used on a value") }
            return object
        }
        return _openExistential(instance, do: open)
    }

    /// Runs `body` with the objects the fields of `instance` hold: for a class instance, read one at a time as
    /// `body` asks for them (no array is made); for a value, read all first. `instance`'s dynamic type must be the
    /// one the layout was made for, and every field must hold a `Base`, as for ``references(in:as:)``. The
    /// ``FieldObjects`` is valid only during `body`, which must not keep it.
    func withObjects<Base: AnyObject, Output, Failure: Error>(
        in instance: Any, as base: Base.Type, _ body: (FieldObjects<Base>) throws(Failure) -> Output
    ) throws(Failure) -> Output {
        guard isClass else {
            return try body(FieldObjects(storage: nil, read: references(in: instance, as: Base.self), fields: fields))
        }
        let object = Self.object(of: instance)
        // The object, and so its storage, stays alive until `body` returns.
        defer { withExtendedLifetime(object) {} }
        let storage = UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
        return try body(FieldObjects(storage: storage, read: [], fields: fields))
    }

    /// The objects a layout's fields hold in one instance, read on demand: valid only inside the
    /// ``withObjects(in:as:_:)`` call that made it, which keeps the instance, and so its storage, alive.
    struct FieldObjects<Base: AnyObject> {
        /// The class instance's storage; `nil` for a value, whose objects are in `read`.
        fileprivate let storage: UnsafeRawPointer?
        fileprivate let read: [Base]
        fileprivate let fields: [Field]

        /// How many fields the layout has.
        var count: Int { fields.count }

        /// The object the field at `index` holds, retained.
        func object(at index: Int) -> Base {
            guard let storage else { return read[index] }
            return ReferenceFields.object(in: storage, at: fields[index], as: Base.self)
        }

        /// Runs `body` with the object the field at `index` holds, borrowed: no retain, no release. The instance,
        /// which the enclosing ``ReferenceFields/withObjects(in:as:_:)`` keeps alive, keeps the object; `body`
        /// takes a strong reference (by storing it) if it must outlive the call.
        func withObject<Result>(at index: Int, _ body: (Base) -> Result) -> Result {
            guard let storage else { return body(read[index]) }
            let reference = ReferenceFields.reference(in: storage, at: fields[index], as: Base.self)
            return reference.with { body(unsafeDowncast($0, to: Base.self)) }
        }
    }

    /// The object `field` holds in `storage`, retained: the storage's owner keeps it meanwhile.
    private static func object<Base: AnyObject>(
        in storage: UnsafeRawPointer, at field: Field, as base: Base.Type
    ) -> Base {
        // Retained here, while the instance (kept by the caller) keeps the object.
        unsafeDowncast(reference(in: storage, at: field, as: Base.self).object, to: Base.self)
    }

    /// The object `field` holds in `storage`, not retained (the storage's owner keeps it), checked in debug builds to
    /// be a `Base`.
    @inline(__always)
    fileprivate static func reference<Base: AnyObject>(
        in storage: UnsafeRawPointer, at field: Field, as base: Base.Type
    ) -> Unretained<AnyObject> {
        let bits = storage.load(fromByteOffset: field.offset, as: UInt.self)
        // Unreachable: the layout was matched against this type's boxes, and a wrapper always holds its box.
        guard let reference = Unretained<AnyObject>(bits: bits) else {
            preconditionFailure("no object in the stored property \(field.name)")
        }
        #if DEBUG
            precondition(reference.with { $0 is Base }, "the stored property \(field.name) holds no \(Base.self)")
        #endif
        return reference
    }

    private func references<Base: AnyObject>(at storage: UnsafeRawPointer, as base: Base.Type) -> [Base] {
        var found: [Base] = []
        found.reserveCapacity(fields.count)
        for field in fields {
            found.append(Self.object(in: storage, at: field, as: Base.self))
        }
        return found
    }
}

/// Whether `type` is a struct: its metadata's kind, the first word of every Swift type's metadata, is 0x200 (the
/// runtime's stable ABI: `MetadataKind::Struct`).
private func isStruct(_ type: Any.Type) -> Bool {
    unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x200
}

/// Whether a value of `type` is exactly one word wide, as a single strong reference is.
private func isOneReference(_ type: Any.Type) -> Bool {
    func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
    return size(type) == MemoryLayout<AnyObject>.size
}
