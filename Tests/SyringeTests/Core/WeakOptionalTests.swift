import Syringe
import Testing

private protocol Animal {}
private final class Dog: Animal, Sendable {}

/// The `.weak` scope keeps the object inside an optional, or inside `Any`, weakly, as Swinject 2.10 does: the
/// instance is shared while something holds it, whatever static type the registration gives it.
@Suite("Weak scope: services registered as optionals or as Any")
struct WeakOptionalTests {
    /// Registers `make` as `Service` in the weak scope, counting its calls; resolves it, checks the next resolve
    /// shares the instance while it is held without running the factory again, then that a new one is made once
    /// it is released.
    private func checkWeakSharing<Service>(
        _ serviceType: Service.Type, _ make: @escaping @Sendable () -> Service,
        object: (Service?) -> AnyObject?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let calls = CallCounter()
        let container = Container()
        container.register(Service.self) { _ in
            calls.increment()
            return make()
        }
        .inObjectScope(.weak)
        var held: AnyObject? = object(container.resolve(Service.self))
        #expect(held is Dog, sourceLocation: sourceLocation)
        #expect(object(container.resolve(Service.self)) === held, sourceLocation: sourceLocation)
        #expect(object(container.resolve(Service.self)) === held, sourceLocation: sourceLocation)
        #expect(calls.value == 1, sourceLocation: sourceLocation)
        weak let released = held
        held = nil
        #expect(released == nil, sourceLocation: sourceLocation)
        #expect(object(container.resolve(Service.self)) is Dog, sourceLocation: sourceLocation)
        #expect(calls.value == 2, sourceLocation: sourceLocation)
    }

    @Test("Dog? is shared while held, and the factory runs once")
    func optionalClass() {
        checkWeakSharing(Dog?.self, { Dog() }, object: { $0 ?? nil })
    }

    @Test("An optional protocol holding a class instance is shared while held")
    func optionalProtocol() {
        checkWeakSharing((any Animal)?.self, { Dog() }, object: { ($0 ?? nil) as? Dog })
    }

    @Test("Any holding a class instance is shared while held")
    func anyHoldingAnObject() {
        checkWeakSharing(Any.self, { Dog() }, object: { $0 as? Dog })
    }

    @Test("Any? and AnyObject? holding a class instance are shared while held")
    func optionalAny() {
        checkWeakSharing(Any?.self, { Dog() }, object: { ($0 ?? nil) as? Dog })
        checkWeakSharing(AnyObject?.self, { Dog() }, object: { $0 ?? nil })
    }

    @Test("Optionals nested in optionals are looked through")
    func nestedOptional() {
        checkWeakSharing(Dog??.self, { Dog() }, object: { ($0 ?? nil) ?? nil })
        checkWeakSharing(Any.self, { Dog?.some(Dog()) as Any }, object: { $0 as? Dog })
    }

    @Test("A factory that returns nil keeps nothing: every resolve runs it")
    func nilIsNotKept() {
        let calls = CallCounter()
        let container = Container()
        container.register(Dog?.self) { _ in
            calls.increment()
            return nil
        }
        .inObjectScope(.weak)
        for _ in 0..<2 {
            let resolved = container.resolve(Dog?.self)
            #expect(resolved != nil)  // resolved, to a nil Dog?
            #expect(resolved ?? nil == nil)
        }
        #expect(calls.value == 2)
    }

    @Test("An optional value type is not kept across resolves, as for any value type")
    func optionalValue() {
        let calls = CallCounter()
        let container = Container()
        container.register(Int?.self) { _ in
            calls.increment()
            return 7
        }
        .inObjectScope(.weak)
        #expect(container.resolve(Int?.self) == 7)
        #expect(container.resolve(Int?.self) == 7)
        #expect(calls.value == 2)
    }

    @Test("Within one resolution an optional weak service is shared, as in the graph scope")
    func sharedWithinAGraph() {
        final class Pair: Sendable {
            let first: Dog?
            let second: Dog?
            init(first: Dog?, second: Dog?) {
                self.first = first
                self.second = second
            }
        }
        let container = Container()
        container.register(Dog?.self) { _ in Dog() }.inObjectScope(.weak)
        container.register(Pair.self) { r in Pair(first: r.resolve(Dog?.self)!, second: r.resolve(Dog?.self)!) }
        let pair = container.resolve(Pair.self)
        #expect(pair?.first != nil)
        #expect(pair?.first === pair?.second)
    }

    @Test("WeakStorage keeps the object inside an optional while it is held")
    func weakStorage() {
        let storage = WeakStorage()
        var dog: Dog? = Dog()
        storage.instance = dog as Any
        #expect(storage.instance as? Dog === dog)
        dog = nil
        #expect(storage.instance == nil)
        storage.instance = Dog?.none as Any
        #expect(storage.instance == nil)
    }

    @Test("GraphStorage keeps the object inside an optional for its graph while it is held")
    func graphStorage() {
        let storage = GraphStorage()
        let graph = GraphIdentifier()
        var dog: Dog? = Dog()
        storage.setInstance(dog as Any, inGraph: graph)
        storage.graphResolutionCompleted()
        #expect(storage.instance(inGraph: graph) as? Dog === dog)
        dog = nil
        #expect(storage.instance(inGraph: graph) == nil)
    }

    @Test("A custom weak scope shares an optional service while it is held")
    func customWeakScope() {
        let shared = ObjectScope(storageFactory: WeakStorage.init, description: "shared while used")
        let calls = CallCounter()
        let container = Container()
        container.register(Dog?.self) { _ in
            calls.increment()
            return Dog()
        }
        .inObjectScope(shared)
        let held = container.resolve(Dog?.self) ?? nil
        #expect(held != nil)
        #expect((container.resolve(Dog?.self) ?? nil) === held)
        #expect(calls.value == 1)
    }

    @Test("An async weak registration of an optional is shared while held")
    func asyncWeak() async throws {
        let calls = CallCounter()
        let container = Container()
        container.register(Dog?.self) { _ async in
            calls.increment()
            return Dog()
        }
        .inObjectScope(.weak)
        let held = try await container.async.require(Dog?.self)
        #expect(held != nil)
        #expect(try await container.async.require(Dog?.self) === held)
        #expect(calls.value == 1)
    }
}
