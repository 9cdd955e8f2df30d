import Syringe
import Testing

private typealias Animal = DiagnosticsFixtures.Animal
private typealias Cat = DiagnosticsFixtures.Cat
private typealias Dog = DiagnosticsFixtures.Dog
private typealias PetOwner = DiagnosticsFixtures.PetOwner
private typealias Vehicle = DiagnosticsFixtures.Vehicle
private typealias DatabaseError = DiagnosticsFixtures.DatabaseError

private final class Node: Sendable {
    let next: Node?
    init(next: Node?) { self.next = next }
}

private final class Report: Sendable {}
private final class Bike: Sendable {}

@Suite("A test states the kind of a failure in one line")
struct ResolutionErrorCodeTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register((any Animal).self, name: "cat") { _ in Cat() }
        container.register(Dog.self) { _, name in Dog(name: name) }
        container.register(Cat?.self) { _ in Cat() }
        container.register(Node.self) { r in Node(next: try r.require(Node.self)) }
        container.register(PetOwner.self) { _ in throw DatabaseError.connectionRefused }
        container.register(Bike.self) { _ in Bike() }.implements((any Vehicle).self)
        container.register(Report.self) { _ in
            await Task.yield()
            return Report()
        }
        return container
    }

    @Test(
        "ResolutionError.code(of:) gives the code of each kind of failure a resolve can meet",
        arguments: [
            (ResolutionError.Code.notRegistered, "Float"),
            (.nameMismatch, "Animal named dgo"),
            (.argumentMismatch, "Dog without its argument"),
            (.optionalityMismatch, "Cat (only Cat? is registered)"),
            (.circularDependency, "Node"),
            (.factoryFailed, "PetOwner"),
            (.wrongInstanceType, "Vehicle forwarded from Bike"),
            (.asyncFactory, "Report, synchronously"),
        ]
    )
    func codeOfEachKind(expected: ResolutionError.Code, request: String) throws {
        let container = makeContainer()
        let code: ResolutionError.Code? =
            switch expected {
            case .notRegistered: try ResolutionError.code { try container.require(Float.self) }
            case .nameMismatch: try ResolutionError.code { try container.require((any Animal).self, name: "dgo") }
            case .argumentMismatch: try ResolutionError.code { try container.require(Dog.self) }
            case .optionalityMismatch: try ResolutionError.code { try container.require(Cat.self) }
            case .circularDependency: try ResolutionError.code { try container.require(Node.self) }
            case .factoryFailed: try ResolutionError.code { try container.require(PetOwner.self) }
            case .wrongInstanceType: try ResolutionError.code { try container.require((any Vehicle).self) }
            case .asyncFactory: try ResolutionError.code { try container.require(Report.self) }
            default: nil
            }
        #expect(code == expected, "\(request)")
    }

    @Test("ResolutionError.code(of:) is nil when the call resolves")
    func codeOfSuccessIsNil() throws {
        let container = makeContainer()
        #expect(try ResolutionError.code { try container.require(Dog.self, argument: "Rex") } == nil)
        #expect(try ResolutionError.code { try container.require((any Animal).self, name: "cat") } == nil)
    }

    @Test("ResolutionError.code has an awaited form: the code of an awaited resolve's failure, nil when it resolves")
    func awaitedCode() async throws {
        let container = makeContainer()
        #expect(try await ResolutionError.code { try await container.async.require(Float.self) } == .notRegistered)
        #expect(try await ResolutionError.code { try await container.async.require(PetOwner.self) } == .factoryFailed)
        #expect(try await ResolutionError.code { try await container.async.require(Report.self) } == nil)
        // A closure that does not await picks the synchronous form, in async code too.
        #expect(try ResolutionError.code { try container.require(Report.self) } == .asyncFactory)
        await #expect(throws: DatabaseError.self) {
            try await ResolutionError.code {
                await Task.yield()
                throw DatabaseError.connectionRefused
            }
        }
    }

    @Test("The error returned by #expect(throws:) compares by code, whatever the kind's details")
    func errorComparesByCode() {
        let container = makeContainer()
        let cycle = #expect(throws: ResolutionError.self) { try container.require(Node.self) }
        #expect(cycle?.code == .circularDependency)
        #expect(cycle?.kind.code == .circularDependency)
        let failed = #expect(throws: ResolutionError.self) { try container.require(PetOwner.self) }
        #expect(failed?.code == .factoryFailed)
        #expect(failed?.code != .circularDependency)
    }

    @Test("Each code is its case's name, and a made-up error has the code of its kind")
    func codeNamesAndMadeUpErrors() {
        #expect(ResolutionError.Code.allCases.count == 16)
        #expect(ResolutionError.Code.nameMismatch.description == "nameMismatch")
        let kinds: [(ResolutionError.Kind, ResolutionError.Code)] = [
            (.notRegistered, .notRegistered),
            (.ambiguousArguments, .ambiguousArguments),
            (.nameMismatch(suggestion: "cat"), .nameMismatch),
            (.stackExhausted(depth: 3), .stackExhausted),
            (.containerReleased, .containerReleased),
            (.containerShutDown, .containerShutDown),
            (.factoryFailed(underlying: DatabaseError.connectionRefused), .factoryFailed),
            (.notReinjectable(reason: "transient"), .notReinjectable),
            (.outsideRequestScope, .outsideRequestScope),
            (.notProvidedByRequest(scopeRunning: true), .notProvidedByRequest),
        ]
        for (kind, code) in kinds {
            let error = ResolutionError(kind: kind, request: ServiceRequest(serviceType: Cat.self))
            #expect(error.code == code)
        }
    }
}
