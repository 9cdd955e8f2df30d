/// A cheap hash of registration names for the registry's tables (``BindingMap``, ``RegistryTable``): a few
/// multiplications per eight bytes, instead of SipHash (~400 instructions for a short name).
///
/// It agrees with `String.==`: an ASCII name, or one canonically equivalent to an ASCII one, is hashed from its ASCII
/// bytes; any other by `hashValue`. Not seeded: registration names come from the program, not from its input.
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

/// The bytes of the ASCII string canonically equivalent to `name`, if any: ASCII scalars, and the only three whose
/// decomposition is one ASCII character (KELVIN SIGN, GREEK QUESTION MARK, GREEK VARIA).
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

/// The hash of `bytes`, eight at a time (the last word overlapping), and whether they are all ASCII.
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
