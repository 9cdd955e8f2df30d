/// A cheap hash of registration names, for the registry's own hash tables (``BindingMap``, ``RegistryTable``):
/// a few multiplications per eight bytes of UTF-8, instead of the standard library's SipHash (~400 instructions
/// for a short name, with its per-process seed).
///
/// It agrees with `String.==`, which compares canonically equivalent strings as equal. An ASCII name (always in
/// normal form) is hashed from its bytes as they are; so is a name equivalent to an ASCII one (its only non-ASCII
/// scalars are the three whose canonical form is an ASCII character, which stand in for it); any other name, never
/// equal to an ASCII one, by the standard library's `hashValue`, which agrees with `==`. The hash of an ASCII name
/// is not seeded, so it offers no protection against names chosen to collide; registration names come from the
/// program, not from its input.
///
/// ```swift fragment
/// nameHash("service-1") == nameHash("service-1") // true
/// nameHash("e\u{301}") == nameHash("\u{E9}")      // true: "é" either way
/// ```
// Out of line: the resolve path of a named service calls it, and its code should not grow every call site.
@inline(never)
func nameHash(_ name: String) -> UInt {
    let fast = name.utf8.withContiguousStorageIfAvailable { bytes -> UInt? in
        let (hash, isASCII) = hashBytes(UnsafeRawBufferPointer(bytes))
        return isASCII ? hash : nil
    }
    if let fast, let fast { return fast }
    // Not ASCII (or not stored as UTF-8). Rare, so not optimized.
    if let ascii = asciiEquivalent(of: name) { return ascii.withUnsafeBytes { hashBytes($0).hash } }
    return UInt(bitPattern: name.hashValue)
}

/// The bytes of the ASCII string canonically equivalent to `name`, if there is one: `name`'s scalars are all ASCII
/// or one of the three whose canonical decomposition is a single ASCII character (KELVIN SIGN, GREEK QUESTION MARK,
/// GREEK VARIA). No other scalar's normal form is ASCII, and composing never makes an ASCII character.
private func asciiEquivalent(of name: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    for scalar in name.unicodeScalars {
        switch scalar.value {
        case 0..<0x80: bytes.append(UInt8(scalar.value))
        case 0x212A: bytes.append(UInt8(ascii: "K"))
        case 0x037E: bytes.append(UInt8(ascii: ";"))
        case 0x1FEF: bytes.append(UInt8(ascii: "`"))
        default: return nil
        }
    }
    return bytes
}

/// The hash of `bytes` for ``nameHash(_:)``, and whether they are all ASCII: eight bytes at a time, the last
/// (partial) word read overlapping the one before it.
@inline(__always)
private func hashBytes(_ bytes: UnsafeRawBufferPointer) -> (hash: UInt, isASCII: Bool) {
    let count = bytes.count
    var state: UInt64 = 0x243F_6A88_85A3_08D3 ^ UInt64(count)
    var seen: UInt64 = 0
    func mix(_ word: UInt64) {
        seen |= word
        state = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        state ^= state >> 29
    }
    func word(at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    func half(at offset: Int) -> UInt64 {
        UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }
    if count >= 8 {
        var offset = 0
        while offset + 8 <= count {
            mix(word(at: offset))
            offset += 8
        }
        if offset < count { mix(word(at: count - 8)) }
    } else if count >= 4 {
        mix(half(at: 0) | half(at: count - 4) << 32)
    } else if count > 0 {
        mix(UInt64(bytes[0]) | UInt64(bytes[count / 2]) << 8 | UInt64(bytes[count - 1]) << 16)
    }
    var hash = state
    hash ^= hash >> 32
    hash &*= 0xD6E8_FEB8_6659_FD93
    hash ^= hash >> 32
    return (UInt(truncatingIfNeeded: hash), seen & 0x8080_8080_8080_8080 == 0)
}
