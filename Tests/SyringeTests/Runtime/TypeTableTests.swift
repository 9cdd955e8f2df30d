import Foundation
import Testing

@testable import Syringe

// `TypeTable` (Runtime/TypeTable.swift): one object per type, made once, the entry found last read with no lock.
// Many types (structs, classes and subclasses, protocols, `Any`, optionals, closures) are looked up in turn, and
// 8 threads look up and add types at once: every lookup answers the one object made for its type.

private final class TableObject: Sendable {
    let type: ObjectIdentifier
    let serial: Int
    init(type: ObjectIdentifier, serial: Int) {
        self.type = type
        self.serial = serial
    }
}

private struct TableValue {}
private class TableBase {}
private final class TableSub: TableBase {}
private protocol TableKind {}
private enum TableChoice { case one }

/// The types a table is keyed by in these tests: every shape of type.
private let keyTypes: [Any.Type] = [
    TableValue.self, TableBase.self, TableSub.self, (any TableKind).self, Any.self, Int?.self, TableBase?.self,
    (() -> Void).self,
    (@Sendable (Int) -> String).self, TableChoice.self, [TableValue].self, (Int, String).self, AnyObject.self,
    Int.self, String.self, [String: Int].self,
]

private final class TableCounter: @unchecked Sendable {
    // @unchecked Sendable: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

extension RuntimeTests {
    @Suite("Runtime: a type table made once per type, read with no lock")
    struct TypeTableTests {
        @Test("Each type gets its own object, made once, whatever order the types are looked up in")
        func oneObjectPerType() {
            let table = TypeTable<TableObject>()
            let made = TableCounter()
            var first: [ObjectIdentifier: Int] = [:]
            for round in 0..<3 {
                // Forward, then backward, then the same type twice in a row: the last entry and the table both.
                let order = round == 1 ? keyTypes.reversed() : keyTypes.flatMap { [$0, $0] }
                for type in order {
                    let key = ObjectIdentifier(type)
                    let object = table.object(for: key) { TableObject(type: key, serial: made.next()) }
                    #expect(object.type == key)
                    if let serial = first[key] {
                        #expect(object.serial == serial)
                    } else {
                        first[key] = object.serial
                    }
                    #expect(table.object(for: key) === object)
                }
            }
            #expect(made.value == keyTypes.count)
            #expect(table.object(for: ObjectIdentifier(Float.self)) == nil)
        }

        @Test("8 threads look up and add types at once: one object per type, never another type's")
        func concurrentLookups() async {
            let table = TypeTable<TableObject>()
            let made = TableCounter()
            let wrong = TableCounter()
            await withTaskGroup(of: [ObjectIdentifier: ObjectIdentifier].self) { group in
                for thread in 0..<8 {
                    group.addTask {
                        var seen: [ObjectIdentifier: ObjectIdentifier] = [:]
                        for round in 0..<2_000 {
                            let type = keyTypes[(thread * 7 + round * (thread + 1)) % keyTypes.count]
                            let key = ObjectIdentifier(type)
                            let object = table.object(for: key) { TableObject(type: key, serial: made.next()) }
                            if object.type != key { _ = wrong.next() }
                            if let earlier = seen[key], earlier != ObjectIdentifier(object) { _ = wrong.next() }
                            seen[key] = ObjectIdentifier(object)
                        }
                        return seen
                    }
                }
                var objects: [ObjectIdentifier: ObjectIdentifier] = [:]
                for await seen in group {
                    for (key, object) in seen {
                        if let other = objects[key], other != object { _ = wrong.next() }
                        objects[key] = object
                    }
                }
            }
            #expect(wrong.value == 0)
            // Racing threads may each make an object for a new type, but only the first stored is ever answered.
            for type in keyTypes {
                let key = ObjectIdentifier(type)
                #expect(table.object(for: key)?.type == key)
            }
        }
    }
}
