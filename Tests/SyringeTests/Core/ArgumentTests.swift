import Syringe
import Testing

private struct Pet: Equatable {
    let name: String
    let age: Int
}

@Suite("Runtime arguments")
struct ArgumentTests {
    @Test("One argument resolves with argument:")
    func oneArgument() {
        let container = Container()
        container.register(Pet.self) { _, name in Pet(name: name, age: 0) }
        #expect(container.resolve(Pet.self, argument: "Mimi") == Pet(name: "Mimi", age: 0))
        #expect(container.resolve(Pet.self, arguments: "Mimi") == Pet(name: "Mimi", age: 0))
    }

    @Test("Several arguments resolve with arguments:, in order")
    func severalArguments() {
        let container = Container()
        container.register(Pet.self) { (_, name: String, age: Int) in Pet(name: name, age: age) }
        #expect(container.resolve(Pet.self, arguments: "Mimi", 3) == Pet(name: "Mimi", age: 3))
    }

    @Test("Names combine with arguments")
    func namedWithArguments() {
        let container = Container()
        container.register(Pet.self, name: "old") { (_, name: String) in Pet(name: name, age: 15) }
        container.register(Pet.self, name: "young") { (_, name: String, age: Int) in Pet(name: name, age: age) }
        #expect(container.resolve(Pet.self, name: "old", argument: "Tom")?.age == 15)
        #expect(container.resolve(Pet.self, name: "young", arguments: "Tom", 1)?.age == 1)
        #expect(throws: ResolutionError.self) { try container.require(Pet.self, name: "old", arguments: "Tom", 1) }
    }

    @Test("Twelve arguments work")
    func twelveArguments() throws {
        let container = Container()
        container.register(Int.self) {
            (_, a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int, i: Int, j: Int, k: Int, l: Int) in
            a + b + c + d + e + f + g + h + i + j + k + l
        }
        let sum = container.resolve(Int.self, arguments: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
        #expect(sum == 78)
        #expect(try container.require(Int.self, arguments: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1) == 12)
    }

    @Test("Argument types are part of the key")
    func argumentTypesAreKeys() {
        let container = Container()
        container.register(String.self) { (_, value: Int) in "int \(value)" }
        container.register(String.self) { (_, value: Double) in "double \(value)" }
        container.register(String.self) { _ in "none" }
        #expect(container.resolve(String.self, argument: 1) == "int 1")
        #expect(container.resolve(String.self, argument: 1.5) == "double 1.5")
        #expect(container.resolve(String.self) == "none")
        #expect(container.resolve(String.self, argument: "text") == nil)
        #expect(container.resolve(String.self, arguments: 1, 2) == nil)
    }

    @Test("One tuple argument is not two arguments")
    func tupleArgumentDiffersFromTwo() {
        let container = Container()
        container.register(String.self) { (_, pair: (Int, Int)) in "pair \(pair.0 + pair.1)" }
        container.register(String.self) { (_, a: Int, b: Int) in "two \(a * b)" }
        #expect(container.resolve(String.self, argument: (2, 3)) == "pair 5")
        #expect(container.resolve(String.self, arguments: 2, 3) == "two 6")
    }

    @Test("Optional arguments pass nil through")
    func optionalArgument() {
        let container = Container()
        container.register(String.self) { (_, value: Int?) in value.map(String.init) ?? "nil" }
        #expect(container.resolve(String.self, argument: Int?.none) == "nil")
        #expect(container.resolve(String.self, argument: Int?.some(4)) == "4")
    }

    @Test("A factory's resolver passes arguments to transient dependencies")
    func nestedArguments() {
        let container = Container()
        container.register(Pet.self) { (_, name: String) in Pet(name: name, age: 1) }.inObjectScope(.transient)
        container.register([Pet].self) { (r, names: [String]) in
            names.compactMap { r.resolve(Pet.self, argument: $0) }
        }
        #expect(container.resolve([Pet].self, argument: ["a", "b"])?.map(\.name) == ["a", "b"])
    }

    @Test("A graph-scoped registration makes one instance per graph, whatever the arguments (as Swinject)")
    func graphScopeIgnoresLaterArguments() {
        let container = Container()
        container.register(Pet.self) { (_, name: String) in Pet(name: name, age: 1) }
        container.register([Pet].self) { (r, names: [String]) in
            names.compactMap { r.resolve(Pet.self, argument: $0) }
        }
        #expect(container.resolve([Pet].self, argument: ["a", "b"])?.map(\.name) == ["a", "a"])
        #expect(container.resolve(Pet.self, argument: "c")?.name == "c")
    }

    @Test("Argument mismatch reports the registered argument types")
    func mismatchMessage() throws {
        let container = Container()
        container.register(Pet.self) { (_, name: String, age: Int) in Pet(name: name, age: age) }
        let error = try #require(throws: ResolutionError.self) { try container.require(Pet.self, argument: 3) }
        guard case .argumentMismatch = error.kind else {
            Issue.record("kind is \(error.kind)")
            return
        }
        #expect(error.description.contains("Pet(arguments: (String, Int))"))
        #expect(error.description.contains("Pet has no registration taking arguments (Int)"))
    }
}
