import Syringe
import Testing

private protocol Animal: AnyObject, Sendable {}
private final class Dog: Animal {}

/// Not class-bound: its existential is five words.
private protocol Shape {}
/// Five words, as large as an `any Shape`: an existential stores it out of line.
private struct Pentagon: Shape, Equatable {
    var a = 1, b = 2, c = 3, d = 4, e = 5
}
/// Four words, as large as an `Any`.
private struct Square: Equatable {
    var a = 1, b = 2, c = 3, d = 4
}

extension TypeSafety {
    /// A type forwarded to a registration of a wider type (an existential, `Any`) is taken out of the stored
    /// existential, never reinterpreted as if it were the existential: the regressions of issue 12.
    @Suite("Forwarded types")
    struct ForwardedTypeTests {
        @Test(
            "a class registered as a class-bound protocol resolves as the class it is forwarded as",
            arguments: [ObjectScope.transient, .graph, .container, .weak, .perContainer]
        )
        func classForwardedFromItsProtocol(scope: ObjectScope) throws {
            let container = Container()
            let entry = container.register((any Animal).self) { _ in Dog() }.inObjectScope(scope)
            container.forward(Dog.self, to: entry)
            let dog = try container.require(Dog.self)
            let again = try container.require(Dog.self)
            let animal = try container.require((any Animal).self)
            if scope === ObjectScope.container || scope === ObjectScope.perContainer || scope === ObjectScope.weak {
                #expect(again === dog)
                #expect(animal === dog)
            } else {
                #expect(again !== dog)
            }
        }

        @Test("a five-word struct registered as a protocol resolves, as itself, with its own value")
        func largeStructForwardedFromItsProtocol() throws {
            let container = Container()
            let entry = container.register((any Shape).self) { _ in Pentagon(a: 10, e: 50) }
            container.forward(Pentagon.self, to: entry)
            #expect(try container.require(Pentagon.self) == Pentagon(a: 10, e: 50))
        }

        @Test("a four-word struct registered as Any resolves, as itself, with its own value")
        func anyForwardedAsAStruct() throws {
            let container = Container()
            let entry = container.register(Any.self) { _ in Square(a: 10, d: 40) }.inObjectScope(.container)
            container.forward(Square.self, to: entry)
            #expect(try container.require(Square.self) == Square(a: 10, d: 40))
            // The kept instance, read again by the forwarded type and by the registered one.
            #expect(try container.require(Square.self) == Square(a: 10, d: 40))
            #expect(try container.require(Any.self) as? Square == Square(a: 10, d: 40))
        }

        @Test("a kept instance reached by a forwarded type inside a factory is the registered one")
        func keptInstanceForwardedInsideAFactory() throws {
            let container = Container()
            let entry = container.register((any Animal).self) { _ in Dog() }.inObjectScope(.container)
            container.forward(Dog.self, to: entry)
            let animal = try container.require((any Animal).self)
            // Through the factory's resolver, through the container itself (both join the running resolution),
            // and from a factory of another container (a resolution of its own inside the running one).
            container.register(Int.self) { [unowned container] r in
                #expect(r.resolve(Dog.self) === animal)
                #expect(container.resolve(Dog.self) === animal)
                return 0
            }
            _ = try container.require(Int.self)
            let outer = Container()
            outer.register(Int.self) { [unowned container] _ in
                #expect(container.resolve(Dog.self) === animal)
                return 0
            }
            _ = try outer.require(Int.self)
        }

        @Test("a registered type that the product is not makes require throw wrongInstanceType")
        func mismatchThrows() {
            let container = Container()
            let entry = container.register((any Shape).self) { _ in Pentagon() }
            container.forward(Square.self, to: entry)
            #expect(container.resolve(Square.self) == nil)
            #expect {
                try container.require(Square.self)
            } throws: { error in
                guard let error = error as? ResolutionError, case .wrongInstanceType(let actual) = error.kind else {
                    return false
                }
                return actual == Pentagon.self
            }
        }
    }
}
