import Syringe
import Testing

private typealias Animal = DiagnosticsFixtures.Animal
private typealias Cat = DiagnosticsFixtures.Cat
private typealias Dog = DiagnosticsFixtures.Dog

private func resolutionError(_ body: () throws -> Void) -> ResolutionError? {
    DiagnosticsFixtures.resolutionError(body)
}

@Suite("A miss says what is registered instead, across containers and among many registrations")
struct MissErrorTests {
    @Test("A child's registration shadows its parent's under the same key in the registrations a miss lists")
    func childShadowsParent() throws {
        let parent = Container()
        parent.register((any Animal).self, name: "cat", fileID: "App/Parent.swift", line: 1) { _ in Cat() }
        parent.register((any Animal).self, name: "owl", fileID: "App/Parent.swift", line: 2) { _ in Cat() }
        let child = Container(parent: parent)
        child.register((any Animal).self, name: "cat", fileID: "App/Child.swift", line: 3) { _ in Cat() }
        child.register((any Animal).self, name: "dog", fileID: "App/Child.swift", line: 4) { _ in Dog() }

        let error = try #require(resolutionError { _ = try child.require((any Animal).self, name: "cta") })
        guard case .nameMismatch(let suggestion) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(suggestion == "cat")
        let places = error.registrations.map { "\($0.fileID):\($0.line)" }.sorted()
        #expect(places == ["App/Child.swift:3", "App/Child.swift:4", "App/Parent.swift:2"])
    }

    @Test("A miss among thousands of names of the type: nil from resolve, the closest name from require")
    func missAmongManyNames() throws {
        let container = Container()
        for index in 0..<5_000 {
            container.register(Cat.self, name: "cat-\(index)") { _ in Cat() }
        }
        #expect(container.resolve(Cat.self, name: "cat-5000x") == nil)
        #expect(container.resolve(Dog.self) == nil)

        let error = try #require(resolutionError { _ = try container.require(Cat.self, name: "cat-4999x") })
        guard case .nameMismatch(let suggestion) = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(suggestion == "cat-4999")
        #expect(error.registrations.count == 5_000)
        // Reading the details again gives the same answer (they are worked out once).
        #expect(error.registrations.map(\.description) == error.registrations.map(\.description))
        guard case .nameMismatch("cat-4999") = error.kind else {
            Issue.record("the kind changed between reads: \(error.kind)")
            return
        }
    }

    @Test("A registration with other argument types is an argument mismatch, listed with its arguments")
    func argumentMismatchAmongOthers() throws {
        let container = Container()
        container.register(Cat.self, fileID: "App/Setup.swift", line: 7) { (_, name: String) in Cat(name: name) }
        let error = try #require(resolutionError { _ = try container.require(Cat.self, argument: 3) })
        guard case .argumentMismatch = error.kind else {
            Issue.record("unexpected kind \(error.kind)")
            return
        }
        #expect(error.registrations.map(\.line) == [7])
    }
}
