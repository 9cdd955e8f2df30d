import Foundation
import Syringe
import Testing

private final class Singleton: Sendable {}
private final class Resettable: Sendable {}
private final class WeakService: Sendable {}
private final class Transient: Sendable {}
private final class Shared: Sendable {}
private final class Custom: Sendable {}

/// A graph: `Root` needs `Shared` twice, directly and through `Branch`.
private final class Branch: Sendable {
    let shared: Shared
    init(shared: Shared) { self.shared = shared }
}

private final class Root: Sendable {
    let shared: Shared
    let branch: Branch
    let singleton: Singleton
    init(shared: Shared, branch: Branch, singleton: Singleton) {
        self.shared = shared
        self.branch = branch
        self.singleton = singleton
    }
}

/// A value whose two fields are always set together: a torn read would show them apart.
private struct Setting: Sendable {
    let version: Int
    let check: Int
    init(version: Int) {
        self.version = version
        self.check = version &* 31 &+ 7
    }
    var isWhole: Bool { check == version &* 31 &+ 7 }
}

@Suite("Stress: many threads resolving, registering and resetting at once")
struct StressTests {
    static let threads = 8
    static let iterations = 5_000

    @Test(
        "Racing threads get one singleton, made once, in the container and the weak scope",
        arguments: [ObjectScope.container, .weak])
    func singletonIsMadeOnce(scope: ObjectScope) {
        let rounds = 1_000
        let containers = (0..<rounds).map { _ in Container() }
        let counters = (0..<rounds).map { _ in CallCounter() }
        for (container, counter) in zip(containers, counters) {
            container.register(Singleton.self) { _ in
                counter.increment()
                return Singleton()
            }
            .inObjectScope(scope)
        }
        let seen = Collected<(round: Int, id: ObjectIdentifier)>()
        let keep = Collected<Singleton>()
        let finished = ThreadRunner.run(threads: Self.threads) { _ in
            for round in 0..<rounds {
                guard let singleton = containers[round].resolve(Singleton.self) else { continue }
                keep.append(singleton)  // Keeps weak singletons alive, so every thread must get the same one.
                seen.append((round, ObjectIdentifier(singleton)))
            }
        }
        #expect(finished, "the threads deadlocked")
        let all = seen.all
        #expect(all.count == rounds * Self.threads)
        for round in 0..<rounds {
            #expect(Set(all.filter { $0.round == round }.map(\.id)).count == 1)
            #expect(counters[round].value == 1)
        }
    }

    @Test("Mixed resolves, registrations, resets and child containers keep every scope's promise")
    func mixedWorkload() throws {
        let container = Container()
        let made = (singleton: CallCounter(), resettable: CallCounter())
        let resets = CallCounter()
        container.register(Singleton.self) { _ in
            made.singleton.increment()
            return Singleton()
        }
        .inObjectScope(.container)
        container.register(Resettable.self) { _ in
            made.resettable.increment()
            return Resettable()
        }
        .inObjectScope(.container)
        container.register(WeakService.self) { _ in WeakService() }.inObjectScope(.weak)
        container.register(Transient.self) { _ in Transient() }.inObjectScope(.transient)
        container.register(Custom.self) { _ in Custom() }.inObjectScope(sessionScope)
        container.register(Shared.self) { _ in Shared() }
        container.register(Branch.self) { r in Branch(shared: try r.require(Shared.self)) }
        container.register(Root.self) { r in
            Root(
                shared: try r.require(Shared.self), branch: try r.require(Branch.self),
                singleton: try r.require(Singleton.self))
        }
        container.register(Setting.self) { _ in Setting(version: 0) }

        let singletons = Collected<ObjectIdentifier>()
        let failures = Collected<String>()
        let finished = ThreadRunner.run(threads: Self.threads) { thread in
            func check(_ condition: Bool, _ message: String) {
                if !condition { failures.append("thread \(thread): \(message)") }
            }
            for iteration in 0..<Self.iterations {
                switch (thread + iteration) % 8 {
                case 0:
                    // Graph identity: one Shared in the whole graph, the same singleton everywhere.
                    let root = container.resolve(Root.self)
                    check(root != nil, "Root did not resolve")
                    if let root {
                        check(root.shared === root.branch.shared, "two Shared in one graph")
                        singletons.append(ObjectIdentifier(root.singleton))
                    }
                case 1:
                    // Transient: a new instance every time; weak: the same while held.
                    let a = container.resolve(Transient.self)
                    let b = container.resolve(Transient.self)
                    check(a != nil && b != nil && a !== b, "transient reused")
                    let w1 = container.resolve(WeakService.self)
                    let w2 = container.resolve(WeakService.self)
                    check(w1 != nil && w1 === w2, "weak instance not kept while held")
                case 2:
                    // Register while others resolve: a resolve sees one whole registration, old or new.
                    let version = thread * Self.iterations + iteration
                    container.register(Setting.self) { _ in Setting(version: version) }
                    let setting = container.resolve(Setting.self)
                    check(setting?.isWhole == true, "torn or missing Setting")
                case 3:
                    let setting = container.resolve(Setting.self)
                    check(setting?.isWhole == true, "torn or missing Setting")
                    container.resetObjectScope(.container, serviceType: Resettable.self)
                    resets.increment()
                case 4:
                    check(container.resolve(Resettable.self) != nil, "Resettable did not resolve")
                    check(container.resolve(Custom.self) != nil, "custom-scoped service did not resolve")
                case 5:
                    // A child sees its parent's singleton and shadows only what it registers itself.
                    let child = Container(parent: container)
                    child.register(Shared.self) { _ in Shared() }.inObjectScope(.container)
                    let root = child.resolve(Root.self)
                    check(root?.singleton === container.resolve(Singleton.self), "child got another singleton")
                    check(root?.shared === child.resolve(Shared.self), "child's Shared not used in its graph")
                case 6:
                    // Lazy resolves in its graph; Provider makes a new transient each time.
                    let lazy = container.resolve(Lazy<Singleton>.self)
                    check(lazy?.instance === container.resolve(Singleton.self), "Lazy singleton differs")
                    let provider = container.resolve(Provider<Transient>.self)
                    check(provider != nil && provider?.instance !== provider?.instance, "Provider reused")
                default:
                    let singleton = container.resolve(Singleton.self)
                    check(singleton != nil, "Singleton did not resolve")
                    if let singleton { singletons.append(ObjectIdentifier(singleton)) }
                }
            }
        }
        #expect(finished, "the threads deadlocked")
        #expect(failures.all.isEmpty, "\(failures.all.prefix(5))")
        #expect(Set(singletons.all).count == 1)
        #expect(made.singleton.value == 1)
        // Each Resettable after the first needs a reset in between.
        #expect(made.resettable.value >= 1)
        #expect(made.resettable.value <= resets.value + 1)

        // Nothing holds the weak-scoped service any more: the scope has let it go.
        weak let released = container.resolve(WeakService.self)
        #expect(released == nil)
    }
}

/// A custom scope that keeps one instance per container, like `.container`, through the public storage API.
private let sessionScope = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
