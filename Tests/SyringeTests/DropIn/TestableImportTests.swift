import Testing

@testable import Syringe

@Suite("Drop-in: a test file that imports the library with @testable import")
struct TestableImportTests {
    @Test("public API is used as with a plain import")
    func publicAPI() {
        let container = Container()
        container.register(Int.self) { _ in 42 }
        #expect(container.resolve(Int.self) == 42)
    }
}
