import Testing

@testable import Syringe

/// Marker types that tell keys apart by service type.
private struct First {}
private struct Second {}

@Suite("The registry's binding map")
struct BindingMapTests {
    /// A binding for `key` whose registration's name carries `value`, so the model can check which binding a key
    /// holds.
    private static func binding(_ value: Int, for key: ServiceKey, in container: Container) -> Container.Binding {
        let registration = container.register(Int.self, name: "value-\(value)") { _ in 0 }.registration
        // A binding answers as its key's type, as every binding the container makes does.
        let type: Any.Type = key.serviceType == ObjectIdentifier(First.self) ? First.self : Second.self
        return Container.Binding(registration: registration, serviceType: type, name: key.name)
    }

    /// Keys of two types, with and without a runtime argument, unnamed and named (ASCII, long, and not ASCII).
    private static let keys: [ServiceKey] = {
        let names: [String?] =
            [nil, "", "a", "service-1", "a name longer than sixteen bytes", "café", "naïve-\u{1F600}"]
            + (0..<300).map { "service-\($0)" }
        var keys: [ServiceKey] = []
        for name in names {
            for type in [First.self, Second.self] as [Any.Type] {
                keys.append(ServiceKey(serviceType: type, argumentsType: noArgumentsKey, name: name))
                if name == nil || name == "a" {
                    keys.append(
                        ServiceKey(serviceType: type, argumentsType: ArgumentsKey(single: Int.self), name: name))
                }
            }
        }
        return keys
    }()

    @Test("insertions, replacements and removals in any order match a Dictionary", arguments: [1, 2, 3])
    func matchesADictionary(seed: UInt64) {
        let container = Container()
        var random = SeededRandom(state: seed)
        var map = BindingMap()
        var model: [ServiceKey: Int] = [:]
        let keys = Self.keys
        for step in 0..<20_000 {
            // Phases that mostly insert and mostly remove, so the map grows and empties several times.
            let inserting = (step / 2_500) % 2 == 0
            let key = keys[random.next(below: keys.count)]
            switch random.next(below: 10) {
            case 0..<(inserting ? 7 : 2):
                let old = map.updateValue(Self.binding(step, for: key, in: container), forKey: key)
                #expect(
                    old?.registration.name == model.updateValue(step, forKey: key).map { "value-\($0)" }, "step \(step)"
                )
            case (inserting ? 7 : 2)..<9:
                let removed = map.removeValue(forKey: key)
                #expect(
                    removed?.registration.name == model.removeValue(forKey: key).map { "value-\($0)" }, "step \(step)")
            default:
                #expect(map[key]?.registration.name == model[key].map { "value-\($0)" }, "step \(step)")
            }
            #expect(map.count == model.count)
        }
        for key in keys {
            #expect(map[key]?.registration.name == model[key].map { "value-\($0)" })
            // A binding's name is its key's (the spelling the key was first inserted with).
            #expect(map[key].map { $0.name == key.name } ?? true)
        }
        var seen: [ServiceKey: String] = [:]
        for (key, binding) in map {
            #expect(seen.updateValue(binding.registration.name ?? "", forKey: key) == nil, "a key iterated twice")
        }
        #expect(seen == model.mapValues { "value-\($0)" })
    }

    @Test("a binding under its registration's own name and a forward under another name keep their keys")
    func ownAndOtherNames() {
        let container = Container()
        let registration = container.register(Int.self, name: "own") { _ in 0 }.registration
        let own = ServiceKey(serviceType: First.self, argumentsType: noArgumentsKey, name: "own")
        let other = ServiceKey(serviceType: First.self, argumentsType: noArgumentsKey, name: "other")
        let unnamed = ServiceKey(serviceType: Second.self, argumentsType: noArgumentsKey, name: nil)
        var map = BindingMap()
        for key in [own, other, unnamed] {
            let type: Any.Type = key.serviceType == ObjectIdentifier(First.self) ? First.self : Second.self
            map.updateValue(
                Container.Binding(registration: registration, serviceType: type, name: key.name), forKey: key)
        }
        #expect(map.count == 3)
        #expect(map[own]?.name == "own")
        #expect(map[other]?.name == "other")
        #expect(map[unnamed]?.name == nil)
        #expect(Set(map.map(\.key)) == [own, other, unnamed])
        #expect(map.removeValue(forKey: other)?.name == "other")
        #expect(map[other] == nil && map[own] != nil && map[unnamed] != nil)
    }

    @Test("a name is found under any canonically equivalent spelling, as in a Dictionary")
    func canonicalEquivalence() {
        let container = Container()
        let composed = ServiceKey(serviceType: First.self, argumentsType: noArgumentsKey, name: "caf\u{E9}")
        let decomposed = ServiceKey(serviceType: First.self, argumentsType: noArgumentsKey, name: "cafe\u{301}")
        var map = BindingMap()
        map.updateValue(Self.binding(1, for: composed, in: container), forKey: composed)
        #expect(map[decomposed]?.registration.name == "value-1")
        #expect(
            map.updateValue(Self.binding(2, for: decomposed, in: container), forKey: decomposed)?.registration.name
                == "value-1")
        #expect(map.count == 1)
        #expect(map.removeValue(forKey: composed)?.registration.name == "value-2")
        #expect(map.isEmpty)
    }

    @Test("equal names hash equally, also when only canonically equivalent")
    func nameHashAgreesWithEquality() {
        let pairs: [(String, String)] = [
            ("service-1", "service-" + "1"),
            ("caf\u{E9}", "cafe\u{301}"),
            ("\u{212B}ngstr\u{F6}m", "A\u{30A}ngstro\u{308}m"),
            ("K", "\u{212A}"),
            ("a;b", "a\u{037E}b"),
            ("`", "\u{1FEF}"),
            ("\u{212A}elvin", "Kelvin"),
            (
                String(repeating: "long name ", count: 20) + "\u{E9}",
                String(repeating: "long name ", count: 20) + "e\u{301}"
            ),
        ]
        for (first, second) in pairs where first == second {
            #expect(nameHash(first) == nameHash(second), "\(first) and \(second)")
        }
        let distinct = Set((0..<10_000).map { nameHash("service-\($0)") })
        #expect(distinct.count == 10_000)
    }
}
