import Syringe
import Testing

// The type-pair table's registered types (protocols of both existential sizes, classes and subclasses, structs
// of one, four and five words, `Any`, `AnyObject`, optionals, closures, metatypes) through the paths this session
// added that take values out of `Any`: `resolveAll`/`requireAll` (the `AllRegistrations` wrapper), an
// autoregistered initializer's `[Element]` parameter and an `@Injected` array (`requireDependency`, which takes
// the array out by the exact-cast rule of Runtime/ExactCast.swift), and an optional `@Injected` property.

/// A case of the table run through multi-injection: each failure is one message.
private protocol MultiInjectionCase {
    func runMultiInjection() throws -> [String]
}

/// What an autoregistered initializer with an `[Element]` parameter made.
private final class ArrayHolder<Element>: @unchecked Sendable {
    // @unchecked Sendable: `elements` is a `let`, read on the test's thread.
    let elements: [Element]
    init(elements: [Element]) { self.elements = elements }
}

/// An object with an `@Injected` array and an optional `@Injected` property of the case's type.
private final class InjectedHolder<Element>: @unchecked Sendable {
    // @unchecked Sendable: filled by `inject(into:)` and read afterwards, on the test's thread.
    @Injected var all: [Element]
    @Injected(name: "b") var named: Element?
    @Injected(name: "missing") var missing: Element?
}

extension Made: MultiInjectionCase {
    fileprivate func runMultiInjection() throws -> [String] {
        var problems: [String] = []
        let parent = Container()
        parent.register(Registered.self, name: "p") { _ in make(3) }.inObjectScope(.container)
        parent.register(Registered.self, name: "b") { _ in make(99) }.inObjectScope(.container)  // overridden
        let container = Container(parent: parent)
        container.register(Registered.self, name: "a") { _ in make(1) }.inObjectScope(.container)
        container.register(Registered.self, name: "b") { _ in make(2) }.inObjectScope(.container)
        // Another type under the same names: never among the elements.
        container.register(Zoo.Probe.self, name: "a") { _ in Zoo.Probe() }

        // The expected elements: each key's singleton, in the order own keys, then the parent's not overridden.
        let expected: [Any] = try ["a", "b", "p"].map { try container.require(Registered.self, name: $0) }
        func check(_ label: String, _ elements: [Registered]) {
            guard elements.count == expected.count else {
                problems.append("\(self) \(label): \(elements.count) elements, expected \(expected.count)")
                return
            }
            for (element, wanted) in zip(elements, expected) where !sameValue(element, wanted) {
                problems.append("\(self) \(label): \(element) is not \(wanted)")
            }
        }
        check("resolveAll", container.resolveAll(Registered.self))
        check("requireAll", try container.requireAll(Registered.self))
        container.autoregister(ArrayHolder<Registered>.self, initializer: ArrayHolder<Registered>.init(elements:))
        check("autoregistered [Element]", try container.require(ArrayHolder<Registered>.self).elements)
        let holder = InjectedHolder<Registered>()
        try container.inject(into: holder)
        check("@Injected [Element]", holder.all)
        if !sameValue(holder.named as Any, Optional(expected[1]) as Any) {
            problems.append("\(self) @Injected optional: \(String(describing: holder.named)) is not \(expected[1])")
        }
        if holder.missing != nil { problems.append("\(self) @Injected optional, unregistered: not nil") }
        return problems
    }
}

@Suite("Type safety: every registered type of the table through multi-injection and @Injected")
struct MultiInjectionTypeTests {
    @Test(
        "resolveAll, requireAll, an autoregistered [Element] and @Injected arrays and optionals give the registered values"
    )
    func everyRegisteredType() throws {
        let cases = registeredCases.compactMap { $0 as? any MultiInjectionCase }
        #expect(cases.count == registeredCases.count)
        var problems: [String] = []
        for registered in cases {
            problems += try registered.runMultiInjection()
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }
}
