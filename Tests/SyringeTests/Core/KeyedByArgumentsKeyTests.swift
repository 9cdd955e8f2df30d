import Syringe
import Testing

private final class Model: Sendable {
    let key: String
    init(key: String) { self.key = key }
}

private struct Point: Hashable, Sendable {
    let x: Int
    let y: Int
}

private protocol Identified: Sendable {}
private struct ItemID: Identified, Hashable {
    let raw: Int
}

@Suite("keyedByArguments: keys of every argument count and type, and the least-recently-used order")
struct KeyedByArgumentsKeyTests {
    /// Resolves `Model` with `arguments` twice and with `other`, returning whether the first two are one instance
    /// and the third another.
    private func keyed<each Argument>(
        _ container: Container, _ arguments: repeat each Argument, other: () -> Model?
    ) -> Bool {
        guard let first = container.resolve(Model.self, arguments: repeat each arguments),
            let again = container.resolve(Model.self, arguments: repeat each arguments),
            let different = other()
        else { return false }
        return first === again && first !== different
    }

    @Test("one String argument, one argument of a Hashable type of the app's, and one Optional argument")
    func oneArgument() {
        let container = Container()
        container.register(Model.self, name: "string") { (_, text: String) in Model(key: text) }
            .inObjectScope(.container).keyedByArguments()
        container.register(Model.self, name: "point") { (_, point: Point) in Model(key: "\(point)") }
            .inObjectScope(.container).keyedByArguments()
        container.register(Model.self, name: "optional") { (_, id: Int?) in Model(key: "\(String(describing: id))") }
            .inObjectScope(.container).keyedByArguments()
        let byString = container.resolve(Model.self, name: "string", argument: "a")
        #expect(byString === container.resolve(Model.self, name: "string", argument: "a"))
        #expect(byString !== container.resolve(Model.self, name: "string", argument: "b"))
        let byPoint = container.resolve(Model.self, name: "point", argument: Point(x: 1, y: 2))
        #expect(byPoint === container.resolve(Model.self, name: "point", argument: Point(x: 1, y: 2)))
        #expect(byPoint !== container.resolve(Model.self, name: "point", argument: Point(x: 2, y: 1)))
        let none = container.resolve(Model.self, name: "optional", argument: Int?.none)
        #expect(none === container.resolve(Model.self, name: "optional", argument: Int?.none))
        #expect(none !== container.resolve(Model.self, name: "optional", argument: Int?.some(0)))
    }

    @Test("two, three, four and no arguments: every argument is part of the key, in order")
    func severalArguments() {
        let container = Container()
        container.register(Model.self) { (_, a: String, b: Int) in Model(key: "\(a)\(b)") }
            .inObjectScope(.container).keyedByArguments()
        container.register(Model.self) { (_, a: Int, b: String, c: Bool) in Model(key: "\(a)\(b)\(c)") }
            .inObjectScope(.container).keyedByArguments()
        container.register(Model.self) { (_, a: Int, b: Int, c: Int, d: String) in Model(key: "\(a)\(b)\(c)\(d)") }
            .inObjectScope(.container).keyedByArguments()
        container.register(Model.self) { _ in Model(key: "") }.inObjectScope(.container).keyedByArguments()
        #expect(keyed(container, "a", 1) { container.resolve(Model.self, arguments: "a", 2) })
        #expect(keyed(container, "a", 1) { container.resolve(Model.self, arguments: "b", 1) })
        #expect(keyed(container, 1, "x", true) { container.resolve(Model.self, arguments: 1, "x", false) })
        #expect(keyed(container, 1, 2, 3, "d") { container.resolve(Model.self, arguments: 1, 2, 4, "d") })
        #expect(container.resolve(Model.self) === container.resolve(Model.self))
    }

    @Test("an argument given as an existential that holds the registered Hashable type is keyed by its value")
    func convertedArgument() {
        let container = Container()
        container.register(Model.self) { (_, id: ItemID) in Model(key: "\(id.raw)") }
            .inObjectScope(.container).keyedByArguments()
        let direct = container.resolve(Model.self, argument: ItemID(raw: 1))
        let identified: any Identified = ItemID(raw: 1)
        #expect(direct != nil)
        #expect(direct === container.resolve(Model.self, argument: identified))
        #expect(direct !== container.resolve(Model.self, argument: ItemID(raw: 2) as any Identified))
    }

    @Test("the limit evicts the least recently resolved key, over many keys and reused slots")
    func leastRecentlyUsedOrder() throws {
        let container = Container()
        container.register(Model.self) { (_, id: Int) in Model(key: "\(id)") }
            .inObjectScope(.container).keyedByArguments(limit: 3)
        var kept: [Int: Model] = [:]
        // Keys 0…2 kept; each new key evicts the least recently used one.
        for id in 0..<3 { kept[id] = try container.require(Model.self, argument: id) }
        #expect(kept[0] === (try container.require(Model.self, argument: 0)))  // order now: 1, 2, 0
        _ = try container.require(Model.self, argument: 3)  // evicts 1: 2, 0, 3
        #expect(kept[2] === (try container.require(Model.self, argument: 2)))  // 0, 3, 2
        _ = try container.require(Model.self, argument: 4)  // evicts 0: 3, 2, 4
        #expect(kept[2] === (try container.require(Model.self, argument: 2)))
        #expect(kept[0] !== (try container.require(Model.self, argument: 0)))  // made again, evicts 3: 4, 2, 0
        #expect(kept[1] !== (try container.require(Model.self, argument: 1)))  // made again, evicts 4: 2, 0, 1
        let two = try container.require(Model.self, argument: 2)
        #expect(kept[2] === two)
        // Many keys through a bound of 3: always the last three are kept.
        var recent: [Model] = []
        for id in 100..<200 { recent.append(try container.require(Model.self, argument: id)) }
        for (offset, id) in (197..<200).enumerated() {
            #expect(recent[97 + offset] === (try container.require(Model.self, argument: id)))
        }
        #expect(recent[0] !== (try container.require(Model.self, argument: 100)))
    }

    @Test(".weak with a limit: an instance no longer held is dropped before a live one is evicted")
    func weakWithLimit() throws {
        let container = Container()
        container.register(Model.self) { (_, id: Int) in Model(key: "\(id)") }
            .inObjectScope(.weak).keyedByArguments(limit: 2)
        let one = try container.require(Model.self, argument: 1)
        do {
            _ = try container.require(Model.self, argument: 2)  // released at once
        }
        _ = try container.require(Model.self, argument: 3)  // takes the place of 2, not of 1
        #expect(one === (try container.require(Model.self, argument: 1)))
        withExtendedLifetime(one) {}
    }

    @Test("resetObjectScope empties the keys, and the next resolves make and keep new instances")
    func resetThenReuse() throws {
        let container = Container()
        container.register(Model.self) { (_, id: Int) in Model(key: "\(id)") }
            .inObjectScope(.container).keyedByArguments(limit: 2)
        let before = try container.require(Model.self, argument: 1)
        container.resetObjectScope(.container)
        let after = try container.require(Model.self, argument: 1)
        #expect(before !== after)
        #expect(after === (try container.require(Model.self, argument: 1)))
    }
}
