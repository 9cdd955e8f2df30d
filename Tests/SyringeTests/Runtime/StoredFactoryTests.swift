import Testing

@testable import Syringe

// A registration's typed factory with its service type erased (Runtime/StoredFactory.swift): the function is
// reinterpreted between two forms of one generic type, which is sound only if its representation does not depend on
// whether the code that made it, or calls it, was specialized for the service type. These tests make factories in
// code specialized for each type and call them from code that is not (and the reverse), for types of every layout;
// check what a factory captures lives exactly as long as the factory; and run them from many threads. The exact
// (stored, requested) pairs of `ExactCastTypePairTests` call them too.

/// A class whose release the test sees through a weak reference.
private final class Captured: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}

/// Five words: returned indirectly even when specialized.
private struct Wide: Equatable, Sendable {
    var words: (Int, Int, Int, Int, Int)
    static func == (lhs: Wide, rhs: Wide) -> Bool { lhs.words == rhs.words }
}

/// Stores a factory of `Service` in code not specialized for it (the optimizer keeps it generic).
@inline(never)
private func storedGenerically<Service>(_ value: Service) -> StoredFactory {
    let boxed = Unchecked(value: value)
    return StoredFactory { (_: any Resolver) -> Service in boxed.value }
}

/// Calls a stored factory of `Service` in code not specialized for it.
@inline(never)
private func madeGenerically<Service>(_ factory: StoredFactory, as type: Service.Type) throws -> Service {
    try factory.make(Container(), as: Service.self)
}

/// Calls a stored factory with arguments in code not specialized for `Service`.
@inline(never)
private func madeGenerically<Service>(
    _ factory: StoredFactory, arguments: Any, as type: Service.Type
) throws -> Service {
    try factory.make(Container(), arguments, as: Service.self)
}

/// Checks `value` through the four combinations of specialized and generic making and calling, plain and with
/// arguments; returns what went wrong.
private func roundTrips<Service>(
    _ value: Service, _ specialized: StoredFactory, _ isSame: (Service, Service) -> Bool
) throws -> [String] {
    var problems: [String] = []
    let generic = storedGenerically(value)
    let resolver = Container()
    if !isSame(try specialized.make(resolver, as: Service.self), value) { problems.append("specialized, specialized") }
    if !isSame(try madeGenerically(specialized, as: Service.self), value) { problems.append("specialized, generic") }
    if !isSame(try generic.make(resolver, as: Service.self), value) { problems.append("generic, specialized") }
    if !isSame(try madeGenerically(generic, as: Service.self), value) { problems.append("generic, generic") }
    let boxed = Unchecked(value: value)
    let received = Locked<Int?>(nil)
    let withArguments = StoredFactory(takingArguments: { (_: any Resolver, arguments: Any) -> Service in
        received.withLock { $0 = arguments as? Int }
        return boxed.value
    })
    if !isSame(try madeGenerically(withArguments, arguments: 42, as: Service.self), value) {
        problems.append("with arguments, generic")
    }
    if !isSame(try withArguments.make(resolver, 42, as: Service.self), value) {
        problems.append("with arguments, specialized")
    }
    if received.withLock({ $0 }) != 42 { problems.append("the arguments did not arrive") }
    return problems.map { "\(Service.self): \($0)" }
}

extension RuntimeTests {
    @Suite("Runtime: a factory stored with its service type erased, called as the type it was made with")
    struct StoredFactoryTests {
        @Test("made and called in specialized and generic code alike, for types of every layout")
        func everyLayout() throws {
            var problems: [String] = []
            problems += try roundTrips(7, StoredFactory { _ in 7 }, ==)
            problems += try roundTrips("seven", StoredFactory { _ in "seven" }, ==)
            let wide = Wide(words: (1, 2, 3, 4, 5))
            problems += try roundTrips(wide, StoredFactory { _ in wide }, ==)
            let object = Captured(1)
            problems += try roundTrips(object, StoredFactory { _ in object }, { $0 === $1 })
            let dog = Zoo.Dog(serial: 2)
            problems += try roundTrips(dog as Zoo.Base, StoredFactory { (_: any Resolver) -> Zoo.Base in dog }, { $0 === $1 })
            problems += try roundTrips(
                dog as any Zoo.Animal, StoredFactory { (_: any Resolver) -> any Zoo.Animal in dog }, { $0 === $1 })
            let big = Zoo.Big(serial: 3)
            problems += try roundTrips(
                big as any Zoo.Named, StoredFactory { (_: any Resolver) -> any Zoo.Named in big },
                { ($0 as? Zoo.Big) == ($1 as? Zoo.Big) })
            problems += try roundTrips(
                big as Any, StoredFactory { (_: any Resolver) -> Any in big }, { ($0 as? Zoo.Big) == ($1 as? Zoo.Big) })
            problems += try roundTrips(
                Optional(wide), StoredFactory { (_: any Resolver) -> Wide? in wide }, ==)
            problems += try roundTrips(Wide?.none, StoredFactory { (_: any Resolver) -> Wide? in nil }, ==)
            let thunk = Unchecked<Zoo.Thunk>(value: { 9 })
            problems += try roundTrips(
                thunk.value, StoredFactory { (_: any Resolver) -> Zoo.Thunk in thunk.value }, { $0() == $1() })
            problems += try roundTrips(
                Zoo.Dog.self as Zoo.Base.Type, StoredFactory { (_: any Resolver) -> Zoo.Base.Type in Zoo.Dog.self },
                { $0 == $1 })
            #expect(problems.isEmpty, "\(problems)")
        }

        @Test("what a factory captures lives as long as the factory, however often it is called")
        func capturesLiveAsLongAsTheFactory() throws {
            weak var released: Captured?
            weak var releasedWithArguments: Captured?
            do {
                let captured = Captured(5)
                let other = Captured(6)
                released = captured
                releasedWithArguments = other
                let plain = StoredFactory { _ in captured.value }
                let withArguments = StoredFactory(takingArguments: { _, arguments in other.value + (arguments as? Int ?? 0) })
                let resolver = Container()
                for _ in 0..<1_000 {
                    #expect(try plain.make(resolver, as: Int.self) == 5)
                    #expect(try madeGenerically(plain, as: Int.self) == 5)
                    #expect(try withArguments.make(resolver, 1, as: Int.self) == 7)
                }
                let copy = plain
                _ = consume plain
                #expect(try copy.make(resolver, as: Int.self) == 5)
            }
            #expect(released == nil)
            #expect(releasedWithArguments == nil)
        }

        @Test("a factory's error reaches the caller")
        func errorsReachTheCaller() {
            struct Failure: Error {}
            let failing = StoredFactory { (_: any Resolver) throws -> Wide in throw Failure() }
            #expect(throws: Failure.self) { try failing.make(Container(), as: Wide.self) }
            #expect(throws: Failure.self) { try madeGenerically(failing, as: Wide.self) }
        }

        #if DEBUG
            @Test("debug builds stop a call as another type or form, instead of reading another type's bytes")
            func mismatchStops() async {
                await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                    _ = try? StoredFactory { _ in 1 }.make(Container(), as: String.self)
                }.map { result in
                    #expect(String(decoding: result.standardErrorContent, as: UTF8.self).contains("String"))
                }
                await #expect(processExitsWith: .failure) {
                    _ = try? StoredFactory { _ in 1 }.make(Container(), (), as: Int.self)
                }
            }
        #endif

        @Test("8 threads call shared factories, register and resolve through them at once")
        func threads() {
            let captured = Captured(11)
            let shared = StoredFactory { _ in Wide(words: (captured.value, 0, 0, 0, 0)) }
            let container = Container()
            container.register(Wide.self) { _ in Wide(words: (captured.value, 1, 0, 0, 0)) }
            container.register((any Zoo.Named).self) { _ in Zoo.Big(serial: 12) }.inObjectScope(.container)
            let failures = Locked(0)
            JoinableThread.run(8) { index in
                let resolver = Container(parent: container)
                for round in 0..<2_000 {
                    var wrong = 0
                    if (try? shared.make(resolver, as: Wide.self))?.words.0 != 11 { wrong += 1 }
                    if container.resolve(Wide.self)?.words.0 != 11 { wrong += 1 }
                    if (container.resolve((any Zoo.Named).self) as? Zoo.Big)?.serial != 12 { wrong += 1 }
                    // A registration of the thread's own, replaced on every round, resolved through the child.
                    resolver.register(Int.self, name: "own") { _ in index * 10_000 + round }
                    if resolver.resolve(Int.self, name: "own") != index * 10_000 + round { wrong += 1 }
                    if wrong > 0 { failures.withLock { $0 += wrong } }
                }
            }
            #expect(failures.withLock { $0 } == 0)
        }
    }
}
