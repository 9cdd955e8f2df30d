import Foundation
import Testing

@testable import Syringe

// The plans property injection walks an instance's mirror by (Injection/PropertyInjector.swift): made from the
// first instance of a type, used for later ones, which are reflected only at their marked children. The tests vary
// the owners (classes, subclasses three deep, generic classes, structs, a class with no marked property, a type
// whose mirror changes per instance) and the wrapped values (classes, protocols, structs, `Any`, optionals,
// closures, tuples), and check each owner's later instances get exactly the values a full reflection would have
// found, under 8 threads too.

private protocol FieldService: Sendable { var tag: Int { get } }
private final class FieldClass: FieldService { let tag = 1 }
private class FieldBase: @unchecked Sendable { var tag: Int { 2 } }
private final class FieldSub: FieldBase, @unchecked Sendable { override var tag: Int { 3 } }
private struct FieldValue: FieldService, Equatable { let tag = 4 }

private func fieldContainer() -> Container {
    let container = Container()
    container.register(FieldClass.self) { _ in FieldClass() }.inObjectScope(.container)
    container.register((any FieldService).self) { _ in FieldValue() }
    container.register(FieldBase.self) { _ in FieldSub() }
    container.register(FieldValue.self) { _ in FieldValue() }
    container.register(Any.self) { _ in 42 }
    container.register(Int.self) { _ in 7 }
    container.register(String.self, name: "greeting") { _ in "hello" }
    container.register((@Sendable (Int) -> Int).self) { _ in { $0 * 2 } }
    container.register((Int, String).self) { _ in (1, "one") }
    return container
}

/// Many kinds of values, with plain properties between them.
private class VariedOwner {
    var before = 1
    @Injected var service: FieldClass
    @Injected var existential: any FieldService
    let between = "between"
    @Injected var subclass: FieldBase
    @Injected var value: FieldValue
    @Injected var anything: Any
    @Injected var present: Int?
    @Injected var missing: Double?
    @Injected(name: "greeting") var greeting: String
    @Injected var closure: @Sendable (Int) -> Int
    @Injected var pair: (Int, String)
    var after = 2.0
}

/// A subclass that adds its own marked property, and one more level below it.
private class VariedChild: VariedOwner {
    @Injected var childService: FieldClass
    var childPlain = [1, 2, 3]
}

private final class VariedGrandchild: VariedChild {
    @Injected var grandchildValue: FieldValue
}

/// A generic owner: the plan is per specialization.
private final class GenericOwner<Payload> {
    let payload: Payload
    @Injected var service: FieldClass
    init(_ payload: Payload) { self.payload = payload }
}

/// A struct owner: its boxes are shared with its copies, so injecting a copy fills it.
private struct ValueOwner {
    var number = 5
    @Injected var service: FieldClass
    var text = "text"
    @Injected var value: FieldValue
}

private final class NothingMarked {
    var a = 1
    var b = "b"
}

private func check(_ owner: VariedOwner, in container: Container) {
    #expect(owner.service === container.resolve(FieldClass.self))
    #expect(owner.existential.tag == 4)
    #expect(owner.subclass.tag == 3)
    #expect(owner.value == FieldValue())
    #expect(owner.anything as? Int == 42)
    #expect(owner.present == 7)
    #expect(owner.missing == nil)
    #expect(owner.greeting == "hello")
    #expect(owner.closure(21) == 42)
    #expect(owner.pair.0 == 1 && owner.pair.1 == "one")
    #expect(owner.before == 1 && owner.between == "between" && owner.after == 2.0)
}

/// A type whose mirror shows its wrappers at other positions from one instance to the next.
private final class ShiftingMirror: CustomReflectable {
    @Injected var service: FieldClass
    @Injected var value: FieldValue
    let padding: Int

    init(padding: Int) { self.padding = padding }

    var customMirror: Mirror {
        var children: [Mirror.Child] = (0..<padding).map { (label: "pad\($0)", value: $0 as Any) }
        children.append((label: "_service", value: _service))
        children.append((label: "_value", value: _value))
        return Mirror(self, children: children)
    }
}

@Suite("Injection: the per-type plans of @Injected properties, varied types")
struct InjectionPlanTests {
    @Test("A plan marks each level's wrappers, in Mirror's order, and only the levels up to the last marked one")
    func plansMarkTheWrappers() {
        let varied = PropertyInjector.plan(of: VariedOwner())
        #expect(varied.marks.map(\.label) == [
            "service", "existential", "subclass", "value", "anything", "present", "missing", "greeting", "closure",
            "pair",
        ])
        #expect(varied.marks.map(\.offset) == [1, 2, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(varied.childCounts == [13])
        let grandchild = PropertyInjector.plan(of: VariedGrandchild())
        #expect(grandchild.marks.prefix(2).map(\.label) == ["grandchildValue", "childService"])
        #expect(grandchild.marks.map(\.level) == [0, 1] + Array(repeating: 2, count: 10))
        #expect(grandchild.childCounts == [1, 2, 13])
        let value = PropertyInjector.plan(of: ValueOwner())
        #expect(value.marks.map(\.offset) == [1, 3] && value.marks.map(\.isClass) == [true, false])
        #expect(PropertyInjector.plan(of: GenericOwner(1)).marks.map(\.offset) == [1])
        let nothing = PropertyInjector.plan(of: NothingMarked())
        #expect(nothing.isEmpty && nothing.childCounts.isEmpty)
    }

    @Test("A later instance's boxes are its own, taken from the marked children")
    func laterInstancesGiveTheirOwnBoxes() throws {
        _ = PropertyInjector.plan(of: ValueOwner())
        let owner = ValueOwner()
        let boxes = try #require(PropertyInjector.boxes(of: owner, plan: PropertyInjector.plan(of: owner)))
        #expect(boxes.map { ObjectIdentifier($0) } == [
            ObjectIdentifier(owner.$service.storage), ObjectIdentifier(owner.$value.storage),
        ])
        let grandchild = VariedGrandchild()
        let found = try #require(PropertyInjector.boxes(of: grandchild, plan: PropertyInjector.plan(of: grandchild)))
        #expect(found.count == 12)
        #expect(found[0] === grandchild.$grandchildValue.storage && found[1] === grandchild.$childService.storage)
        #expect(found[2] === grandchild.$service.storage && found[11] === grandchild.$pair.storage)
    }

    @Test("An instance whose mirror has another shape than its type's plan is reflected in full")
    func mirrorsOfAnotherShapeAreReflected() throws {
        let container = fieldContainer()
        for padding in [0, 3, 1, 0] {
            let owner = ShiftingMirror(padding: padding)
            #expect(PropertyInjector.boxes(of: owner, plan: PropertyInjector.plan(of: owner)) == nil || padding == 0)
            try container.inject(into: owner)
            #expect(owner.service === container.resolve(FieldClass.self) && owner.value == FieldValue())
        }
    }

    @Test("Later instances of every owner get what the first one got", arguments: 0..<3)
    func laterInstancesAreFilledAlike(round: Int) throws {
        let container = fieldContainer()
        for _ in 0..<3 {
            let owner = VariedOwner()
            try container.inject(into: owner)
            check(owner, in: container)
            let grandchild = VariedGrandchild()
            try container.inject(into: grandchild)
            check(grandchild, in: container)
            #expect(grandchild.childService === container.resolve(FieldClass.self))
            #expect(grandchild.grandchildValue == FieldValue())
            // Seen as its superclass, then as `Any`: the dynamic type's plan is used.
            let child: VariedChild = VariedGrandchild()
            try container.inject(into: child)
            check(child, in: container)
            let generic = GenericOwner((round, "payload"))
            try container.inject(into: generic)
            #expect(generic.service === container.resolve(FieldClass.self) && generic.payload.0 == round)
            let value = ValueOwner()
            try container.inject(into: value)
            #expect(value.service === container.resolve(FieldClass.self) && value.value == FieldValue())
            #expect(value.number == 5 && value.text == "text")
            try container.inject(into: NothingMarked())
        }
    }

    @Test("8 threads inject owners of many types at once")
    func threadsInjectAtOnce() async throws {
        let container = fieldContainer()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for index in 0..<300 {
                        switch index % 4 {
                        case 0:
                            let owner = VariedOwner()
                            try container.inject(into: owner)
                            check(owner, in: container)
                        case 1:
                            let owner = VariedGrandchild()
                            try container.inject(into: owner)
                            check(owner, in: container)
                        case 2:
                            let owner = GenericOwner(index)
                            try container.inject(into: owner)
                            #expect(owner.service === container.resolve(FieldClass.self))
                        default:
                            let owner = ValueOwner()
                            try container.inject(into: owner)
                            #expect(owner.value == FieldValue())
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
