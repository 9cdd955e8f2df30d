import Testing

@testable import Syringe

// The answers kept per class (Lifecycle/ClassAnswers.swift): thousands of classes are all kept, by one thread and by
// eight at once, and a creation only reads them.

/// A class of its own for each depth (a different generic argument at each level), and for each pair of them.
private final class Layer<Inner> {}
private final class Pair<First, Second> {}

/// `count` distinct classes (at most 4,096) made from `Root`, without deep recursion: pairs of 64 nested layers.
private func manyClasses<Root>(_ count: Int, from _: Root.Type) -> [AnyClass] {
    var layers: [Any.Type] = []
    func add<Inner>(_: Inner.Type, remaining: Int) {
        guard remaining > 0 else { return }
        layers.append(Layer<Inner>.self)
        add(Layer<Inner>.self, remaining: remaining - 1)
    }
    add(Root.self, remaining: 64)
    func pair<First, Second>(_: First.Type, _: Second.Type) -> AnyClass { Pair<First, Second>.self }
    var classes: [AnyClass] = []
    for first in layers {
        for second in layers where classes.count < count { classes.append(pair(first, second)) }
    }
    return classes
}

/// The answer the tests' questions have for `type`: fixed per class, different between classes.
private func expectedAnswer(for type: AnyClass) -> Bool {
    (UInt(bitPattern: ObjectIdentifier(type)) >> 5) & 1 == 1
}

@Suite("Answers kept for thousands of classes")
struct ClassAnswersManyClassesTests {
    @Test("Thousands of classes are all kept and answered right")
    func growsPastItsFirstSize() {
        let classes = manyClasses(3_000, from: String.self)
        for type in classes {
            #expect(ClassAnswers.answer(for: type) { expectedAnswer(for: type) } == expectedAnswer(for: type))
        }
        // Each is kept once asked.
        for type in classes {
            #expect(ClassAnswers.knownAnswer(for: type) == expectedAnswer(for: type), "\(type)")
        }
    }

    @Test("Eight threads ask about new classes at once; no answer is wrong")
    func growsUnderConcurrentQuestions() {
        let classes = manyClasses(1_500, from: Bool.self)
        let problems = Problems()
        JoinableThread.run(8) { thread in
            var random = SeededRandom(state: 0x6A0 &+ UInt64(thread))
            for _ in 0..<3 * classes.count {
                let type: AnyClass = classes[random.next(below: classes.count)]
                if ClassAnswers.answer(for: type, orAsk: { expectedAnswer(for: type) }) != expectedAnswer(for: type) {
                    problems.report("a wrong answer for \(type)")
                }
                if let known = ClassAnswers.knownAnswer(for: type), known != expectedAnswer(for: type) {
                    problems.report("a wrong kept answer for \(type)")
                }
            }
        }
        #expect(problems.count == 0, "\(problems.first)")
    }
}
