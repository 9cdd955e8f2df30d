import Syringe
import Testing

private typealias Plugin = MultiInjectionFixtures.Plugin
private typealias NamedPlugin = MultiInjectionFixtures.NamedPlugin
private typealias Host = MultiInjectionFixtures.Host

@Suite("resolveAll from many threads")
struct ResolveAllConcurrencyTests {
    @Test("concurrent resolveAll while other threads register and remove plugins sees consistent lists")
    func resolveAllWhileRegistering() {
        let container = Container()
        for index in 0..<4 {
            container.register((any Plugin).self, name: "stable\(index)") { _ in NamedPlugin("stable\(index)") }
                .inObjectScope(.container)
        }
        let child = Container(parent: container)
        let problems = Collected<String>()
        let finished = ThreadRunner.run(threads: 6) { thread in
            for round in 0..<300 {
                switch thread {
                case 0, 1:
                    // Writers: add, replace and remove plugins of their own in the parent and the child.
                    let target = thread == 0 ? container : child
                    let name = "volatile\(thread)-\(round % 5)"
                    target.register((any Plugin).self, name: name) { _ in NamedPlugin(name) }
                    if round % 3 == 0 { target.unregister((any Plugin).self, name: name) }
                default:
                    let resolver = thread % 2 == 0 ? container : child
                    let plugins = resolver.resolveAll((any Plugin).self)
                    let labels = plugins.map(\.label)
                    // The stable singletons are always there, first, in order, the same instances.
                    if Array(labels.prefix(4)) != (0..<4).map({ "stable\($0)" }) && resolver === container {
                        problems.append("parent order \(labels)")
                    }
                    if Set(labels).count != labels.count { problems.append("duplicate in \(labels)") }
                    if !(0..<4).allSatisfy({ labels.contains("stable\($0)") }) { problems.append("lost \(labels)") }
                }
            }
        }
        #expect(finished)
        #expect(problems.all.isEmpty)
        let singletons = container.resolveAll((any Plugin).self).prefix(4)
        let again = child.resolveAll((any Plugin).self).filter { $0.label.hasPrefix("stable") }
        #expect(zip(singletons, again).allSatisfy { $0 === $1 })
    }

    @Test("factories resolving all plugins on many threads each get every plugin, singletons made once")
    func nestedResolveAllOnManyThreads() {
        let container = Container()
        let made = CallCounter()
        container.register((any Plugin).self, name: "once") { _ in
            made.increment()
            return NamedPlugin("once")
        }.inObjectScope(.container)
        container.register((any Plugin).self, name: "each") { _ in NamedPlugin("each") }
        container.register(Host.self) { r in Host(plugins: r.resolveAll((any Plugin).self)) }
            .inObjectScope(.transient)
        let hosts = Collected<Host>()
        let finished = ThreadRunner.run(threads: 4) { _ in
            for _ in 0..<200 { hosts.append(container.resolve(Host.self)!) }
        }
        #expect(finished)
        #expect(made.value == 1)
        #expect(hosts.all.allSatisfy { $0.plugins.map(\.label) == ["once", "each"] })
        #expect(Set(hosts.all.map { ObjectIdentifier($0.plugins[0]) }).count == 1)
    }
}
