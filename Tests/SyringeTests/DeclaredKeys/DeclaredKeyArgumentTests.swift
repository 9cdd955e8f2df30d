import Syringe
import Testing

@Suite("Declared keys with runtime arguments: argument types the compiler checks")
struct DeclaredKeyArgumentTests {
    @Test("a key with one argument resolves through its default, by subscript, require and resolve")
    func oneArgument() throws {
        let container = Container()
        #expect(try container[.keyedDetail, 42].id == 42)
        #expect(try container.require(.keyedDetail, arguments: 7).id == 7)
        #expect(container.resolve(.keyedDetail, arguments: 8)?.id == 8)
    }

    @Test("a key with several arguments and a name is the registration of that type, name and argument types")
    func severalArguments() throws {
        let container = Container()
        #expect(try container[.keyedGreeting, "Mimi", 3] == "Mimi, 3")
        #expect(container.resolve(String.self, name: "greeting", arguments: "Hachi", 4) == "Hachi, 4")
        // Without the arguments, the same type and name is another registration, absent here.
        #expect(container.resolve(String.self, name: "greeting") == nil)
    }

    @Test("a key with arguments first used inside another factory")
    func nestedFirstUse() throws {
        let container = Container()
        container.register(String.self) { r in "detail \(try r[.keyedDetail, 5].id)" }
        #expect(try container.require(String.self) == "detail 5")
        #expect(try container[.keyedDetail, 6].id == 6)
    }

    @Test("a Swinject-style registration with the key's argument types is the key")
    func swinjectRegistrationWithArguments() throws {
        let container = Container()
        container.register(KeyedDetail.self) { _, id in KeyedDetail(id: -id, api: MockKeyedAPI()) }
        #expect(try container[.keyedDetail, 2].id == -2)
    }
}
