/// Whether a type is an `Optional`, read from its metadata's kind instead of asked of the runtime's conformance lookup.
///
/// A kept value that is not a class instance is looked into only if it is an optional (``asObject(_:)``,
/// ``WeakInstance``): `instance as? any OptionalInstance` answers that too, but for a type the runtime was never asked
/// about it scans every conformance record of the process (~200,000 instructions and more, once per type), here
/// for every struct, enum, tuple or closure a shared scope keeps.
///
/// Invariant: a non-class type's metadata begins with its kind, a word whose value the Swift ABI fixes
/// (`MetadataKind` in the compiler's `MetadataValues.h`: `Optional` is `2 | 0x200`, the flag of a kind that is not a
/// heap object). Class metadata begins with an isa pointer on Apple platforms, so a class is answered before the word
/// is read. Debug builds compare the answer with the conformance lookup's.
enum MetadataKind {
    /// `MetadataKind::Optional`.
    static let optional: UInt = 0x202

    /// Whether `type` is a class type, as `type is AnyClass` answers, read from the metadata's first word instead of
    /// asked of the runtime (`swift_isClassType`, a call per question): 0 is a Swift class's kind where there is no
    /// Objective-C runtime, a value above the last kind (0x7FF) is the isa pointer of an Apple platform's class
    /// metadata, 0x203 a foreign class and 0x305 an Objective-C class wrapper (the ABI's `MetadataValues.h`). Debug
    /// builds compare the answer with the runtime's.
    @inline(__always)
    static func isClass(_ type: Any.Type) -> Bool {
        let kind = unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
        let answer = kind == 0 || kind > 0x7FF || kind == 0x203 || kind == 0x305
        assert(answer == (type is AnyClass), "the metadata kind of \(type) says otherwise")
        return answer
    }

    /// Whether `type` is a class, struct or enum (optionals included): `false` for an existential, a tuple, a
    /// function or a metatype, which adopt no protocol of the library's (they cannot adopt protocols), so a miss need
    /// not ask the runtime whether they are a wrapper it answers for.
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
