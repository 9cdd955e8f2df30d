import Syringe
import Testing

private final class Cart: Sendable {}
private final class Unregistered: Sendable {}

@MainActor
private final class CheckoutViewModel {
    let cart: Cart
    init(cart: Cart) { self.cart = cart }
}

private final class Database: Sendable {
    static func connect() async -> Database { Database() }
}

private protocol Plugin: Sendable {}
private struct AsyncPlugin: Plugin {}
private struct PlainPlugin: Plugin {}
private protocol Analytics: Sendable {}
private struct AsyncAnalytics: Analytics {}

@MainActor
private final class CheckoutViewController: InjectionCompletionAware {
    @Injected var model: CheckoutViewModel
    @Injected var cart: Cart
    var completions = 0
    nonisolated func didInjectDependencies(from resolver: any Resolver) {
        MainActor.assumeIsolated { completions += 1 }
    }
}

@MainActor
private final class SessionScreen {
    @Injected(reinjected: true) var model: CheckoutViewModel
}

private final class ReportJob: @unchecked Sendable, InjectionCompletionAware {
    // @unchecked Sendable: test fixture; `completions` is only touched by the test's task.
    @Injected var database: Database
    @Injected var model: CheckoutViewModel
    @Injected var analytics: (any Analytics)?
    @Injected var missing: Unregistered?
    @Injected var plugins: [any Plugin]
    var completions = 0
    func didInjectDependencies(from resolver: any Resolver) { completions += 1 }
}

private final class NeedsDatabase {
    @Injected var database: Database
}

@Suite("Property injection of main-actor and async services")
struct MainActorAndAwaitedInjectionTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(Cart.self) { _ in Cart() }.inObjectScope(.container)
        container.register(CheckoutViewModel.self, isolatedTo: MainActor.self) { r in
            CheckoutViewModel(cart: try r.require(Cart.self))
        }
        container.register(Database.self) { _ in await Database.connect() }.inObjectScope(.container)
        container.register((any Analytics).self) { _ async in AsyncAnalytics() }
        container.register((any Plugin).self, name: "a") { _ async in AsyncPlugin() }
        container.register((any Plugin).self, name: "b") { _ in PlainPlugin() }
        return container
    }

    @Test("container.mainActor.inject(into:) fills a main-actor view model into a view controller, no await")
    @MainActor
    func mainActorInjection() throws {
        let container = makeContainer()
        let controller = CheckoutViewController()
        try container.mainActor.inject(into: controller)
        #expect(controller.model.cart === controller.cart)  // one resolution: one graph, the same singleton
        #expect(controller.completions == 1)
    }

    @Test("A plain inject(into:) of a main-actor property names the forms that work")
    @MainActor
    func plainInjectionNamesTheFix() {
        let container = makeContainer()
        let controller = CheckoutViewController()
        let error = #expect(throws: ResolutionError.self) { try container.inject(into: controller) }
        #expect(error?.injectedProperty?.label == "model")
        #expect(error?.description.contains("container.mainActor.inject(into:)") == true)
        #expect(error?.description.contains("container.async.inject(into:)") == true)
    }

    @Test("A main-actor registration with .injectsProperties() fills its main-actor properties")
    @MainActor
    func injectsPropertiesOnMainActor() throws {
        let container = makeContainer()
        container.register(CheckoutViewController.self, isolatedTo: MainActor.self) { _ in CheckoutViewController() }
            .injectsProperties()
        let controller = try container.mainActor.require(CheckoutViewController.self)
        #expect(controller.model.cart === controller.cart)
        #expect(controller.completions == 1)
    }

    @Test("A main-actor-injected reinjected property is filled again on the main actor when re-registered")
    @MainActor
    func mainActorReinjection() throws {
        let container = makeContainer()
        container.register(CheckoutViewModel.self, isolatedTo: MainActor.self) { r in
            CheckoutViewModel(cart: try r.require(Cart.self))
        }
        .inObjectScope(.container)
        let screen = SessionScreen()
        try container.mainActor.inject(into: screen)
        let first = screen.model
        container.register(CheckoutViewModel.self, isolatedTo: MainActor.self) { _ in CheckoutViewModel(cart: Cart()) }
            .inObjectScope(.container)
        #expect(screen.model !== first)
    }

    @Test("container.async.inject(into:) awaits async, main-actor, optional and array properties")
    func awaitedInjection() async throws {
        let container = makeContainer()
        let job = ReportJob()
        try await container.async.inject(into: job)
        #expect(job.database === (try await container.async.require(Database.self)))
        #expect(job.analytics is AsyncAnalytics)
        #expect(job.missing == nil)
        #expect(job.plugins.count == 2)
        #expect(job.completions == 1)
        let cart = job.model.cart
        #expect(cart === container.resolve(Cart.self))
    }

    @Test("container.async.inject(into:) reports the property that cannot be resolved")
    func awaitedInjectionFailure() async {
        let container = Container()
        let error = await #expect(throws: ResolutionError.self) {
            try await container.async.inject(into: NeedsDatabase())
        }
        #expect(error?.injectedProperty?.description == "NeedsDatabase.database")
        #expect(error?.code == .notRegistered)
    }

    @Test("A plain inject(into:) of an async property names container.async.inject(into:)")
    func plainInjectionOfAsync() {
        let container = makeContainer()
        let error = #expect(throws: ResolutionError.self) { try container.inject(into: NeedsDatabase()) }
        #expect(error?.description.contains("try await container.async.inject(into:)") == true)
    }
}

@Suite("Property injection of async services by an async registration")
struct AwaitedInjectsPropertiesTests {
    @Test("An async registration with .injectsProperties() awaits its async properties")
    func asyncRegistrationInjectsAsyncProperties() async throws {
        let container = Container()
        container.register(Database.self) { _ in await Database.connect() }.inObjectScope(.container)
        container.register(NeedsDatabase.self) { _ async in NeedsDatabase() }.injectsProperties()
        let made = try await container.async.require(NeedsDatabase.self)
        #expect(made.database === (try await container.async.require(Database.self)))
    }
}

@Suite("Awaited property injection from many tasks at once")
struct ConcurrentAwaitedInjectionTests {
    @Test("Tasks injecting at once share one async singleton, made once")
    func concurrentInjectionSharesTheSingleton() async throws {
        let made = CallCounter()
        let container = Container()
        container.register(Database.self) { _ in
            made.increment()
            return await Database.connect()
        }
        .inObjectScope(.container)
        let databases = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    let target = NeedsDatabase()
                    try await container.async.inject(into: target)
                    return ObjectIdentifier(target.database)
                }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(databases.count == 1)
        #expect(made.value == 1)
    }
}
