import Testing

@testable import Syringe

// The reads that tell what a kept value holds without asking the runtime's conformance lookup
// (Runtime/ExactCast.swift `objectReference(_:)`, Runtime/MetadataKind.swift): the types varied (classes and
// subclasses, existentials of class-bound and other protocols boxed as themselves, structs, enums, tuples, closures,
// optionals at any depth, metatypes, Any), each answer compared with the runtime's, and eight threads reading at once.

private protocol Shape: AnyObject {}
private protocol Named {}
private class Base: Shape, Named {}
private final class Derived: Base {}
private struct Point: Named { let x = 1 }
private enum Side { case left, right }

/// `value` stored in an `Any` as `Stored` itself (as a generic registration of `any Shape` stores it).
private func boxed<Stored>(_ value: Stored) -> Any { value }

/// An instance, whether it is a class instance and whether it is an optional.
private struct Varied {
    let instance: Any
    let isObject: Bool
    let isOptional: Bool
    let label: String

    init(_ instance: Any, _ isObject: Bool, _ isOptional: Bool, _ label: String) {
        self.instance = instance
        self.isObject = isObject
        self.isOptional = isOptional
        self.label = label
    }
}

/// The instances varied.
private func variedInstances() -> [Varied] {
    let closure: @Sendable () -> Void = {}
    let shape: any Shape = Derived()
    let named: any Named = Base()
    let namedValue: any Named = Point()
    return [
        Varied(Base(), true, false, "class"), Varied(Derived(), true, false, "subclass"),
        Varied(boxed(shape), true, false, "class-bound existential boxed as itself"),
        Varied(boxed(named), true, false, "existential of a class boxed as itself"),
        Varied(boxed(namedValue), false, false, "existential of a struct boxed as itself"),
        Varied(shape as Any, true, false, "class-bound existential"), Varied(Point(), false, false, "struct"),
        Varied(Side.left, false, false, "enum"), Varied((1, "two"), false, false, "tuple"),
        Varied(closure, false, false, "closure"),
        Varied(42, false, false, "Int"), Varied("text", false, false, "String"), Varied([Base()], false, false, "array"),
        Varied(Int.self, false, false, "metatype"), Varied(Base.self, false, false, "class metatype"),
        Varied(Optional(Base()) as Any, false, true, "optional class"), Varied(Optional<Base>.none as Any, false, true, "nil"),
        Varied(Optional(Optional(Derived())) as Any, false, true, "double optional"),
        Varied(Optional(shape) as Any, false, true, "optional existential"),
        Varied(Optional(7) as Any, false, true, "optional Int"),
        Varied(boxed(Optional(Point())), false, true, "optional struct boxed as itself"),
    ]
}

extension RuntimeTests {
    @Suite("What a kept value holds, read without the conformance lookup")
    struct ObjectReferenceTests {
        @Test("objectReference is the instance's own reference for every class instance, nil for anything else")
        func objectReferences() {
            for varied in variedInstances() {
                let (instance, isObject, label) = (varied.instance, varied.isObject, varied.label)
                let reference = objectReference(instance)
                #expect((reference != nil) == isObject, "\(label)")
                if let reference {
                    let same = ObjectIdentifier(reference) == ObjectIdentifier(instance as AnyObject)
                    #expect(same, "\(label)")
                }
            }
        }

        @Test("An optional is told by its metadata's kind, as the conformance lookup tells it, at any depth")
        func optionalKinds() {
            for varied in variedInstances() {
                let (instance, isOptional, label) = (varied.instance, varied.isOptional, varied.label)
                let type = type(of: instance)
                #expect(MetadataKind.isOptional(type) == isOptional, "\(label)")
                #expect(MetadataKind.isOptional(type) == (type is any OptionalInstance.Type), "\(label)")
            }
            #expect(MetadataKind.isOptional(Int??.self))
            #expect(!MetadataKind.isOptional(Any.self))
            #expect(!MetadataKind.isOptional((any Shape).self))
        }

        @Test("Classes, structs, enums and optionals are nominal; existentials, tuples, closures, metatypes are not")
        func nominalKinds() {
            let nominal: [(Any.Type, String)] = [
                (Base.self, "class"), (Derived.self, "subclass"), (Point.self, "struct"), (Side.self, "enum"),
                (Int.self, "Int"), (String.self, "String"), ([Base].self, "array"), (Int?.self, "optional"),
                (Base??.self, "double optional"), (Lazy<Base>.self, "generic class"),
                ((any Shape)?.self, "optional existential"),
            ]
            let other: [(Any.Type, String)] = [
                ((any Shape).self, "class-bound existential"), ((any Named).self, "existential"), (Any.self, "Any"),
                (AnyObject.self, "AnyObject"), ((Int, String).self, "tuple"), ((@Sendable () -> Void).self, "closure"),
                (Int.Type.self, "metatype"), ((any Named.Type).self, "existential metatype"), (Void.self, "empty tuple"),
            ]
            for (type, label) in nominal { #expect(MetadataKind.isNominal(type), "\(label)") }
            for (type, label) in other {
                #expect(!MetadataKind.isNominal(type), "\(label)")
                // What the answer saves asking: such a type adopts none of the library's protocols.
                #expect(!(type is any InstanceWrapper.Type), "\(label)")
            }
            for varied in variedInstances() {
                let type = type(of: varied.instance)
                if !MetadataKind.isNominal(type) { #expect(!(type is any InstanceWrapper.Type), "\(varied.label)") }
            }
        }

        @Test("isClass answers as `is AnyClass` for every kind of type, from the metadata's first word")
        func classKinds() {
            let classes: [(Any.Type, String)] = [
                (Base.self, "class"), (Derived.self, "subclass"), (Lazy<Base>.self, "generic class"),
                (Container.self, "library class"),
            ]
            let others: [(Any.Type, String)] = [
                (Point.self, "struct"), (Side.self, "enum"), (Int.self, "Int"), (String.self, "String"),
                ([Base].self, "array of classes"), (Base?.self, "optional class"), (Base??.self, "double optional"),
                ((any Shape).self, "class-bound existential"), ((any Named).self, "existential"), (Any.self, "Any"),
                (AnyObject.self, "AnyObject"), ((Int, String).self, "tuple"), ((@Sendable () -> Void).self, "closure"),
                (Base.Type.self, "class metatype"), ((any Named.Type).self, "existential metatype"),
                (Void.self, "empty tuple"), ((any Shape)?.self, "optional existential"),
            ]
            for (type, label) in classes { #expect(MetadataKind.isClass(type), "\(label)") }
            for (type, label) in others { #expect(!MetadataKind.isClass(type), "\(label)") }
            for varied in variedInstances() {
                let type = type(of: varied.instance)
                #expect(MetadataKind.isClass(type) == (type is AnyClass), "\(varied.label)")
            }
        }

        @Test("asObject finds the object inside optionals and existentials, and nothing in values")
        func objectsInside() {
            for varied in variedInstances() {
                let (instance, isObject, isOptional, label) = (varied.instance, varied.isObject, varied.isOptional, varied.label)
                let found = asObject(instance).map(ObjectIdentifier.init)
                if isObject {
                    let expected = ObjectIdentifier(instance as AnyObject)
                    #expect(found == expected, "\(label)")
                }
                if !isObject && !isOptional { #expect(found == nil, "\(label)") }
            }
            #expect(asObject(Optional(Optional(Base())) as Any) != nil)
            #expect(asObject(Optional<Base>.none as Any) == nil)
        }

        @Test("Eight threads read references and kinds of the same values at once; every answer is the same")
        func concurrentReads() {
            let problems = Problems()
            JoinableThread.run(8) { thread in
                let instances = variedInstances()
                let nominal = instances.map { MetadataKind.isNominal(type(of: $0.instance)) }
                for round in 0..<2_000 {
                    let varied = instances[(round + thread) % instances.count]
                    let (instance, isObject, isOptional, label) = (varied.instance, varied.isObject, varied.isOptional, varied.label)
                    if (objectReference(instance) != nil) != isObject { problems.report("\(label): reference") }
                    if MetadataKind.isOptional(type(of: instance)) != isOptional { problems.report("\(label): kind") }
                    let index = (round + thread) % instances.count
                    if MetadataKind.isNominal(type(of: instance)) != nominal[index] { problems.report("\(label): nominal") }
                }
            }
            #expect(problems.count == 0, "\(problems.first)")
        }
    }
}
