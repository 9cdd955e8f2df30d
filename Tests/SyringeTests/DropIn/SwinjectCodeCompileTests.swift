import Testing

/// Swinject code whose fate the migration guide states, type-checked as a client of the built module: what stops
/// compiling in the Swift 6 language mode, what only warns in the Swift 5 mode, and the twin that compiles.
@Suite("Drop-in: Swinject code the compiler treats differently")
struct SwinjectCodeCompileTests {
    private static let animal = """
        import Syringe
        protocol Animal {}
        final class Cat: Animal {}

        """

    @Test("A factory passed as a function value that is not @Sendable is an error in the Swift 6 mode")
    func functionValueFactorySwift6() throws {
        let result = try ClientProgram.typecheck(
            Self.animal + """
                func setUp(_ container: Container) {
                    let make: (Resolver) -> Animal = { _ in Cat() }
                    container.register(Animal.self, factory: make)
                }
                """)
        #expect(!result.ok)
        #expect(result.output.contains("Sendable"), "\(result.output)")
    }

    @Test("The same function value only warns in the Swift 5 mode")
    func functionValueFactorySwift5() throws {
        let result = try ClientProgram.typecheck(
            Self.animal + """
                func setUp(_ container: Container) {
                    let make: (Resolver) -> Animal = { _ in Cat() }
                    container.register(Animal.self, factory: make)
                }
                """, swiftVersion: 5)
        #expect(result.ok, "\(result.output)")
        #expect(result.output.contains("warning:"), "\(result.output)")
    }

    @Test("A closure written at the call site, or a @Sendable function value, compiles")
    func sendableFactory() throws {
        let result = try ClientProgram.typecheck(
            Self.animal + """
                func setUp(_ container: Container) {
                    let make: @Sendable (Resolver) -> Animal = { _ in Cat() }
                    container.register(Animal.self, factory: make)
                    container.register(Animal.self, name: "inline") { _ in Cat() }
                }
                """)
        #expect(result.ok, "\(result.output)")
    }

    @Test("ServiceEntry is a struct: `import struct` compiles, `import class` does not")
    func scopedImportOfServiceEntry() throws {
        let asStruct = try ClientProgram.typecheck("import struct Syringe.ServiceEntry\n")
        #expect(asStruct.ok, "\(asStruct.output)")
        let asClass = try ClientProgram.typecheck("import class Syringe.ServiceEntry\n")
        #expect(!asClass.ok)
    }
}
