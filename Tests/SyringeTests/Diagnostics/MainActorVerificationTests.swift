import Synchronization
import Syringe
import Testing

@MainActor
private final class ViewModel {
    let api: API
    init(api: API) { self.api = api }
}

private final class API: Sendable {}

/// A synchronous service that needs a `@MainActor` one: only main-actor code can resolve it.
private final class Screen: @unchecked Sendable {
    // @unchecked Sendable: made and used on the main actor only, in these tests.
    let model: ViewModel
    init(model: ViewModel) { self.model = model }
}

@MainActor
private final class Detail {
    init(id: Int) {}
}

private final class Session: Sendable {}
private final class Missing: Sendable {}

@MainActor
private final class Broken {
    init(missing: Missing) {}
}

private let madeModels = Mutex(0)

@Suite("verify() and @MainActor registrations", .serialized)
struct MainActorVerificationTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(API.self, fileID: "App/Setup.swift", line: 1) { _ in API() }.inObjectScope(.container)
        container.register(ViewModel.self, isolatedTo: MainActor.self, fileID: "App/Setup.swift", line: 2) { r in
            madeModels.withLock { $0 += 1 }
            return ViewModel(api: try r.require(API.self))
        }
        .inObjectScope(.container)
        container.register(Screen.self, fileID: "App/Setup.swift", line: 3) { r in
            Screen(model: try r.require(ViewModel.self))
        }
        container.register(Detail.self, isolatedTo: MainActor.self, fileID: "App/Setup.swift", line: 4) { _, id in
            Detail(id: id)
        }
        container.register(Session.self, fileID: "App/Setup.swift", line: 5) { (_: any AsyncResolver) async in
            Session()
        }
        return container
    }

    @Test(
        "Off the main actor, verify() lists @MainActor registrations and their dependents as not verified, not failed")
    func offMainActorListsThem() throws {
        let report = try makeContainer().verify()
        #expect(report.verified.map(\.request.description) == ["API"])
        #expect(
            report.asynchronous.map(\.request.description).sorted() == [
                "Detail(arguments: (Int))", "Screen", "Session", "ViewModel",
            ])
        #expect(
            report.description == """
                Syringe: verified 1 registration.
                Not verified, their factories are async or actor-isolated (4); verify them with try await container.async.verify() (or @MainActor ones with container.mainActor.verify() from main-actor code):
                  Detail(arguments: (Int)) [graph] at App/Setup.swift:4
                  Screen [graph] at App/Setup.swift:3
                  Session [graph] at App/Setup.swift:5
                  ViewModel [container] at App/Setup.swift:2
                """
        )
    }

    @Test(
        "container.mainActor.verify() runs @MainActor factories for real, keeps no singleton, and lists only async ones"
    )
    @MainActor
    func onMainActorVerifiesThem() throws {
        let container = makeContainer()
        let before = madeModels.withLock { $0 }
        let report = try container.mainActor.verify { samples in
            samples.provide(Detail.self, argument: 7)
        }
        #expect(
            report.verified.map(\.request.description).sorted() == [
                "API", "Detail(arguments: (Int))", "Screen", "ViewModel",
            ])
        #expect(report.asynchronous.map(\.request.description) == ["Session"])
        // The singleton's factory ran for Screen and for ViewModel itself, each in its own throwaway graph…
        #expect(madeModels.withLock { $0 } - before == 2)
        // …and nothing was kept: the first real resolve makes it.
        let model = try container.mainActor.require(ViewModel.self)
        #expect(madeModels.withLock { $0 } - before == 3)
        #expect(try container.mainActor.require(Screen.self).model === model)
    }

    @Test("container.mainActor.verify() reports a @MainActor factory's missing dependency, with its path")
    @MainActor
    func onMainActorFindsFailures() throws {
        let container = makeContainer()
        container.register(Broken.self, isolatedTo: MainActor.self) { r in Broken(missing: try r.require(Missing.self))
        }
        // Off the main actor it cannot run, so it is listed, not failed.
        let offReport = try container.verify { $0.provide(Detail.self, argument: 1) }
        #expect(offReport.asynchronous.map(\.request.description).contains("Broken"))
        let error = #expect(throws: VerificationError.self) {
            try container.mainActor.verify { $0.provide(Detail.self, argument: 1) }
        }
        #expect(error?.failures.count == 1)
        #expect(error?.failures.first?.code == .notRegistered)
        #expect(error?.failures.first?.path.map(\.description) == ["Broken", "Missing"])
    }

    @Test("A synchronous factory that depends on an async one is still a failure, on the main actor or not")
    @MainActor
    func asyncDependencyStillFails() throws {
        let container = makeContainer()
        final class Store: Sendable {
            init(session: Session) {}
        }
        container.register(Store.self) { r in Store(session: try r.require(Session.self)) }
        for verify in [{ try container.verify() }, { try container.mainActor.verify() }] {
            let error = #expect(throws: VerificationError.self) {
                _ = try verify()
            }
            #expect(error?.failures.map(\.code) == [.asyncFactory])
            #expect(error?.failures.first?.request.description == "Session")
        }
    }
}
