import Syringe
import Testing

/// What one read of the kept instances gave, by several types.
private struct Reads: @unchecked Sendable {
    // @unchecked Sendable: made on one thread and handed over once, through `Collected`'s lock.
    var objects: [AnyObject?] = []
    var values: [Zoo.Big?] = []

    /// Reads the class instance by one of its types (`selector` picks which) and the value by all of its types.
    init(from resolver: any Resolver, selector: Int) {
        switch selector % 4 {
        case 0: objects.append(resolver.resolve(Zoo.Dog.self))
        case 1: objects.append(resolver.resolve((any Zoo.Animal).self))
        case 2: objects.append(resolver.resolve(Zoo.Base.self))
        default: objects.append(resolver.resolve(AnyObject.self))
        }
        values.append(resolver.resolve(Zoo.Big.self))
        values.append(resolver.resolve((any Zoo.Named).self) as? Zoo.Big)
        values.append(resolver.resolve(Any.self) as? Zoo.Big)
    }

    init() {}
}

extension TypeSafety {
    /// Threads that race to make and read kept instances by their registered type and by forwarded types get one
    /// instance, as every type: the creation, the lock-free read of the published box and the locked read all take
    /// the same care over the type they hand out.
    @Suite("Type pairs across threads")
    struct ConcurrentTypePairTests {
        @Test(
            "racing threads get the one kept instance by its registered type and by forwarded types",
            arguments: [ObjectScope.container, .perContainer, .weak]
        )
        func oneInstanceByEveryType(scope: ObjectScope) {
            for round in 0..<20 {
                let container = Container()
                container.register((any Zoo.Animal).self) { _ in Zoo.Dog(serial: round) }
                    .inObjectScope(scope)
                    .implements(Zoo.Dog.self, Zoo.Base.self, AnyObject.self)
                container.register((any Zoo.Named).self) { _ in Zoo.Big(serial: round) }
                    .inObjectScope(scope)
                    .implements(Zoo.Big.self, Any.self)
                // Read inside a factory of the container: the reads join the running resolution, which reads kept
                // instances under their lock instead of through the published box.
                container.register(Box<Reads>.self) { resolver, selector in
                    Box(Reads(from: resolver, selector: selector))
                }
                .inObjectScope(.transient)
                // Read inside a factory of another container: each read is a resolution of its own, inside the
                // thread's running one, which also reads kept instances under their lock.
                let outer = Container()
                outer.register(Box<Reads>.self) { [unowned container] _, selector in
                    Box(Reads(from: container, selector: selector))
                }
                .inObjectScope(.transient)
                let collected = Collected<Reads>()
                let finished = ThreadRunner.run(threads: 8) { index in
                    var reads = Reads()
                    for step in 0..<60 {
                        let read =
                            switch step % 3 {
                            case 0: Reads(from: container, selector: index + step)
                            case 1: container.resolve(Box<Reads>.self, argument: index + step)?.value ?? Reads()
                            default: outer.resolve(Box<Reads>.self, argument: index + step)?.value ?? Reads()
                            }
                        reads.objects += read.objects
                        reads.values += read.values
                    }
                    collected.append(reads)
                }
                #expect(finished)
                let objects = collected.all.flatMap(\.objects)
                let values = collected.all.flatMap(\.values)
                #expect(objects.count == 8 * 60)
                #expect(objects.allSatisfy { $0 != nil && $0 === objects.first! && $0 is Zoo.Dog })
                #expect(values.count == 8 * 60 * 3)
                #expect(values.allSatisfy { $0 == Zoo.Big(serial: round) })
            }
        }
    }
}

/// A class around a value, to return it from a factory.
private final class Box<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is a `let`, read by the thread that resolved the box.
    let value: Value
    init(_ value: Value) { self.value = value }
}
