import Testing

/// What the compiler says about a key used with the wrong arguments, and about two keys whose defaults use each
/// other: client programs type-checked against the built module, each rejected one beside an accepted twin.
@Suite("Declared keys: the compiler's messages")
struct DeclaredKeyCompilerMessageTests {
    private static let detailKey = """
        import Syringe
        struct ProductDetail: Sendable { let title: String }
        extension ServiceKeys {
            static let detail = Key<ProductDetail>.WithArguments<Int> { _, id in ProductDetail(title: "\\(id)") }
        }

        """

    @Test("A key with arguments resolves with arguments of its types")
    func rightArgumentsCompile() throws {
        let result = try ClientProgram.typecheck(
            Self.detailKey + "func load(_ c: Container) throws -> ProductDetail { try c[.detail, 42] }\n")
        #expect(result.ok, "\(result.output)")
    }

    @Test("Without its arguments, the member chain produces the WithArguments key where a plain key was expected")
    func missingArguments() throws {
        let result = try ClientProgram.typecheck(
            Self.detailKey + "func load(_ c: Container) throws -> ProductDetail { try c[.detail] }\n")
        #expect(!result.ok)
        #expect(
            result.output.contains(
                "member chain produces result of type 'ServiceKeys.Key<ProductDetail>.WithArguments<Int>'"),
            "\(result.output)")
    }

    @Test("An argument of the wrong type cannot be converted")
    func wrongArgumentType() throws {
        let result = try ClientProgram.typecheck(
            Self.detailKey + "func load(_ c: Container) throws { _ = try c[.detail, \"42\"] }\n")
        #expect(!result.ok)
        #expect(
            result.output.contains("cannot convert value of type 'String' to expected argument type 'Int'"),
            "\(result.output)")
    }

    @Test("With the result's type given, an argument of the wrong type names the key the member produces")
    func wrongArgumentTypeWithAResultType() throws {
        let result = try ClientProgram.typecheck(
            Self.detailKey + "func load(_ c: Container) throws -> ProductDetail { try c[.detail, \"42\"] }\n")
        #expect(!result.ok)
        #expect(
            result.output.contains("produces result of type 'ServiceKeys.Key<ProductDetail>.WithArguments<Int>'"),
            "\(result.output)")
    }

    private static let pair = """
        import Syringe
        final class A: Sendable { init(b: B) {} }
        final class B: Sendable { init(a: A) {} }

        """

    @Test("Two keys whose defaults use each other, neither annotated: Swift's bare circular reference")
    func unannotatedKeysAreACircularReference() throws {
        let result = try ClientProgram.typecheck(
            Self.pair + """
                extension ServiceKeys {
                    static let a = Key { r in A(b: try r[.b]) }
                    static let b = Key { r in B(a: try r[.a]) }
                }
                """)
        #expect(!result.ok)
        #expect(result.output.contains("error: circular reference"), "\(result.output)")
    }

    @Test("With the type written on one of them, the two keys compile")
    func annotatedKeysCompile() throws {
        let result = try ClientProgram.typecheck(
            Self.pair + """
                extension ServiceKeys {
                    static let a: Key<A> = Key { r in A(b: try r[.b]) }
                    static let b = Key { r in B(a: try r[.a]) }
                }
                """)
        #expect(result.ok, "\(result.output)")
    }
}
