/// Type questions answered from a type's metadata kind instead of the runtime's conformance lookup, which scans every
/// conformance record (~200,000 instructions) the first time it is asked about a type.
///
/// Invariant: a non-class type's metadata begins with its kind, fixed by the ABI (`MetadataValues.h`); a class's may
/// begin with an isa pointer, so classes are answered first. Debug builds compare each answer with the runtime's.
enum MetadataKind {
    static let optional: UInt = 0x202

    /// Whether `type` is a class type, as `type is AnyClass` answers without its `swift_isClassType` call: kind 0 (a
    /// Swift class without Objective-C), above 0x7FF (an isa pointer), 0x203 (foreign) or 0x305 (Objective-C wrapper).
    @inline(__always)
    static func isClass(_ type: Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
        let answer = kind == 0 || kind > 0x7FF || kind == 0x203 || kind == 0x305
        assert(answer == (type is AnyClass), "the metadata kind of \(type) says otherwise")
        return answer
    }

    /// Whether `type` is a class, struct or enum (optionals included): not an existential, tuple, function or
    /// metatype, which cannot adopt the library's protocols.
    @inline(__always)
    static func isNominal(_ type: Any.Type) -> Bool {
        if type is AnyClass { return true }
        let kind = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
        assert(kind <= 0x7FF, "the metadata of \(type) does not begin with a kind")
        // The value kinds (struct, enum, optional, foreign types) share the non-heap flag and no other high bit.
        return kind & ~0xFF == 0x200
    }

    /// Whether `type` is `Optional<Wrapped>` for some `Wrapped`.
    @inline(__always)
    static func isOptional(_ type: Any.Type) -> Bool {
        if type is AnyClass { return false }
        let kind = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
        let answer = kind == optional
        assert(answer == (type is any OptionalInstance.Type), "the metadata kind of \(type) says otherwise")
        return answer
    }
}
