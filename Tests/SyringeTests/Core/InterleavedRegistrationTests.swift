import Syringe
import Testing

/// A value that says which registration made it.
private struct Tagged: Equatable {
    let tag: Int
}

@Suite("Registrations interleaved with resolves")
struct InterleavedRegistrationTests {
    @Test(
        "register, re-register, unregister and resolve in any order always see the latest registrations",
        arguments: [1, 2]
    )
    func matchesAModel(seed: UInt64) {
        var random = SeededRandom(state: seed)
        let parent = Container()
        let child = Container(parent: parent)
        var parentModel: [String: Int] = [:]
        var childModel: [String: Int] = [:]
        // Enough keys that the container builds full tables and layers over them, both several times.
        let names = (0..<200).map { "service-\($0)" }
        for step in 0..<2_500 {
            let name = names[random.next(below: names.count)]
            let inChild = random.next(below: 3) == 0
            let container = inChild ? child : parent
            switch random.next(below: 10) {
            case 0..<4:
                container.register(Tagged.self, name: name) { _ in Tagged(tag: step) }
                if inChild { childModel[name] = step } else { parentModel[name] = step }
            case 4:
                let removed = container.unregister(Tagged.self, name: name)
                let expected = inChild ? childModel.removeValue(forKey: name) : parentModel.removeValue(forKey: name)
                #expect(removed == (expected != nil))
            default:
                let fromChild = child.resolve(Tagged.self, name: name)
                #expect(fromChild?.tag == (childModel[name] ?? parentModel[name]), "step \(step): \(name) in child")
                let fromParent = parent.resolve(Tagged.self, name: name)
                #expect(fromParent?.tag == parentModel[name], "step \(step): \(name) in parent")
            }
        }
        for name in names {
            #expect(child.resolve(Tagged.self, name: name)?.tag == (childModel[name] ?? parentModel[name]))
            #expect(parent.resolve(Tagged.self, name: name)?.tag == parentModel[name])
            let registered = childModel[name] != nil || parentModel[name] != nil
            #expect(child.hasAnyRegistration(of: Tagged.self, name: name) == registered)
        }
    }

    @Test("a type forwarded after the first resolves, then unregistered, resolves as the model says")
    func forwardingBetweenResolves() {
        let container = Container()
        for index in 0..<200 {
            container.register(Tagged.self, name: "filler-\(index)") { _ in Tagged(tag: index) }
        }
        #expect(container.resolve(Tagged.self, name: "filler-7") == Tagged(tag: 7))
        container.register(Tagged.self, name: "late") { _ in Tagged(tag: -1) }
            .implements(Tagged.self, name: "forwarded")
        #expect(container.resolve(Tagged.self, name: "forwarded") == Tagged(tag: -1))
        #expect(container.unregister(Tagged.self, name: "late"))
        #expect(container.resolve(Tagged.self, name: "forwarded") == nil)
        #expect(container.resolve(Tagged.self, name: "late") == nil)
        #expect(container.resolve(Tagged.self, name: "filler-199") == Tagged(tag: 199))
    }
}
