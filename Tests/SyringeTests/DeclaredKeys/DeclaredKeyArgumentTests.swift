import Syringe
import Testing

extension ServiceKeys {
    fileprivate static let pairKey = Key<String>.WithArguments<(Int, Int)>(name: "pair") { _, pair in
        "\(pair.0)+\(pair.1)"
    }
    fileprivate static let twoIntsKey = Key<String>.WithArguments<Int, Int>(name: "pair") { _, a, b in "\(a) and \(b)" }
}

/// A resolver of the test's own, not a container: it resolves nothing (its misses are an empty container's).
private struct EmptyResolver: Resolver {
    func resolve<Service>(_ serviceType: Service.Type, name: String?) -> Service? { nil }
    func resolve<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) -> Service? { nil }
    func require<Service>(_ serviceType: Service.Type, name: String?) throws(ResolutionError) -> Service {
        try Container().require(serviceType, name: name)
    }
    func require<Service, each Argument>(
        _ serviceType: Service.Type, name: String?, arguments: repeat each Argument
    ) throws(ResolutionError) -> Service {
        try Container().require(serviceType, name: name, arguments: repeat each arguments)
    }
}

@Suite("Declared keys with runtime arguments: argument types the compiler checks")
struct DeclaredKeyArgumentTests {
    @Test("a key with one argument resolves through its default, by subscript, require and resolve")
    func oneArgument() throws {
        let container = Container()
        #expect(try container[.keyedDetail, 42].id == 42)
        #expect(try container[.keyedDetail, 7].id == 7)
        #expect((try? container[.keyedDetail, 8])?.id == 8)
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

    @Test("one tuple argument and two arguments of the same types are two keys, as two registrations are")
    func tupleArgumentIsOneArgument() throws {
        let container = Container()
        #expect(try container[.pairKey, (1, 2)] == "1+2")
        #expect(try container[.twoIntsKey, 1, 2] == "1 and 2")
        #expect(container.resolve(String.self, name: "pair", argument: (3, 4)) == "3+4")
        #expect(container.resolve(String.self, name: "pair", arguments: 3, 4) == "3 and 4")
    }

    @Test("a key with arguments resolved through a resolver that is not a container runs its default factory")
    func resolverOfYourOwn() throws {
        let resolver: any Resolver = EmptyResolver()
        #expect(try resolver[.keyedGreeting, "Mimi", 3] == "Mimi, 3")
    }

    @Test("a key with arguments resolves from an awaited resolution")
    func awaited() async throws {
        let container = Container()
        #expect(try await container.async[.keyedDetail, 11].id == 11)
    }
}
