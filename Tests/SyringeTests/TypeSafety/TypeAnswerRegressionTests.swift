import Syringe
import Testing

protocol AnswerAnimal: AnyObject {}
final class AnswerDog: AnswerAnimal, Sendable {}

/// The scopes every test below runs in: the built-in ones, and custom scopes keeping their instance strongly,
/// weakly and per graph.
let answerScopes: [ObjectScope] = [
    .transient, .graph, .container, .weak, .perContainer,
    ObjectScope(storageFactory: PermanentStorage.init, description: "custom permanent"),
    ObjectScope(storageFactory: WeakStorage.init, description: "custom weak"),
    ObjectScope(storageFactory: GraphStorage.init, description: "custom graph"),
]

/// Whether `scope` hands the same instance to two top-level resolves while the first is held.
private func sharesAcrossResolves(_ scope: ObjectScope) -> Bool {
    scope !== ObjectScope.transient && scope !== ObjectScope.graph && scope.description != "custom graph"
}

/// A value a factory registered as `Any` returns: a `AnswerDog` inside an optional of some shape.
struct AnswerOptionalShape: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let make: @Sendable (AnswerDog) -> Any
    /// `ObjectIdentifier` of the optional type `make` returns, which `type(of:)` gives back.
    let type: ObjectIdentifier

    static let all: [AnswerOptionalShape] = [
        AnswerOptionalShape(testDescription: "Dog?", make: { Optional($0) as Any }, type: ObjectIdentifier(AnswerDog?.self)),
        AnswerOptionalShape(
            testDescription: "Dog??", make: { Optional(Optional($0)) as Any }, type: ObjectIdentifier(AnswerDog??.self)),
        AnswerOptionalShape(
            testDescription: "(any Animal)?", make: { Optional<any AnswerAnimal>($0) as Any },
            type: ObjectIdentifier((any AnswerAnimal)?.self)),
        AnswerOptionalShape(
            testDescription: "AnyObject?", make: { Optional<AnyObject>($0) as Any },
            type: ObjectIdentifier(AnyObject?.self)),
        AnswerOptionalShape(
            testDescription: "Any?", make: { Optional<Any>($0) as Any }, type: ObjectIdentifier(Any?.self)),
    ]
}

/// The static type of the runtime argument a factory of `AnswerDog?` takes.
enum AnswerArgumentType: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case any = "Any"
    case anyObject = "AnyObject"

    var testDescription: String { rawValue }

    /// Registers a factory of `AnswerDog?` taking one argument of this type, returning it as a `AnswerDog`.
    func register(in container: Container, scope: ObjectScope, calls: CallCounter) {
        switch self {
        case .any:
            container.register(AnswerDog?.self) { (_, argument: Any) in
                calls.increment()
                return argument as? AnswerDog
            }
            .inObjectScope(scope)
        case .anyObject:
            container.register(AnswerDog?.self) { (_, argument: AnyObject) in
                calls.increment()
                return argument as? AnswerDog
            }
            .inObjectScope(scope)
        }
    }
}

extension TypeSafety {
    /// Type answers that differed with the scope or with the resolve (issue 22, item 5): every scope answers what
    /// the factory's value, cast to the requested type, gives, and answers the same on every resolve.
    @Suite("Type answer regressions")
    struct TypeAnswerRegressionTests {
        @Test(
            "a service registered as Any from an optional object resolves as that optional on every resolve",
            arguments: answerScopes, AnswerOptionalShape.all
        )
        func optionalObjectRegisteredAsAny(scope: ObjectScope, shape: AnswerOptionalShape) throws {
            let container = Container()
            let calls = CallCounter()
            container.register(Any.self) { _ in
                calls.increment()
                return shape.make(AnswerDog())
            }
            .inObjectScope(scope)
            let first = try container.require(Any.self)
            let second = try container.require(Any.self)
            let third = container.resolve(Any.self)
            #expect(ObjectIdentifier(type(of: first)) == shape.type)
            #expect(ObjectIdentifier(type(of: second)) == shape.type)
            #expect(third.map { ObjectIdentifier(type(of: $0)) } == shape.type)
            if sharesAcrossResolves(scope) {
                #expect(second as? AnswerDog === first as? AnswerDog)
                #expect(calls.value == 1)
            } else {
                #expect(calls.value == 3)
            }
            withExtendedLifetime(first) {}
        }

        @Test(
            "a service registered as Any from an optional object resolves as that optional twice in one graph",
            arguments: answerScopes, AnswerOptionalShape.all
        )
        func optionalObjectRegisteredAsAnyInOneGraph(scope: ObjectScope, shape: AnswerOptionalShape) throws {
            let container = Container()
            container.register(Any.self) { _ in shape.make(AnswerDog()) }.inObjectScope(scope)
            container.register([ObjectIdentifier].self) { r in
                let first = r.resolve(Any.self)
                let second = r.resolve(Any.self)
                return [first, second].compactMap { $0.map { ObjectIdentifier(type(of: $0)) } }
            }
            #expect(try container.require([ObjectIdentifier].self) == [shape.type, shape.type])
        }

        @Test(
            "a weak service registered as Any from an optional object resolves as that optional after its graph ended"
        )
        func weakOptionalObjectThroughAnEndedGraph() throws {
            let container = Container()
            container.register(Any.self) { _ in Optional(AnswerDog()) as Any }.inObjectScope(.weak)
            // The `Lazy` shares its graph, which keeps the instance weakly once a resolve through it returns.
            let lazy = try container.require(Lazy<Any>.self)
            let first = try lazy.require()
            let second = try lazy.require()
            #expect(ObjectIdentifier(type(of: first)) == ObjectIdentifier(AnswerDog?.self))
            #expect(ObjectIdentifier(type(of: second)) == ObjectIdentifier(AnswerDog?.self))
            #expect(second as? AnswerDog === first as? AnswerDog)
        }

        @Test("WeakStorage gives back an optional object as the optional it was given")
        func weakStorageKeepsTheOptional() {
            let dog = AnswerDog()
            let weak = WeakStorage()
            weak.instance = Optional(dog) as Any
            #expect(weak.instance.map { ObjectIdentifier(type(of: $0)) } == ObjectIdentifier(AnswerDog?.self))
            let graph = GraphStorage()
            let id = GraphIdentifier()
            graph.setInstance(Optional(dog) as Any, inGraph: id)
            graph.graphResolutionCompleted()
            #expect(graph.instance(inGraph: id).map { ObjectIdentifier(type(of: $0)) } == ObjectIdentifier(AnswerDog?.self))
            withExtendedLifetime(dog) {}
        }

        @Test(
            "an optional service whose factory takes Any or AnyObject converts the argument and runs the factory",
            arguments: answerScopes, AnswerArgumentType.allCases
        )
        func optionalServiceConvertsItsArgument(scope: ObjectScope, argumentType: AnswerArgumentType) throws {
            let container = Container()
            let calls = CallCounter()
            argumentType.register(in: container, scope: scope, calls: calls)
            let dog = AnswerDog()
            let resolved = container.resolve(AnswerDog?.self, argument: dog)
            #expect(resolved != nil)
            #expect((resolved ?? nil) === dog)
            #expect(try container.require(AnswerDog?.self, argument: dog) === dog)
            #expect(calls.value == (sharesAcrossResolves(scope) ? 1 : 2))
        }

        @Test(
            "an optional service whose factory takes Any or AnyObject converts the argument inside a factory",
            arguments: answerScopes, AnswerArgumentType.allCases
        )
        func optionalServiceConvertsItsArgumentInsideAFactory(scope: ObjectScope, argumentType: AnswerArgumentType) throws {
            let container = Container()
            let calls = CallCounter()
            argumentType.register(in: container, scope: scope, calls: calls)
            let dog = AnswerDog()
            container.register(Bool.self) { r in (r.resolve(AnswerDog?.self, argument: dog) ?? nil) === dog }
            #expect(try container.require(Bool.self))
            #expect(calls.value == 1)
        }

        @Test(
            "an optional service resolved from a child converts the argument like its parent",
            arguments: answerScopes, AnswerArgumentType.allCases
        )
        func optionalServiceConvertsItsArgumentInAChild(scope: ObjectScope, argumentType: AnswerArgumentType) throws {
            let parent = Container()
            let calls = CallCounter()
            argumentType.register(in: parent, scope: scope, calls: calls)
            let child = Container(parent: parent)
            let dog = AnswerDog()
            #expect(try child.require(AnswerDog?.self, argument: dog) === dog)
            #expect(calls.value == 1)
        }
    }
}
