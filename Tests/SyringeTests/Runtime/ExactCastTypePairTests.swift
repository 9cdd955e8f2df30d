import Foundation
import Testing

@testable import Syringe

// Every (stored, requested) pair of a table of types through the runtime's unchecked reinterpretations
// (Runtime/ExactCast.swift): `holdsExactly`, `value(ofExactly:as:)`, `unpack(_:as:mismatch:)`, the boxes of kept
// instances (`PublishedInstance.typed`, `typedValue(as:)`), a registration's stored factory (`StoredFactory`, both
// forms, called as the type it was made with), and a container's lock-free read of a `.container` singleton. The oracle is the runtime's dynamic cast (`as?`) of the stored value; the types are those of the
// type-pair tests (TypeSafety/TypePairModel.swift), and so is the comparison of results (`sameValue`).

private struct Mismatch: Error {}

/// An error value: `any Error` is an existential of its own layout (one boxed reference).
private struct Failure: Error, Equatable {
    let code: Int
}

/// `instance` as a `Service` by the runtime's dynamic cast: the oracle.
private func oracleCast<Service>(_ instance: Any, to: Service.Type) -> Service? {
    switch instance {
    case let service as Service: service
    default: nil
    }
}

/// A type values are stored as, with a value of it.
private protocol CastStored: Sendable, CustomStringConvertible {
    func check(requesting requested: any CastRequest) -> [String]
}

/// A type values are requested as.
private protocol CastRequest: Sendable, CustomStringConvertible {
    func check<Stored>(stored: Stores<Stored>) -> [String]
}

private struct Stores<Stored>: CastStored {
    let label: String
    let make: @Sendable () -> Stored

    init(_ label: String, _ type: Stored.Type, _ make: @escaping @Sendable () -> Stored) {
        self.label = label
        self.make = make
    }

    var description: String { "\(label) stored as \(Stored.self)" }

    func check(requesting requested: any CastRequest) -> [String] {
        requested.check(stored: self)
    }
}

private struct Requests<Service>: CastRequest {
    init(_ type: Service.Type) {}

    var description: String { "\(Service.self)" }

    func check<Stored>(stored: Stores<Stored>) -> [String] {
        let exact = ObjectIdentifier(Stored.self) == ObjectIdentifier(Service.self)
        var problems = checkPrimitives(stored.make(), exact: exact)
        problems += checkContainer(stored, exact: exact)
        return problems.map { "\(stored) → \(Service.self): \($0)" }
    }

    /// `holdsExactly`, `value(ofExactly:as:)`, `unpack` and the kept-instance box, on one value.
    private func checkPrimitives<Stored>(_ value: Stored, exact: Bool) -> [String] {
        var problems: [String] = []
        let instance = storedAsAny(value)
        let expected = oracleCast(instance, to: Service.self)
        if holdsExactly(instance, Service.self) != exact {
            problems.append("holdsExactly said \(!exact)")
        }
        if exact {
            let taken = Syringe.value(ofExactly: instance, as: Service.self)
            if !sameValue(taken, value) { problems.append("value(ofExactly:) gave \(taken), not \(value)") }
        }
        do {
            let unpacked = try unpack(instance, as: Service.self, mismatch: { Mismatch() })
            if let expected {
                if !sameValue(unpacked, expected, boxed: type(of: unwrappingOptionals(value))) {
                    problems.append("unpack gave \(unpacked), the cast \(expected)")
                }
            } else {
                problems.append("unpack gave \(unpacked) where the cast fails")
            }
        } catch {
            if expected != nil { problems.append("unpack reported a mismatch where the cast succeeds") }
        }
        if exact {
            problems += checkStoredFactories(value)
        }
        // The box a `.container` registration of `Stored` keeps its instance in.
        let box = PublishedInstance.boxing(instance, as: Stored.self)
        if box.typedAs != ObjectIdentifier(Stored.self) { problems.append("the box is not typed as \(Stored.self)") }
        if (box.typedAs == ObjectIdentifier(Service.self)) != exact {
            problems.append("the box's type matched \(Service.self): \(!exact)")
        }
        if exact {
            let typed = box.typedValue(as: Service.self)
            if !sameValue(typed, value) { problems.append("typedValue gave \(typed), not \(value)") }
        }
        if (box.object != nil) != (Stored.self is AnyClass) {
            problems.append("the box's object is \(String(describing: box.object)) for \(Stored.self)")
        }
        if let object = box.object, object !== (value as AnyObject) {
            problems.append("the box's object is not the instance")
        }
        if !sameValue(box.instance, value) { problems.append("the box holds \(box.instance), not \(value)") }
        return problems
    }

    /// A factory of `Stored` kept as a ``StoredFactory`` (with and without arguments) and called as `Service`, the
    /// same type: it must give `value` back, and the arguments as given.
    private func checkStoredFactories<Stored>(_ value: Stored) -> [String] {
        var problems: [String] = []
        let resolver = Container()
        let boxed = Unchecked(value: value)
        do {
            let plain = StoredFactory { (_: any Resolver) -> Stored in boxed.value }
            let made = try plain.make(resolver, as: Service.self)
            if !sameValue(made, value) { problems.append("the stored factory gave \(made), not \(value)") }
            let received = Locked<Any?>(nil)
            let withArguments = StoredFactory(takingArguments: { (_: any Resolver, arguments: Any) -> Stored in
                received.withLock { $0 = arguments }
                return boxed.value
            })
            let madeWith = try withArguments.make(resolver, ("a", 2) as Any, as: Service.self)
            if !sameValue(madeWith, value) {
                problems.append("the stored factory with arguments gave \(madeWith), not \(value)")
            }
            let arguments = received.withLock { $0 } as? (String, Int)
            if arguments?.0 != "a" || arguments?.1 != 2 {
                problems.append("the stored factory received \(String(describing: arguments)), not (\"a\", 2)")
            }
        } catch {
            problems.append("a stored factory threw \(error)")
        }
        return problems
    }

    /// The same pair through a container: `Stored` registered as a `.container` singleton, `Service` resolved
    /// (forwarded to it when the types differ) once to make it, then twice more through the lock-free read of the
    /// kept instance: on this thread and on a new one.
    private func checkContainer<Stored>(_ stored: Stores<Stored>, exact: Bool) -> [String] {
        var problems: [String] = []
        let container = Container()
        let products = Locked<[Stored]>([])
        let make = stored.make
        let entry = container.register(Stored.self) { _ in
            let product = make()
            products.withLock { $0.append(product) }
            return product
        }
        .inObjectScope(.container)
        if !exact { container.forward(Service.self, to: entry) }

        let first = container.resolve(Service.self)
        let made = products.withLock { $0 }
        guard made.count == 1, let product = made.first else {
            return ["the singleton was made \(made.count) times"]
        }
        let expected = oracleCast(storedAsAny(product), to: Service.self)
        func compare(_ result: Service?, _ which: String) {
            switch (result, expected) {
            case (let result?, let expected?):
                if !sameValue(result, expected, boxed: type(of: unwrappingOptionals(product))) {
                    problems.append("the \(which) resolve gave \(result), expected \(expected)")
                }
            case (let result?, nil): problems.append("the \(which) resolve gave \(result) where the cast fails")
            case (nil, let expected?): problems.append("the \(which) resolve gave nil, expected \(expected)")
            case (nil, nil): break
            }
        }
        compare(first, "first")

        // The lock-free read takes the kept instance only when it is typed exactly as the request.
        let thread = ResolvingThread.current
        let quick = thread.enterReadingWithQuickRead()
        let published = entry.registration.publishedInstance(typedAs: ObjectIdentifier(Service.self))
        thread.leaveReading()
        if !quick { problems.append("no quick read began") }
        if (published != nil) != exact { problems.append("the quick read's box matched: \(published != nil)") }

        compare(container.resolve(Service.self), "second")
        let elsewhere = Locked<Unchecked<Service?>?>(nil)
        JoinableThread { elsewhere.withLock { $0 = Unchecked(value: container.resolve(Service.self)) } }.join()
        compare(elsewhere.withLock { $0 }?.value ?? nil, "other thread's")
        if products.withLock({ $0.count }) != 1 { problems.append("the singleton was made again") }
        return problems
    }
}

/// The stored types: a protocol existential, classes, a subclass seen as its superclass, structs of 1, 4 and 5
/// words, `Any` holding each kind, optionals (some and none), a closure, metatypes.
private let castStoreds: [any CastStored] = [
    Stores("Dog", Zoo.Dog.self) { Zoo.Dog(serial: 1) },
    Stores("Cat", Zoo.Cat.self) { Zoo.Cat(serial: 2) },
    Stores("Kitten", Zoo.Cat.self) { Zoo.Kitten(serial: 3) },
    Stores("Kitten", Zoo.Base.self) { Zoo.Kitten(serial: 4) },
    Stores("Dog", (any Zoo.Animal).self) { Zoo.Dog(serial: 5) },
    Stores("Point", (any Zoo.Named).self) { Zoo.Point(serial: 6) },
    Stores("Dog", (any Zoo.BaseAnimal).self) { Zoo.Dog(serial: 22) },
    Stores("Kitten", AnyObject.self) { Zoo.Kitten(serial: 23) },
    Stores("Int", Int.self) { 24 },
    Stores("Failure", (any Error).self) { Failure(code: 25) },
    Stores("Failure", Failure.self) { Failure(code: 26) },
    Stores("Big", (any Zoo.Named).self) { Zoo.Big(serial: 7) },
    Stores("Point", Zoo.Point.self) { Zoo.Point(serial: 8) },
    Stores("Quad", Zoo.Quad.self) { Zoo.Quad(serial: 9) },
    Stores("Big", Zoo.Big.self) { Zoo.Big(serial: 10) },
    Stores("Dog", Any.self) { Zoo.Dog(serial: 11) },
    Stores("Point", Any.self) { Zoo.Point(serial: 12) },
    Stores("Quad", Any.self) { Zoo.Quad(serial: 13) },
    Stores("Big", Any.self) { Zoo.Big(serial: 14) },
    Stores("any Animal", Any.self) { Zoo.Dog(serial: 15) as any Zoo.Animal },
    Stores("a closure", Any.self) { { 16 } as Zoo.Thunk },
    Stores("nil Dog?", Any.self) { Zoo.Dog?.none as Any },
    Stores("Dog", Zoo.Dog?.self) { Zoo.Dog(serial: 17) },
    Stores("nil", Zoo.Dog?.self) { nil },
    Stores("Point", Zoo.Point?.self) { Zoo.Point(serial: 18) },
    Stores("Big", Zoo.Big?.self) { Zoo.Big(serial: 19) },
    Stores("nil", Zoo.Big?.self) { nil },
    Stores("Kitten", (any Zoo.Animal)?.self) { Zoo.Kitten(serial: 20) },
    Stores("nil", (any Zoo.Animal)?.self) { nil },
    Stores("a closure", Zoo.Thunk.self) { { 21 } },
    Stores("Dog.self", Zoo.Base.Type.self) { Zoo.Dog.self },
    Stores("Point.self", Any.Type.self) { Zoo.Point.self },
]

/// The requested types.
private let castRequests: [any CastRequest] = [
    Requests(Zoo.Dog.self),
    Requests(Zoo.Cat.self),
    Requests(Zoo.Kitten.self),
    Requests(Zoo.Base.self),
    Requests((any Zoo.Animal).self),
    Requests((any Zoo.Named).self),
    Requests((any Zoo.BaseAnimal).self),
    Requests(AnyObject.self),
    Requests(Int.self),
    Requests((any Error).self),
    Requests(Failure.self),
    Requests(Any.self),
    Requests(Zoo.Point.self),
    Requests(Zoo.Quad.self),
    Requests(Zoo.Big.self),
    Requests(Zoo.Dog?.self),
    Requests(Zoo.Point?.self),
    Requests(Zoo.Big?.self),
    Requests((any Zoo.Animal)?.self),
    Requests(Zoo.Thunk.self),
    Requests(Zoo.Base.Type.self),
    Requests(Zoo.Dog.Type.self),
    Requests(Any.Type.self),
]

extension RuntimeTests {
    @Suite("Exact casts across every pair of stored and requested types")
    struct ExactCastTypePairTests {
        @Test("Exact pairs round-trip the same value; other pairs never take the unchecked path and cast as `as?` does")
        func everyPairCastsAsTheOracleSays() {
            var problems: [String] = []
            var exactPairs = 0
            for stored in castStoreds {
                for requested in castRequests {
                    problems += stored.check(requesting: requested)
                    if "\(stored)".hasSuffix(" stored as \(requested)") { exactPairs += 1 }
                }
            }
            // Most stored types are also requested as themselves: the unchecked paths were exercised.
            #expect(exactPairs >= 15)
            #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(20).joined(separator: "\n"))")
        }

        @Test("Unretained references give back the same object, as its class or a superclass, and own nothing but retained bits")
        func unretainedRoundTrips() {
            let dog = Zoo.Dog(serial: 1)
            let kitten = Zoo.Kitten(serial: 2)
            let asDog = Unretained(dog)
            let sameDog = asDog.object === dog
            #expect(sameDog)
            #expect(asDog.with { $0.serial } == 1)
            #expect(asDog.identifier == ObjectIdentifier(dog))
            #expect(asDog.refers(to: dog))
            let fromBits = Unretained<Zoo.Dog>(bits: asDog.bits).map { $0.object === dog } ?? false
            #expect(fromBits)
            let fromZero = Unretained<Zoo.Dog>(bits: 0).map { _ in true } ?? false
            #expect(!fromZero)
            // A subclass instance seen as its superclasses: the same reference, the same dynamic type.
            let asCat = Unretained<Zoo.Cat>(kitten)
            let asBase = Unretained<Zoo.Base>(kitten)
            #expect(asCat.bits == asBase.bits)
            #expect(asBase.with { $0 is Zoo.Kitten })
            #expect(asCat.with { $0.serial } == 2)
            let identical = asCat === Unretained<Zoo.Cat>(kitten)
            let other = Zoo.Cat(serial: 3)
            let different = asCat === Unretained<Zoo.Cat>(other)
            #expect(identical)
            #expect(!different)
            // The reference of a class-bound existential.
            let animal: any Zoo.Animal = kitten
            let viaExistential = Unretained(animal as AnyObject).object === kitten
            #expect(viaExistential)

            // Retained bits own one reference: the object lives until they are given back.
            weak var released: Zoo.Cat?
            let bits: UInt = {
                let cat = Zoo.Cat(serial: 4)
                released = cat
                return Unretained<Zoo.Cat>.retainedBits(of: cat)
            }()
            #expect(released != nil)
            let serial = Unretained<Zoo.Cat>(bits: bits).map { $0.with { $0.serial } }
            #expect(serial == 4)
            let taken = Unretained<Zoo.Cat>.takeRetainedBits(bits)
            #expect(taken?.serial == 4)
            withExtendedLifetime(taken) {}
            _ = consume taken
            #expect(released == nil)
            let more: UInt = {
                let cat = Zoo.Cat(serial: 5)
                released = cat
                return Unretained<Zoo.Cat>.retainedBits(of: cat)
            }()
            #expect(released != nil)
            Unretained<Zoo.Cat>.releaseRetainedBits(more)
            #expect(released == nil)
        }
    }
}
