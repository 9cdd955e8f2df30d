import Foundation
import Testing

@testable import Syringe

// The lists of bindings a registry table keeps for multi-injection (Runtime/RegistryTable+MultiInjection.swift),
// read by `resolveAll` on many threads while the registrations they list are replaced, removed, added, reset and
// derived from. Debug builds also compare every kept list with the table's bindings on each read.

private protocol Plugin: Sendable {
    var name: String { get }
    var isIntact: Bool { get }
}

private final class NamedPlugin: Plugin {
    let name: String
    let generation: Int
    let check: Int
    init(name: String, generation: Int) {
        self.name = name
        self.generation = generation
        check = ~generation
    }
    var isIntact: Bool { check == ~generation }
}

/// The names `plugins` resolved, after reporting a broken or repeated one.
private func names(of plugins: [any Plugin], problems: Problems) -> [String] {
    let names = plugins.map(\.name)
    if plugins.contains(where: { !$0.isIntact }) { problems.report("a broken plugin among \(names)") }
    if Set(names).count != names.count { problems.report("a plugin listed twice: \(names)") }
    return names
}

extension RuntimeTests {
    @Suite("Multi-injection's kept lists under changes of the registrations they list")
    struct MultiBindingListStressTests {
        private static let scopes: [ObjectScope] = [.transient, .graph, .container]

        @Test("resolveAll on 8 threads while a writer replaces, unregisters, adds, resets and derives gets intact plugins, each once; the writer's own resolveAll always lists the current registrations in registration order")
        func resolveAllFollowsTheRegistrations() {
            let container = Container()
            /// The writer's model: the registered names, in registration order.
            var model: [String] = []
            for index in 0..<6 {
                let name = "plugin\(index)"
                container.register((any Plugin).self, name: name) { _ in NamedPlugin(name: name, generation: 0) }
                model.append(name)
            }
            let problems = Problems()
            let resolved = AtomicCounter(0)
            let writing = AtomicCounter(1)
            let initial = model
            JoinableThread.run(9) { index in
                guard index == 0 else {
                    for round in 0..<4_000 where writing.load() != 0 || round < 50 {
                        let plugins = container.resolveAll((any Plugin).self)
                        _ = names(of: plugins, problems: problems)
                        AtomicWord(in: resolved, at: 0).add(UInt(plugins.count))
                    }
                    return
                }
                var model = initial
                var random = SeededRandom(state: 0x5DEE_CE66)
                var added = 0
                for generation in 1...600 {
                    switch random.next(below: 5) {
                    case 0 where !model.isEmpty:  // replace: the key keeps its place
                        let name = model[random.next(below: model.count)]
                        container.register((any Plugin).self, name: name) { _ in
                            NamedPlugin(name: name, generation: generation)
                        }.inObjectScope(Self.scopes[random.next(below: Self.scopes.count)])
                    case 1 where model.count > 1:  // unregister
                        let name = model.remove(at: random.next(below: model.count))
                        container.unregister((any Plugin).self, name: name)
                    case 2:  // a new key goes last (a layer over the full table, for a while)
                        added += 1
                        let name = "added\(added)"
                        container.register((any Plugin).self, name: name) { _ in
                            NamedPlugin(name: name, generation: generation)
                        }
                        model.append(name)
                    case 3:
                        container.resetObjectScope(.container)
                    default:  // derive: the derived container's own registration first, then the app's others
                        guard let overridden = model.first else { continue }
                        let derived = container.derived { c in
                            c.register((any Plugin).self, name: overridden) { _ in
                                NamedPlugin(name: overridden, generation: -generation)
                            }
                        }
                        let listed = names(of: derived.resolveAll((any Plugin).self), problems: problems)
                        if listed != model {
                            problems.report("the derived container listed \(listed), expected \(model)")
                        }
                    }
                    let listed = names(of: container.resolveAll((any Plugin).self), problems: problems)
                    if listed != model { problems.report("after generation \(generation): \(listed), expected \(model)") }
                }
                AtomicWord(in: writing, at: 0).subtract(1)
            }
            #expect(problems.count == 0, "\(problems.first)")
            #expect(resolved.load() > 0)
        }

        @Test("A table keeps a list per service type, at most the limit, and answers every type the same with or without one")
        func listsPerTypeUpToTheLimit() throws {
            let container = Container()
            let limit = RegistryTable.multiBindingListLimit
            // Two registrations of each of more types than a table keeps lists for: `[Int]`, `[[Int]]`, …
            var types: [ObjectIdentifier] = []
            func register<Element>(_: Element.Type, depth: Int) {
                types.append(ObjectIdentifier([Element].self))
                container.register([Element].self, name: "first") { _ in [] }
                container.register([Element].self, name: "second") { _ in [] }
                if depth > 0 { register([Element].self, depth: depth - 1) }
            }
            register(Int.self, depth: limit + 4)
            let table = container.registry.retainedTable()
            for round in 0..<2 {
                for type in types {
                    let found = table.multiBindings(of: type)
                    #expect(found.map(\.name) == ["first", "second"], "round \(round)")
                }
            }
            let head = try #require(Unretained<MultiBindingList>(bits: table.multiBindingsWord.load()))
            #expect(head.object.length == limit)
            #expect(table.multiBindings(of: ObjectIdentifier(Double.self)).isEmpty)
            // Through the container: a removed key registered again goes last; a child's own binding goes first.
            for index in 0..<3 { container.register(Int.self, name: "int\(index)") { _ in index } }
            #expect(container.resolveAll(Int.self) == [0, 1, 2])
            container.unregister(Int.self, name: "int0")
            container.register(Int.self, name: "int0") { _ in 10 }
            #expect(container.resolveAll(Int.self) == [1, 2, 10])
            let child = Container(parent: container)
            child.register(Int.self, name: "int2") { _ in 20 }
            #expect(child.resolveAll(Int.self) == [20, 1, 10])
        }
    }
}
