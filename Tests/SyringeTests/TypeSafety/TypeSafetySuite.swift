import Testing

/// The tests of the library's unchecked type reinterpretations (`Sources/Syringe/Runtime/ExactCast.swift`): every
/// suite of this folder is nested here, so `swift test --filter TypeSafety` runs them all.
@Suite("Type safety")
enum TypeSafety {}
