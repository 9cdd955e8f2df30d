import Syringe
import Testing

private final class Session: Sendable {
    let user: String
    init(user: String) { self.user = user }
}

private final class Theme: Sendable {}

private final class Screen: InjectionCompletionAware, @unchecked Sendable {
    // @unchecked Sendable: test fixture; `injections` is only touched under `lock`.
    @Injected(reinjected: true) var session: Session
    @Injected var theme: Theme
    private let lock = TestLock()
    private var count = 0
    var injections: Int { lock.run { count } }

    func didInjectDependencies(from resolver: any Resolver) {
        lock.run { count += 1 }
    }
}

private final class OrderedScreen: InjectionCompletionAware, @unchecked Sendable {
    // @unchecked Sendable: test fixture; `log` is a thread-safe recorder.
    @Injected(reinjected: true) var session: Session
    let id: Int
    let log: Collected<Int>
    init(id: Int, log: Collected<Int>) {
        self.id = id
        self.log = log
    }

    func didInjectDependencies(from resolver: any Resolver) {
        log.append(id)
    }
}

private final class TransientHolder {
    @Injected(reinjected: true) var theme: Theme
}

private struct ValueHolder {
    @Injected(reinjected: true) var session: Session
}

@Suite("Re-injection")
struct ReinjectionTests {
    private func makeContainer(user: String = "ann") -> Container {
        let container = Container()
        container.register(Session.self) { _ in Session(user: user) }.inObjectScope(.container)
        container.register(Theme.self) { _ in Theme() }
        return container
    }

    @Test("Registering the source again re-fills the property and tells the object again")
    func reRegistered() throws {
        let container = makeContainer()
        let screen = Screen()
        try container.inject(into: screen)
        let theme = screen.theme
        #expect(screen.session.user == "ann")
        #expect(screen.injections == 1)

        container.register(Session.self) { _ in Session(user: "bob") }.inObjectScope(.container)
        #expect(screen.session.user == "bob")
        #expect(screen.injections == 2)
        // The object holds the new registration's singleton, the one every resolve gives from now on.
        #expect(screen.session === container.resolve(Session.self))
        // A property not marked for re-injection keeps its value.
        #expect(screen.theme === theme)
    }

    @Test("A registration made again waits for its scope: the object gets the singleton the registration keeps")
    func reRegisteredThenScoped() throws {
        // In a container whose registrations keep one instance by default, the new registration re-injects at once.
        let container = Container(defaultObjectScope: .container)
        container.register(Theme.self) { _ in Theme() }
        container.register(Session.self) { _ in Session(user: "ann") }
        let screen = Screen()
        try container.inject(into: screen)
        container.register(Session.self) { _ in Session(user: "bob") }
        #expect(screen.session.user == "bob")
        #expect(screen.session === container.resolve(Session.self))
        #expect(screen.injections == 2)


        // In the usual container (registrations in .graph until `inObjectScope`), a registration in a scope that
        // keeps nothing re-injects nothing: the object keeps its singleton.
        let usual = makeContainer()
        let other = Screen()
        try usual.inject(into: other)
        let kept = other.session
        usual.register(Session.self) { _ in Session(user: "carl") }.inObjectScope(.transient)
        #expect(other.session === kept)
        #expect(other.injections == 1)
        // Its scope set to one that keeps an instance: that instance is re-injected, once.
        usual.register(Session.self) { _ in Session(user: "dana") }.inObjectScope(.weak)
        #expect(other.session.user == "dana")
        #expect(other.session === usual.resolve(Session.self))
        #expect(other.injections == 2)
    }

    @Test("Resetting the source's singleton re-fills the property with the new instance")
    func reset() throws {
        let container = makeContainer()
        let screen = Screen()
        try container.inject(into: screen)
        let first = screen.session
        container.resetObjectScope(.container)
        #expect(screen.session !== first)
        #expect(screen.session === container.resolve(Session.self))
        #expect(screen.injections == 2)

        let before = screen.session
        container.resetObjectScope(.container, serviceType: Session.self)
        #expect(screen.session !== before)
        #expect(screen.injections == 3)
    }

    @Test("A registered value or instance can be re-injected, and a new one under its key re-fills the property")
    func valuesAndInstances() throws {
        let container = Container()
        container.register(Theme.self) { _ in Theme() }
        container.register(instance: Session(user: "first"))
        let screen = Screen()
        try container.inject(into: screen)
        #expect(screen.session.user == "first")
        container.register(instance: Session(user: "second"))
        #expect(screen.session.user == "second")
        #expect(screen.injections == 2)

        final class Limits: InjectionCompletionAware, @unchecked Sendable {
            // @unchecked Sendable: test fixture; touched by one thread.
            @Injected(name: "retries", reinjected: true) var retries: Int
            func didInjectDependencies(from resolver: any Resolver) {}
        }
        container.register(value: 3, name: "retries")
        let limits = Limits()
        try container.inject(into: limits)
        container.register(value: 5, name: "retries")
        #expect(limits.retries == 5)
    }

    @Test("Objects made by a registration with injectsProperties() are re-injected too")
    func registrationMade() throws {
        let container = makeContainer()
        container.register(Screen.self) { _ in Screen() }.injectsProperties()
        let screen = try container.require(Screen.self)
        container.register(Session.self) { _ in Session(user: "cy") }.inObjectScope(.weak)
        #expect(screen.session.user == "cy")
    }

    @Test("Objects are re-injected in the order they were injected, and released objects are skipped")
    func orderAndRelease() throws {
        let container = makeContainer()
        let log = Collected<Int>()
        var screens = (0..<4).map { OrderedScreen(id: $0, log: log) }
        for screen in screens.reversed() { try container.inject(into: screen) }
        weak let released = screens[1]
        screens.remove(at: 1)
        #expect(released == nil)
        let initial = log.all.count
        container.register(Session.self) { _ in Session(user: "dee") }.inObjectScope(.container)
        #expect(Array(log.all.dropFirst(initial)) == [3, 2, 0])
        #expect(screens.allSatisfy { $0.session.user == "dee" })
    }

    @Test("The container keeps a watched object weakly")
    func weakKeeping() throws {
        let container = makeContainer()
        weak var weakScreen: Screen?
        do {
            let screen = Screen()
            weakScreen = screen
            try container.inject(into: screen)
        }
        #expect(weakScreen == nil)
        // Nothing left to re-inject; the change itself works.
        container.register(Session.self) { _ in Session(user: "eve") }.inObjectScope(.container)
        #expect(container.resolve(Session.self)?.user == "eve")
    }

    @Test("Marking a property whose registration does not keep one instance throws at injection time")
    func transientIsAnError() {
        let container = makeContainer()
        #expect {
            try container.inject(into: TransientHolder())
        } throws: { error in
            guard let error = error as? ResolutionError, case .notReinjectable(let reason) = error.kind else {
                return false
            }
            return reason.contains("graph") && error.injectedProperty?.label == "theme"
                && error.description.contains("To fix")
        }
    }

    @Test("A struct cannot be kept for re-injection: a clear error")
    func structIsAnError() {
        let container = makeContainer()
        #expect {
            try container.inject(into: ValueHolder())
        } throws: { error in
            guard let error = error as? ResolutionError, case .notReinjectable = error.kind else { return false }
            return true
        }
    }

    @Test("A child container's new registration of the key re-injects objects it injected")
    func childContainer() throws {
        let parent = makeContainer()
        let child = Container(parent: parent)
        let screen = Screen()
        try child.inject(into: screen)
        #expect(screen.session.user == "ann")
        child.register(Session.self) { _ in Session(user: "kid") }.inObjectScope(.container)
        #expect(screen.session.user == "kid")
        // The parent's reset no longer concerns it: the child's registration answers now.
        parent.register(Session.self) { _ in Session(user: "old") }.inObjectScope(.container)
        #expect(screen.session.user == "kid")
    }

    @Test(
        "Unloading the module of the source re-fills from what remains, and a property with no source keeps its value")
    func moduleUnload() throws {
        struct SessionModule: Assembly {
            func assemble(container: Container) {
                container.register(Session.self) { _ in Session(user: "module") }.inObjectScope(.container)
            }
        }
        let parent = makeContainer()
        let child = Container(parent: parent)
        try child.load(SessionModule())
        let screen = Screen()
        try child.inject(into: screen)
        #expect(screen.session.user == "module")
        #expect(child.unload(SessionModule.self))
        #expect(screen.session.user == "ann")
    }

    @Test("removeAll() forgets the watched objects: nothing is re-injected, the values stay")
    func removeAll() throws {
        let container = makeContainer()
        let screen = Screen()
        try container.inject(into: screen)
        let session = screen.session
        container.removeAll()
        container.register(Session.self) { _ in Session(user: "new") }.inObjectScope(.container)
        #expect(screen.session === session)
        #expect(screen.injections == 1)
    }

    @Test("A per-container source re-injects when the container that made it resets it")
    func perContainer() throws {
        let parent = Container()
        parent.register(Session.self) { _ in Session(user: "per") }.inObjectScope(.perContainer)
        parent.register(Theme.self) { _ in Theme() }
        let child = Container(parent: parent)
        let screen = Screen()
        try child.inject(into: screen)
        let first = screen.session
        child.resetObjectScope(.perContainer)
        #expect(screen.session !== first)
        #expect(screen.injections == 2)
    }

    @Test("Changes from many threads while objects are injected leave every object filled")
    func threads() {
        let container = makeContainer()
        let screens = (0..<8).map { _ in Screen() }
        let finished = ThreadRunner.run(threads: 8) { index in
            for round in 0..<20 {
                if index % 2 == 0 {
                    try? container.inject(into: screens[index])
                } else {
                    container.register(Session.self) { _ in Session(user: "t\(round)") }.inObjectScope(.container)
                }
            }
        }
        #expect(finished)
        for index in stride(from: 0, to: 8, by: 2) {
            #expect(screens[index].$session.isInjected)
        }
    }

    @Test("A @MainActor object injected on the main actor is re-injected there when the change is made there")
    @MainActor
    func mainActorObject() throws {
        @MainActor final class ViewModel: InjectionCompletionAware {
            @Injected(reinjected: true) var session: Session
            var refreshes = 0
            nonisolated func didInjectDependencies(from resolver: any Resolver) {
                MainActor.assumeIsolated { refreshes += 1 }
            }
        }
        let container = makeContainer()
        let model = ViewModel()
        try container.inject(into: model)
        container.register(Session.self) { _ in Session(user: "main") }.inObjectScope(.container)
        #expect(model.session.user == "main")
        #expect(model.refreshes == 2)
    }

    @Test("A @MainActor object is re-injected on the main actor when the change comes from another thread")
    @MainActor
    func mainActorFromOtherThread() async throws {
        @MainActor final class ViewModel: InjectionCompletionAware {
            @Injected(reinjected: true) var session: Session
            var refreshes = 0
            nonisolated func didInjectDependencies(from resolver: any Resolver) {
                MainActor.assumeIsolated { refreshes += 1 }
            }
        }
        let container = makeContainer()
        let model = ViewModel()
        try container.inject(into: model)
        let finished = await Task.detached {
            ThreadRunner.run(threads: 1) { _ in
                container.register(Session.self) { _ in Session(user: "bg") }.inObjectScope(.container)
            }
        }.value
        #expect(finished)
        // The re-injection was queued on the main actor; let it run.
        while model.refreshes < 2 { await Task.yield() }
        #expect(model.session.user == "bg")
    }
}
