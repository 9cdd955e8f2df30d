import Foundation
import Syringe
import Testing

@MainActor
private final class ViewModel {
    let api: API
    let thread = Thread.current
    init(api: API) {
        self.api = api
    }
}

private final class API: Sendable {}

@MainActor
private final class Badge {
    let made = true
}

@MainActor
private final class Detail {
    let id: Int
    let title: String
    init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

private final class Shared: Sendable {}

@MainActor
private final class ViewModelWithShared {
    nonisolated let shared: Shared
    init(shared: Shared) { self.shared = shared }
}

private final class Panel: Sendable {
    let shared: Shared
    let model: ViewModelWithShared
    init(shared: Shared, model: ViewModelWithShared) {
        self.shared = shared
        self.model = model
    }
}

@Suite("Main-actor factories")
struct MainActorFactoryTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(API.self) { _ in API() }.inObjectScope(.container)
        container.register(ViewModel.self, isolatedTo: MainActor.self) { r in
            ViewModel(api: try r.require(API.self))
        }
        container.register(Badge.self) { @MainActor _ async in Badge() }
        container.register(Detail.self, isolatedTo: MainActor.self) { _, id, title in Detail(id: id, title: title) }
        return container
    }

    @Test("Main-actor code resolves a @MainActor registration synchronously")
    @MainActor
    func synchronousOnMainActor() throws {
        let container = makeContainer()
        let model = try container.mainActor.require(ViewModel.self)
        #expect(model.thread === Thread.current)  // Made right here, synchronously, by this main-actor code.
        #expect(model.api === container.resolve(API.self))
        // Plain registrations resolve through the main-actor view too.
        #expect(container.mainActor.resolve(API.self) === model.api)
    }

    @Test("Any code resolves a @MainActor registration with await; the factory runs on the main actor")
    func awaitFromAnywhere() async throws {
        let container = makeContainer()
        let model = try await container.async.require(ViewModel.self)
        #expect(model.api === container.resolve(API.self))
        let badge = try await container.async.require(Badge.self)
        #expect(badge.made)
    }

    @Test("A main-actor factory takes runtime arguments, synchronously on the main actor and with await")
    @MainActor
    func runtimeArguments() async throws {
        let container = makeContainer()
        let detail = try container.mainActor.require(Detail.self, arguments: 7, "Seven")
        #expect(detail.id == 7 && detail.title == "Seven")
        let awaited = try await container.async.require(Detail.self, arguments: 8, "Eight")
        #expect(awaited.id == 8 && awaited.title == "Eight")
    }

    @Test("A @MainActor singleton is one instance for main-actor code and awaiting tasks, made once")
    @MainActor
    func singletonSharedByBothPaths() async throws {
        let made = CallCounter()
        let container = Container()
        container.register(API.self) { _ in API() }
        container.register(ViewModel.self, isolatedTo: MainActor.self) { r in
            made.increment()
            return ViewModel(api: try r.require(API.self))
        }
        .inObjectScope(.container)
        let awaited = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<8 {
                group.addTask { await container.async.resolve(ViewModel.self).map(ObjectIdentifier.init) }
            }
            var ids: Set<ObjectIdentifier?> = []
            for await id in group { ids.insert(id) }
            return ids
        }
        let direct = try container.mainActor.require(ViewModel.self)
        #expect(awaited == [ObjectIdentifier(direct)])
        #expect(made.value == 1)
    }

    @Test("An awaited @MainActor factory joins the graph of the resolution that awaits it")
    func awaitedFactoryJoinsTheGraph() async throws {
        let container = Container()
        container.register(Shared.self) { _ in Shared() }
        container.register(ViewModelWithShared.self, isolatedTo: MainActor.self) { r in
            ViewModelWithShared(shared: try r.require(Shared.self))
        }
        container.register(Panel.self) { r in
            Panel(shared: try await r.require(Shared.self), model: try await r.require(ViewModelWithShared.self))
        }
        let panel = try await container.async.require(Panel.self)
        #expect(panel.model.shared === panel.shared)
    }

    @Test("A synchronous call off the main actor is a clear error and never runs the factory")
    func synchronousOffMainActor() throws {
        let container = makeContainer()
        let errors = Collected<ResolutionError>()
        let finished = ThreadRunner.run(threads: 1) { _ in
            do {
                _ = try container.require(ViewModel.self)
            } catch let error as ResolutionError {
                errors.append(error)
            } catch {
                Issue.record("unexpected \(error)")
            }
            do {
                _ = try container.require(Badge.self)
            } catch let error as ResolutionError {
                errors.append(error)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(finished)
        #expect(errors.all.count == 2)
        for error in errors.all {
            guard case .asyncFactory = error.kind else {
                Issue.record("expected .asyncFactory, got \(error)")
                continue
            }
        }
    }
}
