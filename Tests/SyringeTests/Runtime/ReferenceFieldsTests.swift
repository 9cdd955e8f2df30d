import Foundation
import Testing

@testable import Syringe

// The field layouts property injection reads boxes by (Runtime/ReferenceFields.swift): each is checked against
// `Mirror` on the first instance of a type, then used for later ones. The tests vary the owners (classes,
// subclasses three deep, generic classes, structs, a class with no marked property) and the wrapped values
// (classes, protocols, structs, `Any`, optionals, closures, tuples), and check each owner's later instances get
// exactly the values `Mirror` would have found, under 8 threads too.

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

/// A generic owner: the layout is per specialization.
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

@Suite("Runtime: field layouts of @Injected properties, varied types")
struct ReferenceFieldsTests {
    @Test("A layout is found for classes, subclasses, generic classes and structs, and none for other kinds")
    func layoutsAreFoundForClassesAndStructs() throws {
        let isWanted: (Any.Type) -> Bool = { $0 is any InjectedProperty.Type }
        let varied = try #require(ReferenceFields.find(in: VariedOwner.self, where: isWanted))
        #expect(varied.isClass && varied.fields.count == 10)
        let grandchild = try #require(ReferenceFields.find(in: VariedGrandchild.self, where: isWanted))
        #expect(grandchild.fields.count == 12)
        #expect(grandchild.fields.map(\.name).suffix(2) == ["_childService", "_grandchildValue"])
        let generic = try #require(ReferenceFields.find(in: GenericOwner<(Int, String)>.self, where: isWanted))
        #expect(generic.fields.count == 1)
        let value = try #require(ReferenceFields.find(in: ValueOwner.self, where: isWanted))
        #expect(!value.isClass && value.fields.map(\.name) == ["_service", "_value"])
        #expect(ReferenceFields.find(in: NothingMarked.self, where: isWanted)?.fields.isEmpty == true)
        #expect(ReferenceFields.find(in: Int?.self, where: isWanted) == nil)
        #expect(ReferenceFields.find(in: (Int, Int).self, where: isWanted) == nil)
    }

    @Test("A wanted property wider than one reference gives no layout")
    func widerPropertiesGiveNoLayout() {
        struct Wide {
            var a = 1
            var b: (Int, Int) = (1, 2)
        }
        #expect(ReferenceFields.find(in: Wide.self, where: { $0 == (Int, Int).self }) == nil)
        #expect(ReferenceFields.find(in: Wide.self, where: { $0 == Int.self })?.fields.count == 1)
    }

    @Test("A layout is reordered to the expected objects, and refuses a set it does not hold")
    func orderingChecksTheObjects() throws {
        let owner = ValueOwner()
        let layout = try #require(
            ReferenceFields.find(in: ValueOwner.self, where: { $0 is any InjectedProperty.Type }))
        let service = ObjectIdentifier(owner.$service.storage)
        let value = ObjectIdentifier(owner.$value.storage)
        let reversed = try #require(layout.ordered(as: [value, service], in: owner))
        #expect(reversed.fields.map(\.name) == ["_value", "_service"])
        #expect(layout.ordered(as: [service], in: owner) == nil)
        #expect(layout.ordered(as: [service, service], in: owner) == nil)
        #expect(layout.ordered(as: [service, ObjectIdentifier(FieldClass())], in: owner) == nil)
        let boxes = reversed.references(in: owner, as: InjectedBox.self)
        #expect(boxes.map { ObjectIdentifier($0) } == [value, service])
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
            // Seen as its superclass, then as `Any`: the dynamic type's layout is used.
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
        for type: Any.Type in [
            VariedOwner.self, VariedGrandchild.self, GenericOwner<(Int, String)>.self, ValueOwner.self,
            NothingMarked.self,
        ] {
            #expect(PropertyInjector.readsThroughFieldLayout(type), "\(type) is still reflected")
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
