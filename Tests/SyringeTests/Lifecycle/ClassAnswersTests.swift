import Foundation
import Testing

@testable import Syringe

// The answers kept per class (Lifecycle/ClassAnswers.swift), through which a container asks whether a new shared
// instance is Disposable: the types varied (classes, subclasses, generic classes with conditional conformances,
// structs, enums, optionals, closures, existentials), hundreds of classes, and 8 threads asking at
// once while derived containers make, reset and dispose disposable singletons whose app registrations are replaced
// and unregistered.

private class PlainBase {}
private final class PlainLeaf: PlainBase {}
private class DisposableBase: Disposable {
    func dispose() {}
}
private final class DisposableSubclass: DisposableBase {}
private final class LateDisposable: PlainBase, Disposable {
    func dispose() {}
}
private final class AsyncOnly: AsyncDisposable {
    func dispose() async {}
}
private final class Generic<Value> {}
// A conditional conformance states the parent protocol too (Swift does not infer it).
extension Generic: Disposing where Value == String {}
extension Generic: Disposable where Value == String {
    func dispose() {}
}
private struct DisposableValue: Disposable {
    func dispose() {}
}
private struct PlainValue {}
private enum DisposableCase: Disposable {
    case only
    func dispose() {}
}
private protocol Marker {}
extension DisposableSubclass: Marker {}
extension PlainLeaf: Marker {}

/// A class of its own for each depth, hundreds of classes.
private final class Nest<Inner> {}

private func nestedClasses(_ count: Int) -> [AnyClass] {
    var classes: [AnyClass] = []
    func add<Inner>(_: Inner.Type, remaining: Int) {
        guard remaining > 0 else { return }
        classes.append(Nest<Inner>.self)
        add(Nest<Inner>.self, remaining: remaining - 1)
    }
    add(Int.self, remaining: count)
    return classes
}

/// The answer the stress test's questions have for `type`: fixed per class, different between classes.
private func expectedAnswer(for type: AnyClass) -> Bool {
    (UInt(bitPattern: ObjectIdentifier(type)) >> 4) & 1 == 1
}

/// A singleton that counts its disposals.
private final class CountedDisposable: Disposable, @unchecked Sendable {
    // @unchecked Sendable: the count is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func dispose() { lock.withLock { count += 1 } }
    var disposals: Int { lock.withLock { count } }
}

@Suite("Answers kept per class")
struct ClassAnswersTests {
    @Test("Whether an instance is disposable is the runtime's answer for every kind of type, asked cold and again")
    func variedTypes() {
        let closure: @Sendable () -> Void = {}
        let existential: any Marker = DisposableSubclass()
        let instances: [Any] = [
            PlainBase(), PlainLeaf(), DisposableBase(), DisposableSubclass(), LateDisposable(), AsyncOnly(),
            Generic<Int>(), Generic<String>(), Generic<[String]>(), DisposableValue(), PlainValue(),
            DisposableCase.only, Optional<DisposableBase>.some(DisposableBase()) as Any, Optional<PlainBase>.none as Any,
            closure, existential, existential as Any, 42, "text", [DisposableBase()],
        ]
        for round in 0..<3 {
            for instance in instances {
                let expected = instance is any Disposable || instance is any AsyncDisposable
                #expect(
                    DisposableClasses.isDisposable(instance) == expected,
                    "round \(round): \(type(of: instance))")
            }
        }
        // A class's answer is kept; a subclass has its own, and so has each specialization of a generic class.
        #expect(ClassAnswers.knownAnswer(for: DisposableSubclass.self) == true)
        #expect(ClassAnswers.knownAnswer(for: Generic<Int>.self) == false)
        #expect(ClassAnswers.knownAnswer(for: Generic<String>.self) == true)
        #expect(!DisposableClasses.isDisposable(Generic<Int>()))
        #expect(DisposableClasses.isDisposable(Generic<String>()))
    }

    @Test("Eight threads ask about hundreds of classes at once; every answer is the class's own, and kept")
    func concurrentQuestions() {
        let classes = nestedClasses(300)
        let problems = Problems()
        JoinableThread.run(8) { thread in
            var random = SeededRandom(state: 0x5151 &+ UInt64(thread))
            for _ in 0..<4 {
                for _ in 0..<classes.count {
                    let type: AnyClass = classes[random.next(below: classes.count)]
                    let answer = ClassAnswers.answer(for: type) { expectedAnswer(for: type) }
                    if answer != expectedAnswer(for: type) { problems.report("a wrong answer for \(type)") }
                }
            }
        }
        #expect(problems.count == 0, "\(problems.first)")
        // Every class asked is kept, with its own answer, and not asked again.
        for type in classes {
            #expect(ClassAnswers.knownAnswer(for: type) == expectedAnswer(for: type))
            #expect(ClassAnswers.answer(for: type) { !expectedAnswer(for: type) } == expectedAnswer(for: type))
        }
    }

    @Test("Derived containers dispose each disposable singleton once, made by 8 threads while the app replaces, unregisters and resets its registration")
    func disposalsUnderChange() {
        // Kept from the moment it is registered: a resolve between `register` and `inObjectScope(.container)`
        // would make a graph-scoped instance, which no scope keeps or disposes.
        let app = Container(parent: nil, defaultObjectScope: .container)
        @Sendable func register() {
            app.register(CountedDisposable.self) { _ in CountedDisposable() }.inObjectScope(.container)
        }
        register()
        let problems = Problems()
        JoinableThread.run(8) { thread in
            var random = SeededRandom(state: 0xD15 &+ UInt64(thread))
            for _ in 0..<150 {
                if thread == 0 {
                    switch random.next(below: 3) {
                    case 0: register()
                    case 1:
                        app.unregister(CountedDisposable.self)
                        register()
                    default: app.resetObjectScope(.container)
                    }
                    continue
                }
                let test = app.derived()
                guard let first = test.resolve(CountedDisposable.self) else { continue }  // between unregister and register
                if random.next(below: 2) == 0 {
                    test.resetObjectScope(.container)
                    if first.disposals != 1 { problems.report("a reset disposed \(first.disposals) times") }
                }
                let second = test.resolve(CountedDisposable.self)
                test.shutdown()
                for instance in [first, second].compactMap({ $0 }) where instance.disposals != 1 {
                    problems.report("an instance of the derived container was disposed \(instance.disposals) times")
                }
            }
        }
        #expect(problems.count == 0, "\(problems.first)")
    }
}
